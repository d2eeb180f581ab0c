import { beforeEach, describe, expect, it } from 'vitest';
import { sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { MemoryTarget, addOnboardedZone } from '../support/memory-target';
import { conflicts, messages, runMigrate, zoneComplete } from '../support/engine-run';

/**
 * A run's per-RRset choices (`zones[].rrsets`): the dry run tells what each listed RRset will answer,
 * and the run leaves the zone exactly so. (The cases of the choices themselves are the planner's:
 * plan-choices.test.ts; how the body's list is refused: tests/companion/operations/migrate-choices.test.ts.)
 */
let target: MemoryTarget;
const ZONE = 'onboarded.example';
beforeEach(() => {
  target = new MemoryTarget();
  addOnboardedZone(target, ZONE);
});

const told = (events: Parameters<typeof conflicts>[0]) => conflicts(events).map((e) => e.conflict);

describe('migrate with rrsets', () => {
  it('replaces www A and the SPF policy and keeps both elsewhere, in one run, as the dry run said', async () => {
    const zone = {
      name: ZONE,
      zoneFile: sourceZoneFile(ZONE),
      rrsets: [
        { name: 'www', type: 'A', action: 'replace' },
        { name: '@', type: 'TXT', action: 'replace' },
        { name: 'mail', type: 'A', action: 'keep' },
      ],
    };
    const before = target.lines(ZONE);
    const dry = await runMigrate(target, { dryRun: true, zones: [zone] });
    expect(target.lines(ZONE)).toEqual(before);
    const byName = Object.fromEntries(told(dry).map((c) => [`${c?.name} ${c?.type}`, c]));
    expect(byName['www A']).toMatchObject({ action: 'replace', target: ['203.0.113.9'], after: ['192.0.2.1'] });
    expect(byName['@ TXT']).toMatchObject({ action: 'replace', after: ['"v=spf1 include:new.example -all"'] });
    expect(byName['@ TXT']?.bothRefused).toMatch(/second SPF record/);
    expect(byName['mail A']).toMatchObject({ action: 'keep', after: ['93.184.216.34'] });
    expect(byName['_dmarc TXT']).toMatchObject({ action: 'add' });

    const run = await runMigrate(target, { zones: [zone] });
    expect(told(run)).toEqual(told(dry));
    // www and the SPF policy as the source says; the rest as the target had it (proxy and TTL 1 kept)
    expect(target.lines(ZONE)).toEqual([
      'A mail.onboarded.example 93.184.216.34 1 proxied',
      'A onboarded.example 192.0.2.1 1 proxied',
      'A www.onboarded.example 192.0.2.1 300',
      'MX onboarded.example mail.onboarded.example 1',
      'TXT _dmarc.onboarded.example "v=DMARC1; p=none" 1',
      'TXT onboarded.example "v=spf1 include:new.example -all" 300',
    ]);
    expect(zoneComplete(run, ZONE)).toMatchObject({ created: 2, updated: 0, skipped: 4, failed: 0, removed: 2 });
    expect(
      zoneComplete(run, ZONE)
        .undo?.removed.map((r) => `${r.record.name} ${r.record.type}`)
        .sort(),
    ).toEqual(['@ TXT', 'www A']);
  });

  it('says which listed RRsets neither side has', async () => {
    const dry = await runMigrate(target, {
      dryRun: true,
      zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE), rrsets: [{ name: 'wwww', type: 'A', action: 'replace' }] }],
    });
    expect(messages(dry, 'info')).toContain('rrsets lists wwww A, which neither the source nor the target has: nothing is done for it');
  });
});
