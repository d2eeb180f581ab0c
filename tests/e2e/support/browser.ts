import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { TargetType, type Browser, type Page, type WebWorker } from 'puppeteer-core';
import { EXTENSION_ID } from '@dnsferry/shared';

const HERE = dirname(fileURLToPath(import.meta.url));
export const EXTENSION_ROOT = join(HERE, '../../../extension');
export const EXTENSION_DIR = join(EXTENSION_ROOT, '.output/chrome-mv3');
export const ARTIFACTS = join(HERE, '../../artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds one flavour of the extension into `outDir` when it has no build, or a source file is newer. */
export function ensureBuilt(outDir: string, wxtArgs: string[], what: string): void {
  const manifest = join(outDir, 'manifest.json');
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= newestMtime(EXTENSION_ROOT)) return;
  // vitest sets NODE_ENV=test, which would give Vue's slower development build: test what users run
  const env = { ...process.env, NODE_ENV: 'production' };
  const res = spawnSync('npx', ['wxt', 'build', ...wxtArgs], { cwd: EXTENSION_ROOT, encoding: 'utf8', env });
  if (res.status !== 0) throw new Error(`building ${what} failed:\n${res.stdout}\n${res.stderr}`);
}

/** The Chromium flavour the e2e tests load. */
export function ensureExtensionBuilt(): void {
  ensureBuilt(EXTENSION_DIR, [], 'the extension');
}

export interface ExtensionBrowser {
  browser: Browser;
  extensionId: string;
  /** null when the browser was launched with `detachedWorker`. */
  worker: WebWorker | null;
  close(): Promise<void>;
}

/**
 * Debian's Chromium with the built extension, loaded through CDP so that puppeteer can click the
 * toolbar button (which grants activeTab, as a person's click does). `hostMap` resolves test host
 * names to loopback.
 */
export async function launchWithExtension(opts: { hostMap?: string[]; detachedWorker?: boolean } = {}): Promise<ExtensionBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does)`);
  const profile = mkdtempSync(join(tmpdir(), 'dnsferry-chromium-'));
  const rules = (opts.hostMap ?? []).map((h) => `MAP ${h} 127.0.0.1`).join(', ');
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    enableExtensions: [EXTENSION_DIR],
    pipe: true,
    defaultViewport: null,
    // A service worker puppeteer is attached to is held at start when Chrome restarts it, so a test
    // of the browser stopping the worker must leave it alone.
    ...(opts.detachedWorker ? { targetFilter: (t: { type(): string }) => t.type() !== 'service_worker' } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-component-update',
      '--enable-unsafe-extension-debugging',
      '--window-size=1100,800',
      '--screen-info={0,0 1600x1000}',
      ...(rules ? [`--host-resolver-rules=${rules}`] : []),
    ],
  });
  const close = async () => {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  };
  if (opts.detachedWorker) return { browser, extensionId: EXTENSION_ID, worker: null, close };
  const target = await browser.waitForTarget(
    (t) => t.type() === TargetType.SERVICE_WORKER && t.url().startsWith(`chrome-extension://${EXTENSION_ID}/`),
    { timeout: 20_000 },
  );
  const worker = await target.worker();
  if (!worker) throw new Error('the extension service worker has no worker handle');
  return {
    browser,
    extensionId: new URL(target.url()).host,
    worker,
    close,
  };
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const path = artifactPath(`${name}.png`) as `${string}.png`;
  await page.screenshot({ path });
  return path;
}
