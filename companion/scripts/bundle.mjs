// The companion's entry points bundled into plain ES modules: faster start and about half the memory
// of running the TypeScript sources through a loader, and nothing to install beside them (every
// dependency is inside), which is what lets the npm package carry no dependencies at all.
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The companion's folder, whatever the working directory. */
export const COMPANION = fileURLToPath(new URL('..', import.meta.url));

/** The three programs: the companion, the offline sandbox, and the command line (whose `serve` loads the companion). */
export const ENTRY_POINTS = { server: 'src/server.ts', demo: 'src/demo.ts', dnsferry: 'src/cli/main.ts' };

/**
 * The scan's wordlist is a file of a development dependency (src/scan/wordlist-text.ts reads it from
 * the installed package): the bundle holds its text instead, read here, so the built companion needs
 * neither the package nor the file at run time.
 */
const inlineWordlist = {
  name: 'inline-wordlist',
  setup(b) {
    b.onLoad({ filter: /[\\/]scan[\\/]wordlist-text\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const pkg = /name: '([^']+)', version: '[^']+', file: '([^']+)'/.exec(source);
      if (!pkg) throw new Error(`${args.path}: WORDLIST_PACKAGE not found`);
      const text = readFileSync(createRequire(import.meta.url).resolve(`${pkg[1]}/${pkg[2]}`), 'utf8');
      const constant = /export const WORDLIST_PACKAGE = [^;]+;/.exec(source)?.[0] ?? '';
      return { contents: `${constant}\nexport function wordlistText() { return ${JSON.stringify(text)}; }\n`, loader: 'ts' };
    });
  },
};

/**
 * Bundles `entryPoints` (names → sources under companion/) into `outdir`, emptied first. Each entry is
 * a `NAME.mjs`; `dnsferry.mjs` is made executable (its first line is the `#!/usr/bin/env node` of main.ts).
 */
export async function bundle({ outdir, entryPoints = ENTRY_POINTS, sourcemap = true }) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: COMPANION,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Shared code and what is imported lazily (the Azure SDK) go to chunks, loaded when first needed.
    splitting: true,
    // Non-ASCII characters escaped: V8 then holds the source as a one-byte string (half the memory).
    charset: 'ascii',
    // Without blanks and with shorter syntax (names kept, so stack traces still name functions; the
    // source maps give the lines): the largest module 1.6 -> 1.0 MB. Node reads each module into one
    // buffer, and glibc, once it frees a block that large, keeps up to twice its size unreturned in
    // each thread's arena: the compiler threads then held 10 MB at a 50,000-record migration's peak
    // (5-7 MB now); and V8 holds every source as a string (3.6 -> 2.5 MB of heap).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap,
    outExtension: { '.js': '.mjs' },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
    plugins: [inlineWordlist],
  });
  for (const file of readdirSync(outdir)) if (file.endsWith('.mjs')) asciiOnly(join(outdir, file));
  if ('dnsferry' in entryPoints) chmodSync(join(outdir, 'dnsferry.mjs'), 0o755);
}

/**
 * One character past ASCII in a file makes V8 hold that file's whole source as a two-byte string (the
 * idle companion's sources: 7 MB of heap instead of 3.5 MB). `charset: 'ascii'` escapes strings,
 * templates and identifiers, but esbuild keeps the comments before statements as they are (a dash, a
 * name in a licence) and the characters of regular expressions. Each UTF-16 unit left becomes its
 * `\uXXXX` escape, which means the same in a regular expression (a surrogate pair stays one code
 * point with the `u` flag) and is only text in a comment; the columns after it on its line move by five.
 */
function asciiOnly(file) {
  const source = readFileSync(file, 'utf8');
  const escaped = source.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== source) writeFileSync(file, escaped);
}
