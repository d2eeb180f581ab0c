import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/index';
import { screenshot, type ExtensionBrowser } from './support/browser';
import type { CompanionStack } from './support/companion-stack';
import { PopupPage } from './support/popup-page';
import { startPairedExtension } from './support/paired';

/**
 * The popup's two tables as Chromium lays them out at the popup's size: the Switch step's list of
 * records that answer differently keeps its headings and types whole when long values crowd it, and
 * the review's record columns are named, the proxy checkbox's included.
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

describe('the popup’s tables in Chromium', () => {
  it('the Switch step’s differences keep headings and record types whole beside long values', async () => {
    const ZONE = 'tables.example';
    const popup = await PopupPage.openAsTab(ext);
    try {
      const host = 'a-long-host-name-for-the-newsletter';
      await popup.pasteZoneFile(
        ZONE,
        ['$TTL 600', '@ IN AAAA 2001:db8::10', '@ IN TXT "v=spf1 mx -all"', `${host} IN AAAA 2001:db8:aaaa:bbbb:cccc:dddd:eeee:1111`].join(
          '\n',
        ),
      );
      await popup.throughTarget(stack.seed.token, stack.seed.accountId);
      await popup.click('migrate');
      expect(await popup.waitMigrationEnd()).toBe('done');
      // Records added at the target since: each RRset now answers more than the zone file says.
      const zone = stack.cloudflare.zoneByName(ZONE)!;
      stack.cloudflare.addRecord(zone.id, { type: 'AAAA', name: ZONE, content: '2001:db8::99', ttl: 600 });
      stack.cloudflare.addRecord(zone.id, {
        type: 'TXT',
        name: ZONE,
        content: '"google-site-verification=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL"',
        ttl: 600,
      });
      stack.cloudflare.addRecord(zone.id, {
        type: 'AAAA',
        name: `${host}.${ZONE}`,
        content: '2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff',
        ttl: 600,
      });
      await popup.click('to-switch');
      await popup.waitAttr('cutover', 'data-status', ['done', 'failed', 'interrupted']);
      await popup.waitFor('cutover-mismatches');
      await screenshot(popup.page, 'tables-01-switch-differences');
      // How many lines each heading and type cell takes, as laid out.
      const lines = await popup.page.$$eval('[data-testid="cutover-mismatches"] :is(th, td:nth-child(2))', (cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return `${cell.textContent?.trim() ?? ''}:${tops.size}`;
        }),
      );
      expect(lines.sort()).toEqual(['AAAA:1', 'AAAA:1', 'Answered:1', 'Expected:1', 'Name:1', 'TXT:1', 'Type:1']);
    } finally {
      await popup.page.close();
    }
  });

  it('the review names its columns, the proxy checkbox’s too', async () => {
    const ZONE = 'columns.example';
    seedOnboardedZone(stack.cloudflare, { accountId: stack.seed.accountId, name: ZONE });
    const popup = await PopupPage.openAsTab(ext);
    try {
      await popup.startOver();
      await popup.pasteZoneFile(ZONE, sourceZoneFile(ZONE));
      await popup.throughTarget(stack.seed.token, stack.seed.accountId);
      await popup.click('dry-run');
      await popup.waitFor(`conflicts-${ZONE}`, 60_000);
      const heads = `review-columns-${ZONE}`;
      expect(await popup.page.$$eval(`[data-testid="${heads}"] > span`, (s) => s.map((e) => e.textContent?.trim()))).toEqual([
        'Record',
        'Value',
        'TTL',
        'Proxied',
        'Dry run',
      ]);
      await popup.page.$eval(`[data-testid="${heads}"]`, (e) => e.scrollIntoView());
      await screenshot(popup.page, 'tables-02-review-columns');
      // The "Proxied" heading stands over the proxy checkboxes.
      const over = await popup.page.evaluate((id) => {
        const heading = [...document.querySelectorAll(`[data-testid="${id}"] > span`)].find((s) => s.textContent?.trim() === 'Proxied');
        const box = document.querySelector('[data-testid="review-proxied"]');
        if (!heading || !box) return null;
        const h = heading.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return h.left <= b.left + b.width / 2 && b.left + b.width / 2 <= h.right;
      }, heads);
      expect(over).toBe(true);
    } finally {
      await popup.page.close();
    }
  });
});
