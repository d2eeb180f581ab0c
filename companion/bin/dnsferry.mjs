#!/usr/bin/env node
// The package's bin: the bundled command line that `pnpm -C companion build` writes to dist/. A file
// of its own, so installing the workspace links it before anything is built.
try {
  await import('../dist/dnsferry.mjs');
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dnsferry.mjs')) throw err;
  process.stderr.write('dnsferry: not built yet; run pnpm -C companion build (or pnpm dnsferry from the repository)\n');
  process.exit(2);
}
