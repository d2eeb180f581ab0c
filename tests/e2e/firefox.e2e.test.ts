import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { startCompanionStack, type CompanionStack } from './support/companion-stack';
import { ensureFirefoxBuilt, FIREFOX_ORIGIN, launchFirefoxWithExtension, type FirefoxWithExtension } from './support/firefox';
import { PopupPage } from './support/popup-page';

/**
 * The Firefox build (MV3) in Debian's firefox-esr. Its origin is random per installation and the
 * companion is not configured for it: pairing alone lets it in.
 */
let ff: FirefoxWithExtension;
let stack: CompanionStack;

beforeAll(async () => {
  ensureFirefoxBuilt();
  stack = await startCompanionStack({ cloudflareLatencyMs: 15, config: { batchSize: 10 } });
  expect(stack.pairingCode()).not.toBe('');
  ff = await launchFirefoxWithExtension();
  await ff.setLocalStorage({ 'dnsferry:settings': { companionUrl: stack.url, theme: 'system' } });
});

afterAll(async () => {
  await ff?.close();
  await stack?.close();
});

async function openPopup(): Promise<PopupPage> {
  const page = await ff.open('popup.html');
  await page.setViewport({ width: 760, height: 580 });
  const popup = new PopupPage(page);
  await popup.ready();
  return popup;
}

describe('the built extension in Firefox', () => {
  it('pairs with the printed code, which registers its random origin with the companion', async () => {
    // before pairing, the companion refuses this origin
    const refused = await fetch(`${stack.url}/api/target/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: FIREFOX_ORIGIN },
      body: '{}',
    });
    expect(refused.status).toBe(403);

    const popup = await openPopup();
    try {
      await popup.waitFor('pairing');
      expect(await popup.attr('companion-state', 'data-state')).toBe('unpaired');
      await screenshot(popup.page, 'ff-01-pairing');
      await popup.pair(stack.pairingCode);
      await popup.waitFor('step-source');
      expect(await popup.text('companion-state')).toBe('Companion connected');
    } finally {
      await popup.page.close();
    }
    // now the companion answers this origin (the empty body reaches the route)
    const allowed = await fetch(`${stack.url}/api/target/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: FIREFOX_ORIGIN },
      body: '{}',
    });
    expect(allowed.status).toBe(400);
  });

  it('says when the companion is not running, with the commands that start it', async () => {
    const dead = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    await ff.setLocalStorage({ 'dnsferry:settings': { companionUrl: `http://127.0.0.1:${dead}`, theme: 'system' } });
    const popup = await openPopup();
    try {
      await popup.waitFor('companion-down');
      expect(await popup.text('companion-url')).toBe(`http://127.0.0.1:${dead}`);
      expect(await popup.text('cmd-sandbox')).toBe('pnpm start');
      expect(await popup.attr('companion-state', 'data-state')).toBe('down');
      await screenshot(popup.page, 'ff-02-companion-down');
    } finally {
      await popup.page.close();
      await ff.setLocalStorage({ 'dnsferry:settings': { companionUrl: stack.url, theme: 'system' } });
    }
  });

  it('scans a domain, reviews, dry-runs, migrates, and shows the name servers', async () => {
    if (!stack.doh) throw new Error(`the test DNS server did not start: ${stack.dohError}`);
    const popup = await openPopup();
    try {
      expect(await popup.attr('companion-state', 'data-state')).toBe('up');
      await popup.type('scan-domain', 'dnsferry.test');
      await popup.click('scan-start');
      expect(await popup.waitAttr('scan-status', 'data-status', ['done', 'failed', 'interrupted'], 90_000)).toBe('done');
      const found = Number(/Found (\d+) record/.exec(await popup.text('scan-status'))?.[1]);
      expect(found).toBeGreaterThan(10);

      await popup.click('source-next');
      await popup.validateTarget(stack.seed.token);
      expect(await popup.exists('cf-ok')).toBe(true);
      await popup.select('cf-account', stack.seed.accountId);
      await popup.click('target-next');
      expect(await popup.reviewRows()).toHaveLength(found);

      await popup.click('dry-run');
      await popup.page.waitForFunction(
        // the summary shows from the zone's first event; its counts are final once it no longer says planning…
        (s) => {
          const text = document.querySelector(s)?.textContent ?? '';
          return text.includes('to create') && !text.includes('planning');
        },
        { timeout: 60_000 },
        popup.$('dry-summary'),
      );
      const toCreate = Number(/(\d+) to create/.exec(await popup.text('dry-summary'))?.[1]);
      expect(toCreate).toBeGreaterThan(0);
      expect(stack.cloudflare.zoneByName('dnsferry.test')).toBeUndefined();
      await screenshot(popup.page, 'ff-03-dry-run');

      await popup.click('migrate');
      expect(await popup.waitMigrationEnd()).toBe('done');
      await popup.waitFor('name-servers');
      const zone = stack.cloudflare.zoneByName('dnsferry.test');
      expect(zone).toBeDefined();
      expect(await popup.texts('ns-server')).toEqual(zone!.nameServers);
      const totals = await popup.totals();
      expect(totals.created).toBe(toCreate);
      expect(totals.created + totals.skipped + totals.failed).toBe(found);
      await screenshot(popup.page, 'ff-04-migration-done');
    } finally {
      await popup.page.close();
    }
  });
});
