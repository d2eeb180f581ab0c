/**
 * Popup figures: the JavaScript of its first load (the built popup.html's module script and the
 * chunks it preloads or imports statically, gzip -9), and the long tasks the e2e test
 * tests/e2e/popup-performance.e2e.test.ts measured with 10,000 records (it writes them to
 * tests/artifacts/popup-performance.json; run it first, it needs Chromium).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILD = join(ROOT, 'extension/.output/chrome-mv3');
export const POPUP_PERFORMANCE_FILE = join(ROOT, 'tests/artifacts/popup-performance.json');

export interface PopupPerformance {
  records: number;
  /** Per step of the flow, the longest task seen and how many were over 50 ms. */
  steps: Array<{ step: string; longestMs: number; over50: number }>;
  measuredAt: string;
}

/** The JS files the popup loads before it can run, with their gzip sizes. */
export function popupFirstLoad(buildDir = BUILD): { files: Array<{ file: string; gzipBytes: number }>; gzipBytes: number } {
  const html = readFileSync(join(buildDir, 'popup.html'), 'utf8');
  const pending = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(buildDir, file), 'utf8');
    // static imports only (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads later
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) pending.push(join(file, '..', m[1] as string));
  }
  const files = [...seen].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(buildDir, file)), { level: 9 }).length }));
  return { files, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}

const kb = (b: number) => `${(b / 1000).toFixed(1)} kB`;

export function readPopupFigures(): string[] {
  const lines: string[] = [];
  if (existsSync(join(BUILD, 'popup.html'))) {
    const load = popupFirstLoad();
    lines.push(
      `Popup first load (built ${statSync(join(BUILD, 'popup.html')).mtime.toISOString()}): ${kb(load.gzipBytes)} of JS gzip (${load.files.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')})`,
    );
  } else {
    lines.push('Popup first load: no build in extension/.output/chrome-mv3 (pnpm -C extension build)');
  }
  if (existsSync(POPUP_PERFORMANCE_FILE)) {
    const perf = JSON.parse(readFileSync(POPUP_PERFORMANCE_FILE, 'utf8')) as PopupPerformance;
    lines.push(`Popup long tasks with ${perf.records.toLocaleString('en')} records (e2e, headless Chromium, measured ${perf.measuredAt}):`);
    for (const s of perf.steps)
      lines.push(`  ${s.step.padEnd(28)} longest ${s.longestMs.toFixed(0).padStart(4)} ms, ${s.over50} over 50 ms`);
  } else {
    lines.push('Popup long tasks: not measured yet (cd tests && npx vitest run --project e2e e2e/popup-performance.e2e.test.ts)');
  }
  return lines;
}
