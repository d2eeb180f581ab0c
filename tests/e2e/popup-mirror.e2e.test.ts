import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/index';
import { screenshot, type ExtensionBrowser } from './support/browser';
import type { CompanionStack } from './support/companion-stack';
import { PopupPage } from './support/popup-page';
import { startPairedExtension } from './support/paired';

/**
 * Issue 18 in the popup: a zone as Cloudflare's onboarding leaves it (a stale www, a proxied mail
 * host, an old SPF policy) meets the source's zone file. The dry run shows each conflict, mirror
 * makes the target answer as the source, and "Undo this run" puts it back, leaving alone a record
 * changed since the run.
 */
let ext: ExtensionBrowser;
let stack: CompanionStack;

beforeAll(async () => {
  ({ ext, stack } = await startPairedExtension());
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
});

const ZONE = 'onboarded-e2e.example';

/** What the simulator holds for the zone, one line per record: `TYPE name content` and `proxied` when it is. */
function held(zoneId: string): string[] {
  return stack.cloudflare
    .records(zoneId)
    .filter((r) => r.type !== 'NS' && r.type !== 'SOA')
    .map((r) => `${String(r.type)} ${String(r.name)} ${String(r.content)}${r.proxied === true ? ' proxied' : ''}`)
    .sort();
}

/** Waits until `test` holds, checked each time the page's event loop turns over (no fixed sleep). */
async function until(popup: PopupPage, test: () => boolean, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await popup.page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
}

describe('conflicts, mirror and undo in Chromium', () => {
  it('shows the onboarded zone’s conflicts, mirrors it, and undoes the run in the background', async () => {
    const seeded = seedOnboardedZone(stack.cloudflare, { accountId: stack.seed.accountId, name: ZONE });
    const before = held(seeded.id);
    expect(before).toEqual(
      expect.arrayContaining([
        `A www.${ZONE} 203.0.113.9 proxied`,
        `A mail.${ZONE} 93.184.216.34 proxied`,
        `TXT ${ZONE} "v=spf1 include:old.example -all"`,
      ]),
    );

    const popup = await PopupPage.openAsTab(ext);
    await popup.pasteZoneFile(ZONE, sourceZoneFile(ZONE));
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.click('dry-run');
    await popup.waitFor(`conflicts-${ZONE}`, 60_000);
    expect(await popup.text('conflict-www-A')).toContain('the target also holds 203.0.113.9');
    expect(await popup.texts('conflict-target')).toContain('203.0.113.9');
    expect(await popup.attr('conflict-www-A', 'data-choice')).toBe('keep-both');
    expect(await popup.exists('conflict-@-TXT')).toBe(true);
    expect(await popup.exists('conflict-mail-A')).toBe(true);
    await screenshot(popup.page, '12-review-conflicts');

    // mirror: every conflict replaced, the zone sent in mirror mode
    await popup.click(`review-mirror-${ZONE}`);
    const choices = await popup.page.$$eval('[data-testid^="conflict-"][data-choice]', (els) =>
      els.map((e) => e.getAttribute('data-choice')),
    );
    expect(new Set(choices)).toEqual(new Set(['replace']));
    expect(await popup.exists(`review-prune-${ZONE}`)).toBe(true);
    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    const after = held(seeded.id);
    expect(after.filter((l) => l.startsWith(`A www.${ZONE}`))).toEqual([`A www.${ZONE} 192.0.2.1`]);
    expect(after).toContain(`A mail.${ZONE} 93.184.216.34`);
    expect(after.filter((l) => l.startsWith(`TXT ${ZONE} `))).toEqual([`TXT ${ZONE} "v=spf1 include:new.example -all"`]);
    expect(Number(await popup.text('total-removed'))).toBe(2);
    expect(Number(await popup.text('total-updated'))).toBeGreaterThan(0);
    await popup.click('log-filter-remove');
    expect(await popup.attr('log-rows', 'data-count')).toBe('2');
    await screenshot(popup.page, '13-mirror-done');

    // someone edits the new www record at Cloudflare before the undo: the undo must leave it alone
    const www = stack.cloudflare.records(seeded.id).find((r) => r.type === 'A' && r.name === `www.${ZONE}`)!;
    const patched = await fetch(`${stack.cloudflare.url}/zones/${seeded.id}/dns_records/${String(www.id)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${stack.seed.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '192.0.2.99' }),
    });
    expect(patched.status).toBe(200);

    await popup.click('migration-undo');
    await popup.waitFor('undo-confirm');
    const counts = await popup.page.$$eval('[data-testid="undo-counts"] li', (els) => els.map((e) => e.textContent?.trim()));
    expect(counts).toEqual([
      'delete the 2 records it created',
      'create again the 2 records it removed, with their content, TTL and proxy',
      'set back the 4 records whose TTL or proxy it changed',
    ]);
    await screenshot(popup.page, '14-undo-confirm');
    await popup.click('undo-confirm-button');
    // the popup closes at once: the undo goes on in the background
    await popup.page.close();

    const again = await PopupPage.openAsTab(ext);
    await again.page.waitForFunction(
      (s) => document.querySelector(s)?.textContent?.trim() === 'Undo finished',
      { timeout: 60_000 },
      again.$('migration-headline'),
    );
    expect(await again.text('undo-changed-since')).toMatch(/^1 record was left as it is: changed at Cloudflare since the run/);
    await again.click('log-filter-skip');
    expect(await again.text('log-rows')).toContain('changed at the target since the run');
    await until(again, () => held(seeded.id).includes(`TXT ${ZONE} "v=spf1 include:old.example -all"`));
    // back as before the run, apart from the record changed since
    expect(held(seeded.id)).toEqual([...before, `A www.${ZONE} 192.0.2.99`].sort());
    await screenshot(again.page, '15-undo-done');
    await again.page.close();
  });
});
