import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README is a user's guide that fits in one sitting; the reference lives in docs/*.md, each opening
// with its table of contents. (doc-links.test.ts checks that every link of both leads somewhere.)

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The `## ` headings outside fenced code, in order. */
function sections(text: string): string[] {
  let fenced = false;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && line.startsWith('## ')) out.push(line.slice(3).trim());
  }
  return out;
}

describe('README.md', () => {
  const readme = read('README.md');

  it('is at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('walks a user through install, a first migration both ways, the two commands, troubleshooting and links', () => {
    const heads = sections(readme);
    for (const topic of [
      /^Install$/,
      /two commands/,
      /first migration in the popup/,
      /first migration from the command line/,
      /^Troubleshooting$/,
      /^More$/,
    ])
      expect(
        heads.some((h) => topic.test(h)),
        `a section matching ${topic}`,
      ).toBe(true);
  });

  it('keeps the two commands exactly as CI and users type them', () => {
    expect(readme).toMatch(/^npx -y pnpm@10\.34\.9 start\b/m);
    expect(readme).toMatch(/^npx -y pnpm@10\.34\.9 test\b/m);
  });

  it('says how to install the package and each add-on', () => {
    expect(readme).toMatch(/npm install -g \.\/dist\/dnsferry-\d+\.\d+\.\d+\.tgz/);
    expect(readme).toContain('npx dnsferry');
    expect(readme).toMatch(/dnsferry-chrome-\d+\.\d+\.\d+\.zip/);
    expect(readme).toMatch(/dnsferry-firefox-\d+\.\d+\.\d+\.zip/);
    expect(readme).toMatch(/Developer mode/);
    expect(readme).toMatch(/Load Temporary Add-on/);
    expect(readme).toMatch(/addons\.mozilla\.org/);
    expect(readme).toMatch(/Chrome Web Store/);
  });

  it('troubleshoots a companion that is not running, the pairing code, a proxy and a token without DNS permission', () => {
    const trouble = readme.slice(readme.indexOf('## Troubleshooting'));
    for (const topic of [/not running/i, /pairing code/i, /proxy/i, /DNS:Edit/]) expect(trouble).toMatch(topic);
  });

  it('links every page of docs/', () => {
    for (const doc of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))) expect(readme).toContain(`](docs/${doc})`);
  });
});

describe('docs/*.md', () => {
  for (const doc of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))) {
    it(`${doc} opens with a table of contents that lists each of its sections`, () => {
      const text = read(`docs/${doc}`);
      const heads = sections(text);
      expect(heads.length, 'sections to list').toBeGreaterThan(0);
      const top = text.slice(0, text.search(/^## /m));
      expect(top).toMatch(/^Contents:$/m);
      const listed = [...top.matchAll(/^- \[(.+)\]\(#[^)]+\)$/gm)].map((m) => m[1]);
      expect(listed).toEqual(heads);
    });
  }
});
