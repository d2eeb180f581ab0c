import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '@dnsferry/shared';
import { ensureExtensionBuilt, launchWithExtension, screenshot, type ExtensionBrowser } from './support/browser';
import { startCompanionStack, type CompanionStack } from './support/companion-stack';
import { PopupPage, setCompanionUrl } from './support/popup-page';

let ext: ExtensionBrowser;
let stack: CompanionStack;
let site: Server;
let sitePort = 0;

/** A web page standing in for the user's site; Chromium resolves its host names to loopback. */
function startSite(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Shop</title><h1>Welcome to ${req.headers.host ?? ''}</h1>`);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  ensureExtensionBuilt();
  stack = await startCompanionStack({ cloudflareLatencyMs: 15, config: { batchSize: 10 } });
  site = await startSite();
  sitePort = (site.address() as AddressInfo).port;
  ext = await launchWithExtension({ hostMap: ['*.dnsferry.test', 'dnsferry.test'] });
  await setCompanionUrl(ext, stack.url);
});

// On failure, keep a picture of every extension page for the artifacts.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail' || !ext) return;
  const pages = (await Promise.all((await ext.browser.targets()).filter((t) => t.url().startsWith('chrome-extension://')).map((t) => t.asPage().catch(() => null)))).filter((p) => p !== null);
  for (const [i, p] of pages.entries()) await screenshot(p, `failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}-${i}`).catch(() => undefined);
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
  site?.close();
});

describe('the built extension in Chromium', () => {
  it('has the fixed id the companion allows', () => {
    expect(ext.extensionId).toBe(EXTENSION_ID);
  });

  it('says when the companion is not running, with the commands that start it', async () => {
    // a port where nothing listens
    const dead = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    await setCompanionUrl(ext, `http://127.0.0.1:${dead}`);
    const popup = await PopupPage.openAsTab(ext);
    try {
      await popup.waitFor('companion-down');
      expect(await popup.text('companion-url')).toBe(`http://127.0.0.1:${dead}`);
      expect(await popup.text('cmd-sandbox')).toBe('pnpm start');
      expect(await popup.text('cmd-real')).toBe('pnpm companion');
      await screenshot(popup.page, '01-companion-down');
    } finally {
      await popup.page.close();
      await setCompanionUrl(ext, stack.url);
    }
  });

  it('scans the current tab’s domain, reviews, dry-runs, migrates, and shows the name servers', async () => {
    if (!stack.doh) throw new Error(`the test DNS server did not start: ${stack.dohError}`);
    const page = await ext.browser.newPage();
    await page.goto(`http://shop.dnsferry.test:${sitePort}/products`);
    const popup = await PopupPage.openFromToolbar(ext, page);
    // within the popup limits, and the whole app fits without the page itself scrolling
    const [w, h, scrollH] = await popup.page.evaluate(() => [innerWidth, innerHeight, document.documentElement.scrollHeight]);
    expect(w).toBeLessThanOrEqual(800);
    expect(h).toBeLessThanOrEqual(600);
    expect(scrollH).toBeLessThanOrEqual(h!);
    expect(await popup.text('scan-proposed')).toBe('dnsferry.test');
    expect(await popup.attr('companion-state', 'data-state')).toBe('up');
    await screenshot(popup.page, '02-scan-proposed');

    await popup.click('scan-start');
    expect(await popup.waitAttr('scan-status', 'data-status', ['done', 'failed', 'interrupted'], 90_000)).toBe('done');
    const status = await popup.text('scan-status');
    const found = Number(/Found (\d+) record/.exec(status)?.[1]);
    expect(found).toBeGreaterThan(10);
    await screenshot(popup.page, '03-scan-done');

    await popup.click('source-next');
    await popup.validateTarget(stack.seed.token);
    expect(await popup.exists('cf-ok')).toBe(true);
    // two accounts: the user chooses
    await popup.select('cf-account', stack.seed.accountId);
    await screenshot(popup.page, '04-target');
    await popup.click('target-next');

    const boxes = await popup.page.$$(popup.$('review-record'));
    expect(boxes.length).toBe(found);
    await popup.click('dry-run');
    await popup.page.waitForFunction(() => !document.body.textContent?.includes('planning…') && document.querySelector('[data-testid="dry-summary"] .tag') !== null, { timeout: 60_000 });
    await popup.page.waitForFunction((s) => !document.querySelector(s)?.textContent?.includes('Planning'), { timeout: 60_000 }, popup.$('dry-run'));
    const dry = await popup.text('dry-summary');
    const toCreate = Number(/(\d+) to create/.exec(dry)?.[1]);
    expect(toCreate).toBeGreaterThan(0);
    // nothing was written by the dry run
    expect(stack.cloudflare.zoneByName('dnsferry.test')).toBeUndefined();
    await screenshot(popup.page, '05-review-dry-run');

    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    await popup.waitFor('name-servers');
    const zone = stack.cloudflare.zoneByName('dnsferry.test');
    expect(zone).toBeDefined();
    expect(await popup.texts('ns-server')).toEqual(zone!.nameServers);
    const totals = await popup.totals();
    expect(totals.created).toBe(toCreate);
    expect(totals.created + totals.skipped + totals.failed).toBe(found);
    expect(stack.cloudflare.records(zone!.id).length).toBeGreaterThanOrEqual(totals.created);
    await screenshot(popup.page, '06-migration-done');
    await popup.page.close();
    await page.close();
  });
});
