import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/index';
import { screenshot, type ExtensionBrowser } from './support/browser';
import type { CompanionStack } from './support/companion-stack';
import { PopupPage } from './support/popup-page';
import { startPairedExtension } from './support/paired';

/**
 * Issue 28: every choice in the review happens as shown. On a zone as Cloudflare's onboarding leaves
 * it, "Replace with the source's" for `www A` and the SPF policy, "Keep both" on the rest: one run
 * carries out each choice, and the zone afterwards holds what the review's "After the run" showed.
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

const ZONE = 'choices-e2e.example';

/** What the zone answers per RRset after the run, as the review writes values: `name TYPE` → values. */
function answers(zoneId: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of stack.cloudflare.records(zoneId)) {
    if (r.type === 'NS' || r.type === 'SOA') continue;
    const fqdn = String(r.name);
    const name = fqdn === ZONE ? '@' : fqdn.slice(0, -(ZONE.length + 1));
    const value = r.type === 'MX' ? `${String(r.priority)} ${String(r.content)}` : String(r.content);
    const key = `${name} ${String(r.type)}`;
    out.set(key, [...(out.get(key) ?? []), value].sort());
  }
  return out;
}

/** What the review's "After the run" column shows for each RRset it lists. */
async function shownAfter(popup: PopupPage): Promise<Map<string, string[]>> {
  const rows = await popup.page.$$eval('[data-testid^="conflict-"][data-choice]', (els) =>
    els.map((el) => ({
      id: el.getAttribute('data-testid') ?? '',
      values: [...el.querySelectorAll('[data-testid="conflict-after"] code')].map((c) => c.textContent?.trim() ?? ''),
    })),
  );
  return new Map(rows.map((r) => [r.id.replace(/^conflict-/, '').replace(/-([A-Z]+)$/, ' $1'), r.values.sort()]));
}

describe('per-RRset choices in Chromium', () => {
  it('replaces www A and the SPF policy, keeps both elsewhere, in one run, and the zone holds what the review showed', async () => {
    const seeded = seedOnboardedZone(stack.cloudflare, { accountId: stack.seed.accountId, name: ZONE });
    const popup = await PopupPage.openAsTab(ext);
    await popup.pasteZoneFile(ZONE, sourceZoneFile(ZONE));
    await popup.throughTarget(stack.seed.token, stack.seed.accountId);
    await popup.click('dry-run');
    await popup.waitFor(`conflicts-${ZONE}`, 60_000);

    // keeping both SPF policies cannot be carried out: shown so, and Migrate waits
    const spf = popup.$('conflict-@-TXT');
    expect(await popup.attr('conflict-@-TXT', 'data-choice')).toBe('keep-both');
    expect(await popup.page.$eval(`${spf} [data-testid="conflict-refused"]`, (e) => e.textContent ?? '')).toMatch(
      /Cannot be carried out: .*second SPF record/,
    );
    expect(await popup.text('review-blocked')).toMatch(/^choices-e2e\.example: @ TXT cannot keep both/);
    expect(await popup.page.$eval(popup.$('migrate'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await screenshot(popup.page, 'choices-01-refused');

    await popup.page.click(`${popup.$('conflict-www-A')} ${popup.$('conflict-choice-replace')}`);
    await popup.page.click(`${spf} ${popup.$('conflict-choice-replace')}`);
    expect(await popup.exists('review-blocked')).toBe(false);
    const choices = await popup.page.$$eval('[data-testid^="conflict-"][data-choice]', (els) =>
      els.map((e) => `${e.getAttribute('data-testid')} ${e.getAttribute('data-choice')}`).sort(),
    );
    expect(choices).toEqual([
      'conflict-@-A keep-both',
      'conflict-@-MX keep-both',
      'conflict-@-TXT replace',
      'conflict-_dmarc-TXT keep-both',
      'conflict-mail-A keep-both',
      'conflict-www-A replace',
    ]);
    const shown = await shownAfter(popup);
    expect(shown.get('www A')).toEqual(['192.0.2.1']);
    expect(shown.get('@ TXT')).toEqual(['"v=spf1 include:new.example -all"']);
    // the mirror box stays off: the zone runs in add mode with two RRsets replaced
    expect(await popup.page.$eval(popup.$(`review-mirror-${ZONE}`), (e) => (e as HTMLInputElement).checked)).toBe(false);
    await popup.page.$eval(popup.$('conflict-@-TXT'), (e) => e.scrollIntoView({ block: 'center' }));
    await screenshot(popup.page, 'choices-02-review');

    await popup.click('migrate');
    expect(await popup.waitMigrationEnd()).toBe('done');
    expect(await popup.totals()).toEqual({ created: 2, skipped: 4, failed: 0 });
    const held = answers(seeded.id);
    for (const [rrset, values] of shown) expect(held.get(rrset), rrset).toEqual(values);
    // and the TTL and proxy stay as the target had them where both were kept
    const mail = stack.cloudflare.records(seeded.id).find((r) => r.type === 'A' && r.name === `mail.${ZONE}`);
    expect(mail?.proxied).toBe(true);

    // the Switch step expects the zone as chosen: ready
    await popup.click('to-switch');
    expect(await popup.waitAttr('cutover', 'data-status', ['done', 'failed', 'interrupted'])).toBe('done');
    expect(await popup.text('cutover-verdict')).toBe('Ready to switch');
    await popup.page.close();
  });
});
