import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNamed, type RunningNamed } from '../support/dns/named';
import { screenshot, type ExtensionBrowser } from './support/browser';
import type { CompanionStack } from './support/companion-stack';
import { PopupPage } from './support/popup-page';
import { startPairedExtension } from './support/paired';

/** What the service worker's `chrome` offers that this test reads. */
declare const chrome: { storage: Record<'local' | 'session', { get(keys: null): Promise<Record<string, unknown>> }> };

/**
 * A zone transfer as the source, in Chromium: Debian's real `named` on loopback hands the zone over
 * only to a transfer signed with its TSIG key, typed into the popup; a dry run reads the zone for the
 * review, and the migration lands it in the target account. The key's secret is never kept.
 */
let ext: ExtensionBrowser;
let stack: CompanionStack;
let named: RunningNamed;
const ZONE = 'transfer-e2e.test';
const KEY = { name: 'e2e-transfer-key', algorithm: 'hmac-sha256', secret: Buffer.alloc(32, 7).toString('base64') };
const ZONE_TEXT = `$TTL 3600
@       IN SOA ns1.${ZONE}. hostmaster.${ZONE}. 2026112801 7200 900 1209600 300
@       IN NS  ns1.${ZONE}.
@       IN A   192.0.2.70
www 300 IN CNAME ${ZONE}.
@       IN MX  10 mail.${ZONE}.
mail    IN A   192.0.2.71
ns1     IN A   192.0.2.72
`;

beforeAll(async () => {
  named = await startNamed([{ name: ZONE, text: ZONE_TEXT, allowTransfer: { key: KEY.name } }], [KEY]);
  ({ ext, stack } = await startPairedExtension());
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
  await named?.stop();
});

describe('a zone transfer as the source', () => {
  it('reads the zone from named by a TSIG-signed transfer, reviews it, and migrates it', async () => {
    const popup = await PopupPage.openAsTab(ext);
    await popup.click('source-transfer');
    await popup.type('axfr-zones', ZONE);
    await popup.type('axfr-server', '127.0.0.1');
    await popup.type('axfr-port', String(named.port));
    await popup.type('axfr-tsig-name', KEY.name);
    await popup.select('axfr-tsig-algorithm', KEY.algorithm);
    await popup.type('axfr-tsig-secret', KEY.secret);
    await popup.waitFor('axfr-ready');
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.waitFor('review-azure-unread');
    expect(await popup.text('review-azure-unread')).toContain('127.0.0.1 by a zone transfer');

    await popup.click('dry-run');
    await popup.waitFor(`review-azure-read-${ZONE}`, 60_000);
    // the apex SOA and NS are the target's own; the rest as the zone file says
    expect(await popup.reviewRows()).toEqual(
      expect.arrayContaining(['A @ 192.0.2.70', `CNAME www ${ZONE}`, `MX @ 10 mail.${ZONE}`, 'A mail 192.0.2.71', 'A ns1 192.0.2.72']),
    );
    await screenshot(popup.page, 'transfer-review');

    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    const target = stack.cloudflare.zones().find((z) => z.name === ZONE && z.accountId === stack.seed.accountId);
    expect(target).toBeDefined();
    const landed = stack.cloudflare
      .records(target!.id)
      .filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.name === ZONE))
      .map((r) => `${String(r.type)} ${String(r.name)} ${String(r.content)} ${String(r.ttl)}`);
    expect(landed.sort()).toEqual([
      `A mail.${ZONE} 192.0.2.71 3600`,
      `A ns1.${ZONE} 192.0.2.72 3600`,
      `A ${ZONE} 192.0.2.70 3600`,
      `CNAME www.${ZONE} ${ZONE} 300`,
      `MX ${ZONE} mail.${ZONE} 3600`,
    ]);

    const kept = await ext.worker!.evaluate(async () =>
      JSON.stringify([await chrome.storage.session.get(null), await chrome.storage.local.get(null)]),
    );
    expect(kept).toContain(ZONE);
    expect(kept).not.toContain(KEY.secret);
    await popup.page.close();
  });
});
