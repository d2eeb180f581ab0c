import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CODE, importTable, resolveImport, ROOT, rowOf, scriptOf, walk, type Row } from './support/tree';

// docs/ARCHITECTURE.md's "may import" column against the code: every import of a folder is named in
// its row, and everything its row names is imported there. Each code span of the cell is one thing:
// a folder (`engine/`) or a file (`errors.ts`) of the package the row is in, `shared` and
// `shared/cpace` (the contract's two entries), a package (`fastify`, `@azure/`: every package of a
// scope), `node:` (Node's own modules), `*` (anything; inside a span, one folder: `providers/*/index.ts`).
// A row's own files need no span.

const ROOTS = ['shared/src', 'companion/src', 'extension'];

/** Where a repo path sits as the table writes it: relative to its package's source folder. */
function inPackage(path: string): string {
  if (path === 'shared/src/index.ts') return 'shared';
  if (path === 'shared/src/cpace.ts') return 'shared/cpace';
  const m = /^(?:companion\/src|extension|shared\/src)\/(.*)$/.exec(path);
  return m ? m[1]! : path;
}

/** A bare specifier's package, as a span names it (`node:` for Node's own). */
function packageOf(spec: string): string {
  if (spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]!)) return 'node:';
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Whether one span of a "may import" cell allows what an import names (`*` inside a span: one path segment). */
function allows(span: string, target: string): boolean {
  if (span === '*' || span === target) return true;
  if (span.includes('*')) return new RegExp(`^${span.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`).test(target);
  return span.endsWith('/') && target.startsWith(span);
}

export type Imports = (file: string) => { spec: string; path: string | null }[];

/** Every import against its row, and every span against the imports of its row: one sentence each. */
export function mayImportProblems(rows: Row[], files: string[], importsOf: Imports): string[] {
  const problems: string[] = [];
  const used = new Map<Row, Set<string>>(rows.map((row) => [row, new Set()]));
  const reported = new Set<string>();
  for (const file of files) {
    const match = rowOf(rows, file);
    if (match === undefined) continue; // the structure test names files without a row
    const { row } = match;
    for (const { spec, path } of importsOf(file)) {
      if (path !== null && rowOf(rows, path)?.row === row) continue;
      const target = path === null ? packageOf(spec) : inPackage(path);
      const spans = row.may.filter((span) => allows(span, target));
      for (const span of spans) used.get(row)!.add(span);
      const key = `${match.path} ${target}`;
      if (spans.length === 0 && !reported.has(key)) {
        reported.add(key);
        problems.push(`${match.path} imports \`${target}\` (${file}), which its "may import" does not name`);
      }
    }
  }
  // A span naming the row's own files describes them (`link.ts`); it needs no import.
  const own = (row: Row, span: string) => row.paths.some((path) => inPackage(path) === span || inPackage(path).endsWith(`/${span}`));
  for (const row of rows)
    for (const span of row.may)
      if (span !== '*' && !used.get(row)!.has(span) && !own(row, span))
        problems.push(`${row.paths.join(', ')} names \`${span}\`, which nothing there imports`);
  return problems;
}

const importsOf: Imports = (file) =>
  ts.preProcessFile(scriptOf(file), true, true).importedFiles.map((f) => ({ spec: f.fileName, path: resolveImport(file, f.fileName) }));

describe('docs/ARCHITECTURE.md\'s "may import" against the code', () => {
  const rows = importTable(readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8')).filter((row) => !row.paths.includes('tests/'));
  const files = ROOTS.flatMap((root) => walk(root, CODE));

  it('names what each folder imports, and nothing more', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(mayImportProblems(rows, files, importsOf), 'change the "may import" cell with the code').toEqual([]);
  });

  it('sees an import its row does not name, and a name nothing imports', () => {
    const table: Row[] = [
      { paths: ['companion/src/engine/'], may: ['shared', 'flow/', 'node:'], mustNot: [] },
      { paths: ['companion/src/flow/'], may: [], mustNot: [] },
    ];
    const graph: Record<string, string[]> = {
      'companion/src/engine/plan.ts': ['@dnsferry/shared', './ports', 'node:crypto'],
      'companion/src/engine/ports.ts': ['../flow/pool', 'fastify', '@azure/identity/x'],
      'companion/src/flow/pool.ts': [],
    };
    const paths: Record<string, string> = {
      '@dnsferry/shared': 'shared/src/index.ts',
      './ports': 'companion/src/engine/ports.ts',
      '../flow/pool': 'companion/src/flow/pool.ts',
    };
    const fake: Imports = (file) => (graph[file] ?? []).map((spec) => ({ spec, path: paths[spec] ?? null }));
    expect(mayImportProblems(table, Object.keys(graph), fake)).toEqual([
      'companion/src/engine/ imports `fastify` (companion/src/engine/ports.ts), which its "may import" does not name',
      'companion/src/engine/ imports `@azure/identity` (companion/src/engine/ports.ts), which its "may import" does not name',
    ]);
    table[0]!.may.push('@azure/', 'fastify', 'records/');
    expect(mayImportProblems(table, Object.keys(graph), fake)).toEqual([
      'companion/src/engine/ names `records/`, which nothing there imports',
    ]);
  });
});
