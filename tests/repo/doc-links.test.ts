import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README sends a reader to docs/*.md and back; a section renamed or a file moved must not leave a link
// that leads nowhere. Every relative link of every Markdown file we write is followed, anchors included.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set(['node_modules', '.output', '.wxt', 'dist', '.git', 'fixtures']);

function markdownFiles(dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) out.push(...markdownFiles(rel));
    } else if (entry.name.endsWith('.md')) out.push(rel);
  }
  return out.sort();
}

/** Text outside fenced code blocks and inline code, where a `[x](y)` is a link. */
function prose(text: string): string {
  return text
    .split(/^```.*$/m)
    .filter((_, i) => i % 2 === 0)
    .join('\n')
    .replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (but `-` and `_`), spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!m) continue;
    const base = anchorOf(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

describe('links between our Markdown files', () => {
  it('works out anchors as GitHub does', () => {
    expect(anchorOf('`POST /api/dns/scan` (NDJSON)')).toBe('post-apidnsscan-ndjson');
    expect(anchorOf('Sources: what each one carries')).toBe('sources-what-each-one-carries');
    expect(anchorOf('Zone transfer (AXFR)')).toBe('zone-transfer-axfr');
  });

  const files = markdownFiles();
  it('finds the README and the docs', () => {
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(3);
  });

  for (const file of files) {
    it(`${file}: every relative link leads to a file and heading that exist`, () => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const broken: string[] = [];
      for (const m of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const link = m[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:, chrome: … are not ours to follow
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURIComponent(path));
        if (!existsSync(target)) {
          broken.push(`${link} (no ${relative(ROOT, target)})`);
          continue;
        }
        if (anchor !== undefined && statSync(target).isFile() && target.endsWith('.md')) {
          if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${link} (no heading #${anchor})`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
