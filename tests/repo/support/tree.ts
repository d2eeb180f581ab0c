import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// The tree as the repository tests read it: its files, their imports, and docs/ARCHITECTURE.md's table.

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SKIP = new Set(['node_modules', '.output', '.wxt', 'dist', 'artifacts', 'fixtures', 'public', 'assets']);

/** Repo-relative POSIX paths of the files under `dir` whose names pass `keep`. */
export function walk(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const entry of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP.has(entry.name)) visit(child);
      } else if (keep(entry.name)) out.push(child);
    }
  };
  visit(dir);
  return out.sort();
}

export const isFile = (rel: string) => existsSync(join(ROOT, rel)) && statSync(join(ROOT, rel)).isFile();
export const isDir = (rel: string) => existsSync(join(ROOT, rel)) && statSync(join(ROOT, rel)).isDirectory();
export const CODE = (name: string) => /\.(ts|vue)$/.test(name) && !name.endsWith('.d.ts');

/** The script blocks of a component, or the whole file. */
export function scriptOf(file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!file.endsWith('.vue')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

/** A specifier as the workspace resolves it (tsconfig paths, package exports, WXT's `@/`), or null when external. */
export function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.'))
    base = relative(ROOT, resolve(ROOT, dirname(from), spec))
      .split(sep)
      .join('/');
  else if (spec === '@dnsferry/shared') base = 'shared/src/index';
  else if (spec.startsWith('@dnsferry/shared/')) base = `shared/src/${spec.slice('@dnsferry/shared/'.length)}`;
  else if (spec.startsWith('@dnsferry/companion/')) base = `companion/src/${spec.slice('@dnsferry/companion/'.length)}`;
  else if (/^(@|~|@@|~~)(\/|$)/.test(spec) && /^(extension|tests\/extension)\//.test(from))
    base = `extension/${spec.replace(/^[@~]{1,2}\/?/, '')}`;
  else return null;
  return [base, `${base}.ts`, `${base}.vue`, `${base}/index.ts`].find(isFile) ?? null;
}

export type Row = { paths: string[]; may: string[]; mustNot: string[] };

/**
 * The rows of docs/ARCHITECTURE.md's "Folders, and what each may import": the paths in the first
 * column, and the code spans of the "may import" and "must not import" columns.
 */
export function importTable(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Folders, and what each may import'));
  if (section === undefined) throw new Error('docs/ARCHITECTURE.md has no section "Folders, and what each may import"');
  const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\\\|/g, '|'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => line.split(/(?<!\\)\|/).slice(1, -1))
    .map((cells) => ({ paths: spans(cells[0] ?? ''), may: spans(cells[2] ?? ''), mustNot: spans(cells[3] ?? '').sort() }));
}

/** The row that covers a file: the longest of the paths that name it or a folder above it. */
export function rowOf(rows: Row[], file: string): { row: Row; path: string } | undefined {
  return rows
    .flatMap((row) => row.paths.map((path) => ({ row, path })))
    .filter(({ path }) => file === path || (path.endsWith('/') && file.startsWith(path)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
