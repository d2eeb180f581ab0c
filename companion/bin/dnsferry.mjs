#!/usr/bin/env node
// `dnsferry` inside the repository (`pnpm dnsferry …`, or the workspace's bin): the bundled command
// line, bundled again first only when a source is newer than the bundle. Compiling the TypeScript on
// every run took 3–9 s; the bundle answers `--help` in a fifth of a second. The npm package does not
// use this file: its bin is the bundle itself (scripts/pack.mjs).
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { COMPANION, bundle } from '../scripts/bundle.mjs';

const root = join(COMPANION, '..');
const outdir = join(COMPANION, 'dist', 'cli');
const bin = join(outdir, 'dnsferry.mjs');

/** The newest modification time under `path` (a file, or a folder walked whole). */
function newest(path) {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return 0;
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const inputs = [
  join(COMPANION, 'src'),
  join(COMPANION, 'scripts', 'bundle.mjs'),
  join(COMPANION, 'package.json'),
  join(root, 'shared', 'src'),
  join(root, 'pnpm-lock.yaml'),
];
const builtAt = existsSync(bin) ? statSync(bin).mtimeMs : 0;
if (inputs.some((input) => newest(input) > builtAt)) {
  process.stderr.write('dnsferry: the sources changed since the last bundle; bundling the command line first (once)\n');
  // Built beside and then swapped in, so a run that starts meanwhile never sees half a bundle.
  const fresh = `${outdir}.${process.pid}`;
  await bundle({ outdir: fresh, entryPoints: { dnsferry: 'src/cli/main.ts' } });
  rmSync(outdir, { recursive: true, force: true });
  renameSync(fresh, outdir);
}
await import(bin);
