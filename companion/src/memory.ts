import { setFlagsFromString } from 'node:v8';

/**
 * The companion favours memory over raw speed, set here so that every way of starting it runs alike:
 * `dnsferry serve` (the npm package's bin, which takes no flags), `pnpm companion`, `pnpm start`.
 * Imported first by the entry points, before anything allocates much.
 * - `--optimize-for-size` keeps the old generation tight, at a few percent of CPU.
 * - The young generation never grows past its starting size. `--optimize-for-size` caps it only when
 *   given on the command line; set after start-up, V8 still grew it to 16 MB semi-spaces.
 * Measured on a 50,000-record migration through `dnsferry serve`, peak RSS: 112–117 MB with the first
 * alone, 98 MB with both, and 97–100 MB with `--optimize-for-size` on the command line (as `pnpm
 * companion` passed it before).
 */
setFlagsFromString('--optimize-for-size');
setFlagsFromString('--semi-space-growth-factor=1');

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
