// `pnpm -C companion build`: the companion, the sandbox and the command line bundled into dist/
// (see scripts/bundle.mjs). `node build.mjs OUTDIR` writes elsewhere than dist/ (the command-line
// tests build their own copy, so a companion running from dist/ keeps its files).
import { resolve } from 'node:path';
import { bundle } from './scripts/bundle.mjs';

await bundle({ outdir: resolve(process.argv[2] ?? 'dist') });
