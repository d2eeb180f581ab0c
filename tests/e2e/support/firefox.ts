import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { EXTENSION_ROOT, ensureBuilt } from './browser';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const FIREFOX_EXTENSION_DIR = join(EXTENSION_ROOT, '.output/firefox-mv3');
/** The gecko id in the Firefox manifest (extension/wxt.config.ts). */
const GECKO_ID = 'dnsferry@dnsferry.local';
/**
 * Firefox gives each installation a random moz-extension:// UUID; the profile's
 * `extensions.webextensions.uuids` preference fixes it, so the tests know the origin. The companion
 * is never told this origin: pairing registers it.
 */
export const FIREFOX_UUID = '3b0d7c2e-8f14-4a6b-9c55-2e7f1d0a9b63';
export const FIREFOX_ORIGIN = `moz-extension://${FIREFOX_UUID}`;

/** Builds the Firefox flavour (MV3) when there is none, or when a source file is newer. */
export function ensureFirefoxBuilt(): void {
  ensureBuilt(FIREFOX_EXTENSION_DIR, ['-b', 'firefox', '--mv3'], 'the Firefox extension');
}

export interface FirefoxWithExtension {
  browser: Browser;
  /** Opens an extension page (popup.html, options.html) in a new tab. */
  open(path: string): Promise<Page>;
  /** Writes the extension's storage.local from one of its own pages. */
  setLocalStorage(items: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

declare const browser: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };

/**
 * Debian's firefox-esr driven over WebDriver BiDi, with the built MV3 extension installed as a
 * temporary add-on. `--remote-allow-system-access` lets the automation open moz-extension:// pages.
 */
export async function launchFirefoxWithExtension(): Promise<FirefoxWithExtension> {
  if (!existsSync(FIREFOX)) throw new Error(`no Firefox at ${FIREFOX}: apt-get install -y firefox-esr (.ci/run does)`);
  const profile = mkdtempSync(join(tmpdir(), 'dnsferry-firefox-'));
  const ff = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    defaultViewport: null,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: FIREFOX_UUID }) },
  });
  const id = await ff.installExtension(FIREFOX_EXTENSION_DIR);
  if (id !== GECKO_ID) throw new Error(`Firefox installed the extension as ${id}, expected ${GECKO_ID}`);
  const open = async (path: string) => {
    const page = await ff.newPage();
    // The page loads, but BiDi does not report the load of an extension page to puppeteer.
    await page.goto(`${FIREFOX_ORIGIN}/${path}`, { waitUntil: 'domcontentloaded', timeout: 1000 }).catch((err: unknown) => {
      if (!(err instanceof Error) || !/timeout/i.test(err.message)) throw err;
    });
    await page.waitForFunction((o) => location.origin === o && document.readyState === 'complete', { timeout: 15_000 }, FIREFOX_ORIGIN);
    return page;
  };
  return {
    browser: ff,
    open,
    async setLocalStorage(items) {
      const page = await open('options.html');
      await page.evaluate(async (i) => browser.storage.local.set(i), items);
      await page.close();
    },
    async close() {
      await ff.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
