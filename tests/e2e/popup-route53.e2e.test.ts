import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, type ExtensionBrowser } from './support/browser';
import type { CompanionStack } from './support/companion-stack';
import { PopupPage } from './support/popup-page';
import { startPairedExtension } from './support/paired';

/** What the service worker's `chrome` offers that this test reads. */
declare const chrome: { storage: Record<'local' | 'session', { get(keys: null): Promise<Record<string, unknown>> }> };

/**
 * Route 53 as the source, in Chromium, against the simulator seeded as `pnpm start` seeds it: the keys
 * typed in, the hosted zones listed, one picked; a dry run reads it (aliases and a weighted pair
 * translated), and the migration lands it in the target account. The keys never reach storage.local.
 */
let ext: ExtensionBrowser;
let stack: CompanionStack;
const ZONE = 'route53-example.org';

beforeAll(async () => {
  ({ ext, stack } = await startPairedExtension());
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
});

describe('Route 53 as the source', () => {
  it('lists the hosted zones for the keys, reads the chosen one by a dry run, and migrates it', async () => {
    const { keys, zone } = stack.route53Demo;
    const popup = await PopupPage.openAsTab(ext);
    await popup.click('source-route53');
    await popup.type('r53-key-id', keys.accessKeyId);
    await popup.type('r53-secret', keys.secretAccessKey);
    await popup.click('r53-connect');
    // the private zone of the account is not offered: it is not public DNS
    await popup.waitFor(`r53-zone-${ZONE}`);
    expect(await popup.text('r53-selected')).toBe('0 of 1 chosen · 0 record sets');
    await popup.click(`r53-zone-${ZONE}`);
    await screenshot(popup.page, 'route53-source');
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.waitFor('review-azure-unread');
    expect(await popup.text('review-azure-unread')).toContain('read from Route 53 during the migration');

    const before = stack.route53.requests.length;
    await popup.click('dry-run');
    await popup.waitFor(`review-azure-read-${ZONE}`, 60_000);
    expect(await popup.reviewRows()).toEqual(
      expect.arrayContaining([
        'A api 198.51.100.10',
        'A api 198.51.100.11',
        'A app 198.51.100.20',
        'A origin 198.51.100.20',
        'CNAME www d3abcdefgh1234.cloudfront.net',
        `CNAME * www.${ZONE}`,
        'MX @ 10 mx1.mail.example.net',
        'MX @ 20 mx2.mail.example.net',
      ]),
    );
    // the zone was sent with its hosted zone id: read without listing the account's zones again
    const read = stack.route53.requests.slice(before).map((r) => r.url);
    expect(read.some((u) => u.startsWith(`/2013-04-01/hostedzone/${zone.id}/rrset`))).toBe(true);
    expect(read.filter((u) => u.startsWith('/2013-04-01/hostedzone?'))).toEqual([]);
    await screenshot(popup.page, 'route53-review');

    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    const target = stack.cloudflare.zones().find((z) => z.name === ZONE && z.accountId === stack.seed.accountId);
    expect(target).toBeDefined();
    const landed = stack.cloudflare
      .records(target!.id)
      .filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.name === ZONE))
      .map((r) => `${String(r.type)} ${String(r.name)} ${String(r.content)} ${String(r.ttl)}`);
    expect(landed.sort()).toEqual([
      `A api.${ZONE} 198.51.100.10 60`,
      `A api.${ZONE} 198.51.100.11 60`,
      `A app.${ZONE} 198.51.100.20 300`,
      `A origin.${ZONE} 198.51.100.20 300`,
      `CNAME *.${ZONE} www.${ZONE} 300`,
      `CNAME www.${ZONE} d3abcdefgh1234.cloudfront.net 1`,
      `MX ${ZONE} mx1.mail.example.net 3600`,
      `MX ${ZONE} mx2.mail.example.net 3600`,
      `TXT ${ZONE} "v=spf1 include:_spf.mail.example.net -all" 300`,
    ]);

    const local = await ext.worker!.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
    expect(local).not.toContain(keys.secretAccessKey);
    expect(local).not.toContain(keys.accessKeyId);
    await popup.page.close();
  });
});
