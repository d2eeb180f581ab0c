import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CODE, importTable, isDir, isFile, resolveImport, ROOT, rowOf, scriptOf, walk, type Row } from './support/tree';

// The house rules that a reviewer used to remember (CONTRIBUTING.md, "Tests"; docs/ARCHITECTURE.md, "Folders,
// and what each may import"), checked on the tree as it is.

// ---------------------------------------------------------------------------------------------------------------
// The top level

/**
 * What the repository's top level holds: the workspace's packages, their configuration, the user and
 * contributor docs and CI. A script or a folder of its own goes inside the package it serves
 * (`pnpm package` is `companion/scripts/package.mjs`), so a reader finds every piece under one of four names.
 */
const TOP_LEVEL = new Set([
  'extension',
  'companion',
  'shared',
  'tests',
  'docs',
  '.ci',
  'package.json',
  'pnpm-workspace.yaml',
  'pnpm-lock.yaml',
  'tsconfig.json',
  'eslint.config.js',
  'README.md',
  'CONTRIBUTING.md',
  '.editorconfig',
  '.gitignore',
  '.prettierignore',
  '.prettierrc.json',
]);

describe('the top level', () => {
  it('holds only the fixed layout: files git tracks or would add, ignored ones (node_modules, dist) aside', () => {
    // --others --exclude-standard: a new folder counts before it is committed, as `git add` would take it.
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
    const top = new Set(
      listed
        .split('\0')
        .filter((path) => path !== '')
        .map((path) => path.split('/')[0] ?? path),
    );
    expect([...top].filter((name) => !TOP_LEVEL.has(name)).sort(), 'move it into extension/, companion/, shared/ or tests/').toEqual([]);
    expect([...TOP_LEVEL].filter((name) => !top.has(name)).sort(), 'names the layout lists that are gone: drop them').toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Where a test sits

/** A test under the key mirrors the source under the value: tests/companion/engine/plan.test.ts → companion/src/engine/plan.ts. */
const MIRRORS: Record<string, string> = {
  'tests/companion/': 'companion/src/',
  'tests/shared/': 'shared/src/',
  'tests/extension/': 'extension/',
};

/** Folders whose tests are named by the behaviour they check, not by a source file: why each cannot mirror one. */
const BEHAVIOUR_FOLDERS: Record<string, string> = {
  'tests/e2e/': 'the built extension in Chromium and Firefox against the companion: whole journeys through every layer',
  'tests/companion/security/': 'hostile bodies and hostile upstreams thrown at every route at once',
  'tests/companion/soak/': 'long runs through the whole app, watching memory, sockets and timers',
  'tests/companion/sandbox/': 'a simulator is tested by the provider behaviour it copies (auth, pagination, batch, faults, DNS answers)',
  'tests/companion/package/': 'what a user downloads: the npm tarball installed in an empty prefix and run, the add-on zips',
  'tests/companion/support/':
    'the test harness (tests/support/, the in-memory target) and its tests, in the project that starts its DNS servers',
  'tests/companion/bench/': 'the arithmetic of the benches (tests/bench/), which are run by hand and mirror no product source',
  'tests/repo/': 'the tree as a whole: where tests sit, the import graph, the docs against the lint config',
  'tests/setup/': 'what a fresh clone needs before the first test (the Debian packages), checked by a plain Node script',
};

/**
 * The source a test mirrors, or null. `x.test.ts` mirrors `x.ts` or `x.vue` at the same path under the source root,
 * or the folder `x/` when it tests the folder as a whole (tests/shared/records/types.test.ts → records/types/).
 * `x-variant.test.ts` mirrors `x` the same way: the variant names the behaviour (operations/migrate-mirror.test.ts).
 */
function mirroredSource(test: string): string | null {
  const prefix = Object.keys(MIRRORS).find((p) => test.startsWith(p));
  if (prefix === undefined || !test.endsWith('.test.ts')) return null;
  const rest = test.slice(prefix.length, -'.test.ts'.length);
  const folder = `${MIRRORS[prefix]}${rest.includes('/') ? rest.slice(0, rest.lastIndexOf('/') + 1) : ''}`;
  let stem = rest.slice(rest.lastIndexOf('/') + 1);
  for (;;) {
    for (const candidate of [`${folder}${stem}.ts`, `${folder}${stem}.vue`]) if (isFile(candidate)) return candidate;
    if (isDir(`${folder}${stem}`)) return `${folder}${stem}/`;
    const cut = stem.lastIndexOf('-');
    if (cut <= 0) return null;
    stem = stem.slice(0, cut);
  }
}

/** The source at exactly the mirrored path (no variant, no folder): the figure the house rule is measured by. */
function exactMirror(test: string): boolean {
  const source = mirroredSource(test);
  const stem = test.slice(test.lastIndexOf('/') + 1, -'.test.ts'.length);
  return source !== null && (source.endsWith(`/${stem}.ts`) || source.endsWith(`/${stem}.vue`));
}

describe('where test files sit', () => {
  const tests = walk('tests', (name) => name.endsWith('.test.ts'));
  const behaviour = (test: string) => Object.keys(BEHAVIOUR_FOLDERS).some((folder) => test.startsWith(folder));

  it('every test file mirrors a source path or sits in a named behaviour folder', () => {
    const offenders = tests.filter((test) => mirroredSource(test) === null && !behaviour(test));
    const exact = tests.filter(exactMirror).length;
    const variants = tests.filter((test) => mirroredSource(test) !== null).length - exact;
    console.info(
      `${tests.length} test files: ${exact} at the mirrored path, ${variants} variants or folders, ${tests.length - exact - variants} by behaviour`,
    );
    expect(offenders, 'test files that mirror no source and sit in no behaviour folder (CONTRIBUTING.md, "Tests")').toEqual([]);
  });

  it('each behaviour folder exists and holds tests that mirror nothing', () => {
    const stale = Object.keys(BEHAVIOUR_FOLDERS).filter((folder) => !tests.some((t) => t.startsWith(folder) && mirroredSource(t) === null));
    expect(stale, 'behaviour folders with no test of their own kind: drop them from the list').toEqual([]);
  });

  it('reads the rule as written', () => {
    expect(mirroredSource('tests/companion/engine/plan.test.ts')).toBe('companion/src/engine/plan.ts');
    expect(mirroredSource('tests/companion/operations/migrate-mirror.test.ts')).toBe('companion/src/operations/migrate.ts');
    expect(mirroredSource('tests/shared/records/types.test.ts')).toBe('shared/src/records/types/');
    expect(mirroredSource('tests/companion/engine/nothing-here.test.ts')).toBeNull();
    expect(mirroredSource('tests/e2e/popup.e2e.test.ts')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// No import cycles, type-only imports included (import-x/no-cycle skips those)

const GRAPH_ROOTS = ['shared/src', 'companion/src', 'companion/scripts', 'extension', 'tests'];

/** Every cycle of the import graph, one path per strongly connected component (Tarjan). */
function importCycles(files: string[], importsOf: (file: string) => string[]): string[][] {
  const edges = new Map(files.map((f) => [f, importsOf(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const f of files) if (!index.has(f)) connect(f);
  // One concrete loop per component, to print: walk from its first file until a file repeats.
  return components.map((component) => {
    const inside = new Set(component);
    const path = [component.sort()[0]!];
    for (;;) {
      const next = (edges.get(path.at(-1)!) ?? []).find((w) => inside.has(w))!;
      const seen = path.indexOf(next);
      if (seen >= 0) return [...path.slice(seen), next];
      path.push(next);
    }
  });
}

describe('the import graph', () => {
  it('has no cycles, type-only imports included', () => {
    const files = GRAPH_ROOTS.flatMap((root) => walk(root, CODE));
    const known = new Set(files);
    const importsOf = (file: string) =>
      ts
        .preProcessFile(scriptOf(file), true, true)
        .importedFiles.map((f) => resolveImport(file, f.fileName))
        .filter((target): target is string => target !== null && known.has(target));
    expect(files.length).toBeGreaterThan(300);
    const cycles = importCycles(files, importsOf).map((loop) => loop.join(' → '));
    expect(cycles, 'a type two modules both need goes into a third one that both import').toEqual([]);
  });

  it('finds every loop, and reads type-only imports and re-exports', () => {
    const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(importCycles(Object.keys(graph), (f) => graph[f] ?? [])).toEqual([['a', 'b', 'c', 'a']]);
    expect(importCycles(['x'], () => ['x'])).toEqual([['x', 'x']]);
    const lone = ts.preProcessFile("import type { A } from './a';\nexport type { B } from './b';\n// import './c'\n", true, true);
    expect(lone.importedFiles.map((f) => f.fileName)).toEqual(['./a', './b']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// docs/ARCHITECTURE.md's "must not import" column against eslint.config.js

/** The same matchers import-x's no-restricted-paths uses, so a target glob means here what it means to the linter. */
const fromImportX = createRequire(join(realpathSync(join(ROOT, 'node_modules/eslint-plugin-import-x')), 'package.json'));
const { Minimatch } = fromImportX('minimatch') as { Minimatch: new (glob: string, opts: object) => { match(path: string): boolean } };
const isGlob = fromImportX('is-glob') as (s: string) => boolean;

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const isOn = (setting: unknown) => ![0, 'off', undefined].includes(asList(setting)[0] as string | number | undefined);

/** What the lint config refuses in `file`, as the table writes it: a folder `x/`, a file, a package, a glob, a /regex/. */
function lintForbids(file: string, config: unknown): string[] {
  const rules = record(record(config).rules);
  const out: string[] = [];
  const paths = rules['import-x/no-restricted-paths'];
  if (isOn(paths)) {
    const options = record(asList(paths)[1]);
    const basePath = typeof options.basePath === 'string' ? options.basePath : ROOT;
    for (const zone of asList(options.zones).map(record)) {
      const applies = asList(zone.target).some((target) => {
        const absolute = resolve(basePath, String(target));
        return isGlob(absolute)
          ? new Minimatch(absolute, { windowsPathsNoEscape: true }).match(join(ROOT, file))
          : !relative(absolute, join(ROOT, file)).startsWith('..');
      });
      if (applies) for (const from of asList(zone.from).map(String)) out.push(isDir(from) ? `${from}/` : from);
    }
  }
  const imports = rules['no-restricted-imports'];
  if (isOn(imports)) {
    for (const option of asList(imports).slice(1)) {
      if (typeof option === 'string') out.push(option);
      for (const p of asList(record(option).paths)) out.push(typeof p === 'string' ? p : String(record(p).name));
      for (const p of asList(record(option).patterns)) {
        if (typeof p === 'string') out.push(p);
        else {
          const { group, regex } = record(p);
          out.push(...asList(group).map(String));
          if (typeof regex === 'string') out.push(`/${regex}/`);
        }
      }
    }
  }
  // A folder already refused covers what lies inside it (the sandbox inside the companion, for the extension).
  return [...new Set(out)].filter((item) => !out.some((other) => other !== item && other.endsWith('/') && item.startsWith(other))).sort();
}

describe('docs/ARCHITECTURE.md against eslint.config.js', () => {
  it('each folder\'s "must not import" is what the linter refuses there, and every source file has its row', async () => {
    const rows = importTable(readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8'));
    const eslint = new ESLint({ cwd: ROOT });
    const problems: string[] = [];
    for (const row of rows) for (const p of row.paths) if (!isFile(p) && !isDir(p)) problems.push(`the row ${p} names nothing on disk`);
    const reported = new Set<string>();
    for (const file of ['shared/src', 'companion/src', 'extension', 'tests'].flatMap((root) => walk(root, CODE))) {
      const match = rowOf(rows, file);
      if (match === undefined) {
        problems.push(`no row covers ${file}`);
        continue;
      }
      const lint = lintForbids(file, await eslint.calculateConfigForFile(join(ROOT, file)));
      const key = `${match.path} ${lint.join(' ')}`;
      if (lint.join(' ') !== match.row.mustNot.join(' ') && !reported.has(key)) {
        reported.add(key);
        problems.push(
          `${match.path} (as for ${file}): the linter refuses ${lint.map((s) => `\`${s}\``).join(', ') || '—'}; the table says ${match.row.mustNot.map((s) => `\`${s}\``).join(', ') || '—'}`,
        );
      }
    }
    expect(problems, 'change the table and eslint.config.js together').toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// docs/ARCHITECTURE.md against the tree: every folder of the companion has its row, every provider is in the diagram

/** The paths of the table's rows that name a folder (`x/`). */
const tableFolders = (rows: Row[]) => rows.flatMap((row) => row.paths).filter((path) => path.endsWith('/'));

/** The folders the table must name: each folder of companion/src and each provider's folder. */
function companionFolders(): string[] {
  const dirs = (rel: string) =>
    readdirSync(join(ROOT, rel), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${rel}/${entry.name}/`);
  return [...dirs('companion/src'), ...dirs('companion/src/providers')].sort();
}

/** The providers the diagram of "How data flows" names (`providers/<name>/`). */
function diagramProviders(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('How data flows')) ?? '';
  const diagram = [...section.matchAll(/^```\n([\s\S]*?)^```/gm)].map((m) => m[1]).join('\n');
  return [...new Set([...diagram.matchAll(/providers\/([a-z0-9-]+)\//g)].map((m) => m[1]!))].sort();
}

/** What is wrong between the table, the diagram and the tree, one sentence each. */
function docsAgainstTree(markdown: string, folders: string[], providers: string[]): string[] {
  const rows = importTable(markdown);
  const listed = tableFolders(rows);
  const drawn = diagramProviders(markdown);
  return [
    ...folders.filter((folder) => !listed.includes(folder)).map((folder) => `${folder} has no row in the table`),
    ...listed.filter((folder) => !isDir(folder)).map((folder) => `the row ${folder} names no folder on disk`),
    ...providers.filter((name) => !drawn.includes(name)).map((name) => `the diagram does not name providers/${name}/`),
    ...drawn.filter((name) => !providers.includes(name)).map((name) => `the diagram names providers/${name}/, which does not exist`),
  ];
}

describe('docs/ARCHITECTURE.md against the tree', () => {
  const markdown = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const folders = companionFolders();
  const providers = folders
    .map((folder) => /^companion\/src\/providers\/([^/]+)\/$/.exec(folder)?.[1])
    .filter((name): name is string => name !== undefined);

  it('names every folder of the companion (each provider too) in the table, and every provider in the diagram', () => {
    expect(providers.length).toBeGreaterThanOrEqual(4);
    expect(
      docsAgainstTree(markdown, folders, providers),
      'docs/ARCHITECTURE.md: a row for each folder, a line of the diagram for each provider',
    ).toEqual([]);
  });

  it('keeps the providers side by side, below the engine and the front doors (whatever the table says)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const forbids = async (file: string) => lintForbids(file, await eslint.calculateConfigForFile(join(ROOT, file)));
    const above = ['http/', 'operations/', 'cli/', 'app.ts', 'server.ts'].map((p) => `companion/src/${p}`);
    const problems: string[] = [];
    for (const name of providers) {
      const refused = await forbids(`companion/src/providers/${name}/index.ts`);
      const missing = [...providers.filter((other) => other !== name).map((other) => `companion/src/providers/${other}/`), ...above].filter(
        (path) => !refused.includes(path),
      );
      if (missing.length > 0) problems.push(`providers/${name}/ may import ${missing.join(', ')}`);
      if (refused.includes(`companion/src/providers/${name}/`)) problems.push(`providers/${name}/ may not import itself`);
    }
    if (!(await forbids('companion/src/engine/plan.ts')).includes('companion/src/providers/'))
      problems.push('the engine may import a provider');
    expect(problems, 'eslint.config.js: a provider imports no other provider and nothing above it; the engine no provider').toEqual([]);
  });

  it('sees a folder without its row, a row without its folder and a provider missing from the diagram', () => {
    const without = (text: string, line: string) => {
      expect(text).toContain(line);
      return text.replace(line, '');
    };
    const lineOf = (path: string) => markdown.split('\n').find((line) => line.startsWith(`| \`${path}\``))! + '\n';
    expect(docsAgainstTree(without(markdown, lineOf('companion/src/flow/')), folders, providers)).toEqual([
      'companion/src/flow/ has no row in the table',
    ]);
    expect(docsAgainstTree(without(markdown, lineOf('companion/src/providers/axfr/')), folders, providers)).toEqual([
      'companion/src/providers/axfr/ has no row in the table',
    ]);
    const ghost = markdown.replace('| `companion/src/flow/` |', '| `companion/src/flow/`, `companion/src/gone/` |');
    expect(docsAgainstTree(ghost, folders, providers)).toEqual(['the row companion/src/gone/ names no folder on disk']);
    const undrawn = markdown.replace(/^.*providers\/axfr\/ {2,}.*$/m, '');
    expect(docsAgainstTree(undrawn, folders, providers)).toEqual(['the diagram does not name providers/axfr/']);
    expect(docsAgainstTree(markdown, [...folders, 'companion/src/providers/bind/'], [...providers, 'bind'])).toEqual([
      'companion/src/providers/bind/ has no row in the table',
      'the diagram does not name providers/bind/',
    ]);
    expect(
      docsAgainstTree(
        markdown,
        folders,
        providers.filter((name) => name !== 'axfr'),
      ),
    ).toEqual(['the diagram names providers/axfr/, which does not exist']);
  });
});
