import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, type ExtensionBrowser } from './support/browser';
import type { CompanionStack } from './support/companion-stack';
import { PopupPage } from './support/popup-page';
import { startPairedExtension } from './support/paired';

/**
 * The fifth step: after a migration, the popup checks each zone at the simulator's name servers and
 * says whether its name servers can be switched; once the delegation is switched, "Check again" asks
 * the target to activate the zone.
 */
let ext: ExtensionBrowser;
let stack: CompanionStack;

beforeAll(async () => {
  ({ ext, stack } = await startPairedExtension({ cutover: true }));
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
});

const ZONE = 'switch-example.com';

describe('the Switch step in Chromium', () => {
  it('checks a migrated zone, lists what to set, and turns it active after the delegation switches', async () => {
    const popup = await PopupPage.openAsTab(ext);
    try {
      await popup.pasteZoneFile(
        ZONE,
        ['$TTL 600', '@ IN A 192.0.2.10', 'www IN CNAME @', '@ IN MX 10 mail', 'mail IN A 192.0.2.25', '@ IN TXT "v=spf1 mx -all"'].join(
          '\n',
        ),
      );
      await popup.throughTarget(stack.seed.token, stack.seed.accountId);
      await popup.click('migrate');
      expect(await popup.waitMigrationEnd()).toBe('done');

      await popup.click('to-switch');
      expect(await popup.waitAttr('cutover', 'data-status', ['done', 'failed', 'interrupted'])).toBe('done');
      const zone = stack.cloudflare.zoneByName(ZONE)!;
      const card = `cutover-${ZONE}`;
      expect(await popup.attr(card, 'data-ready')).toBe('true');
      expect(await popup.text('cutover-verdict')).toBe('Ready to switch');
      expect(await popup.text('cutover-parity')).toContain('5/5');
      expect(await popup.text('cutover-dnssec')).toContain('fine');
      expect(await popup.texts('cutover-ns-server')).toEqual(zone.nameServers);
      expect(await popup.text('cutover-delegation')).toContain('not switched yet');
      expect(await popup.text('cutover-target-status')).toBe('pending');
      expect(await popup.attr('step-switch', 'aria-selected')).toBe('true');
      await screenshot(popup.page, 'switch-01-ready');

      // the person sets the name servers at the registrar
      stack.cloudflare.setDelegation(ZONE, zone.nameServers);
      await popup.click('cutover-again');
      await popup.page.waitForFunction(
        (s) => document.querySelector(s)?.textContent === 'active',
        { timeout: 30_000 },
        popup.$('cutover-target-status'),
      );
      expect(await popup.text('cutover-delegation')).toContain('switched to these name servers');
      expect(await popup.text('cutover-message')).toMatch(/^Done:/);
      await screenshot(popup.page, 'switch-02-active');
    } finally {
      await popup.page.close();
    }

    // a popup opened later finds the report the background kept
    const again = await PopupPage.openAsTab(ext);
    try {
      await again.click('step-switch');
      expect(await again.text('cutover-target-status')).toBe('active');
      expect(await again.text('cutover-verdict')).toBe('Ready to switch');

      // the run is undone: the records are gone, and the Switch step never says "Ready" from before
      await again.click('step-migrate');
      await again.click('migration-undo');
      await again.click('undo-confirm-button');
      await again.page.waitForFunction(
        (s) => document.querySelector(s)?.textContent?.trim() === 'Undo finished',
        { timeout: 60_000 },
        again.$('migration-headline'),
      );
      expect(await again.text('step-switch')).toContain('out of date');
      await again.click('step-switch');
      const verdicts: string[] = [];
      for (;;) {
        verdicts.push(await again.page.$eval(again.$('cutover'), (e) => e.textContent ?? ''));
        if ((await again.attr('cutover', 'data-status')) === 'done' && (await again.exists('cutover-verdict'))) {
          if ((await again.text('cutover-verdict')) !== 'Out of date') break;
        }
        await again.page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
      }
      expect(verdicts.filter((v) => v.includes('Ready to switch'))).toEqual([]);
      expect(await again.text('cutover-verdict')).toBe('Not yet');
      expect(await again.text('cutover-parity')).toContain('0/5');
      await screenshot(again.page, 'switch-03-after-undo');
    } finally {
      await again.page.close();
    }
  });
});
