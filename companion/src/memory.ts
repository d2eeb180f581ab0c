import { setFlagsFromString } from 'node:v8';

/**
 * The companion favours memory over raw speed: V8's `--optimize-for-size` keeps the young
 * generation small and the heap tight, at a few percent of CPU. Measured on a 50,000-record
 * migration: peak RSS 164 MB without it, 119 MB with the flag on the command line (as `pnpm
 * companion` and `pnpm start` pass it), 135 MB when only set here at start-up, for 4 % more wall
 * time. Set here too so that `node companion/dist/server.mjs` gets it. Imported first by the
 * entry points, before anything allocates much.
 */
if (!process.execArgv.includes('--optimize-for-size')) setFlagsFromString('--optimize-for-size');

/**
 * undici reads HTTP answers with llhttp compiled to WebAssembly. V8 compiles it with its baseline
 * compiler, then again with TurboFan on a background thread once it is hot: that second compile of
 * llhttp's state machine took 30 MB of compiler memory at once, a quarter of the companion's peak in
 * a 50,000-record migration (peak RSS 117 -> 109 MB without it). The baseline code reads the few
 * hundred answers of a migration, or the questions of a scan, fast enough. Set before undici
 * compiles llhttp, on its first request.
 */
setFlagsFromString('--no-wasm-dynamic-tiering');
setFlagsFromString('--no-wasm-tier-up');
