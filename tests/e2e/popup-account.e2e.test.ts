import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureExtensionBuilt, launchWithExtension, screenshot, type ExtensionBrowser } from './support/browser';
import { startCompanionStack, type CompanionStack } from './support/companion-stack';
import { pairExtension, PopupPage, setCompanionUrl } from './support/popup-page';

/** What the service worker's `chrome` offers that this test reads. */
declare const chrome: { storage: Record<'local' | 'session', { get(keys: null): Promise<Record<string, unknown>> }> };

/**
 * Another Cloudflare account as the source, in Chromium: the zone is read there with that account's
 * token by a dry run, reviewed record by record, and lands in the target account as it was (proxied
 * web hosts, DNS-only mail), with the token never kept in the extension's storage.
 */
let ext: ExtensionBrowser;
let stack: CompanionStack;
const ZONE = 'agency-moved.example';
const AGENCY_TOKEN = 'e2eOldAgencyToken00000000000000000000001';

beforeAll(async () => {
  ensureExtensionBuilt();
  stack = await startCompanionStack();
  const agency = stack.cloudflare.addAccount({ name: 'Old Agency' });
  stack.cloudflare.addToken({ value: AGENCY_TOKEN, accountIds: [agency.id] });
  const zone = stack.cloudflare.addZone({ accountId: agency.id, name: ZONE });
  for (const rec of [
    { type: 'A', name: ZONE, content: '192.0.2.60', ttl: 1, proxied: true },
    { type: 'CNAME', name: `www.${ZONE}`, content: ZONE, ttl: 1, proxied: true },
    { type: 'MX', name: ZONE, content: `mail.${ZONE}`, priority: 10, ttl: 3600 },
    { type: 'A', name: `mail.${ZONE}`, content: '192.0.2.61', ttl: 3600 },
  ])
    stack.cloudflare.addRecord(zone.id, rec);
  ext = await launchWithExtension();
  await setCompanionUrl(ext, stack.url);
  await pairExtension(ext, stack.pairingCode);
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
});

describe('another Cloudflare account as the source', () => {
  it('reads the zone there by a dry run, reviews it, and moves it to the target account, proxying kept', async () => {
    const popup = await PopupPage.openAsTab(ext);
    await popup.click('source-account');
    await popup.type('cf-source-zones', ZONE);
    await popup.type('cf-source-token', AGENCY_TOKEN);
    await popup.waitFor('cf-source-ready');
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.waitFor('review-azure-unread');
    expect(await popup.text('review-azure-unread')).toContain('the other Cloudflare account');

    await popup.click('dry-run');
    await popup.waitFor(`review-azure-read-${ZONE}`, 60_000);
    expect(await popup.reviewRows()).toEqual(
      expect.arrayContaining(['A @ 192.0.2.60', `CNAME www ${ZONE}`, `MX @ 10 mail.${ZONE}`, 'A mail 192.0.2.61']),
    );
    await screenshot(popup.page, 'account-review');

    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    const target = stack.cloudflare.zones().find((z) => z.name === ZONE && z.accountId === stack.seed.accountId);
    expect(target).toBeDefined();
    const landed = stack.cloudflare
      .records(target!.id)
      .filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.name === ZONE))
      .map((r) => `${String(r.type)} ${String(r.name)} ${String(r.proxied)}`);
    expect(landed.sort()).toEqual([`A ${ZONE} true`, `A mail.${ZONE} false`, `CNAME www.${ZONE} true`, `MX ${ZONE} false`]);

    const kept = await ext.worker!.evaluate(async () =>
      JSON.stringify([await chrome.storage.session.get(null), await chrome.storage.local.get(null)]),
    );
    expect(kept).toContain(ZONE);
    expect(kept).not.toContain(AGENCY_TOKEN);
    await popup.page.close();
  });
});
