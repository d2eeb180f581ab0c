import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { heldLines, startStack, zoneComplete, type Stack } from '../../support/stack';

/**
 * `zones[].rrsets` over HTTP: the body's per-RRset choices reach the plan, the dry run tells what
 * each listed RRset will answer, and the run leaves the zone exactly so. (The cases of the choices
 * themselves are the engine's: tests/companion/engine/plan-choices.test.ts.)
 */
let stack: Stack;
const ZONE = 'onboarded.example';
beforeEach(async () => {
  stack = await startStack();
  seedOnboardedZone(stack.sim, { accountId: stack.seed.accountId, name: ZONE });
});
afterEach(async () => {
  await stack.close();
});

const conflicts = (events: MigrateEvent[]) => events.flatMap((e) => (e.type === 'info' && e.conflict ? [e.conflict] : []));

describe('POST /api/migrate with rrsets', () => {
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
    const before = heldLines(stack.sim, ZONE);
    const dry = await stack.migrate({ dryRun: true, zones: [zone] });
    expect(dry.status).toBe(200);
    expect(heldLines(stack.sim, ZONE)).toEqual(before);
    const told = Object.fromEntries(conflicts(dry.events).map((c) => [`${c.name} ${c.type}`, c]));
    expect(told['www A']).toMatchObject({ action: 'replace', target: ['203.0.113.9'], after: ['192.0.2.1'] });
    expect(told['@ TXT']).toMatchObject({ action: 'replace', after: ['"v=spf1 include:new.example -all"'] });
    expect(told['@ TXT']?.bothRefused).toMatch(/second SPF record/);
    expect(told['mail A']).toMatchObject({ action: 'keep', after: ['93.184.216.34'] });
    expect(told['_dmarc TXT']).toMatchObject({ action: 'add' });

    const run = await stack.migrate({ zones: [zone] });
    expect(conflicts(run.events)).toEqual(conflicts(dry.events));
    // www and the SPF policy as the source says; the rest as the target had it (proxy and TTL 1 kept)
    expect(heldLines(stack.sim, ZONE)).toEqual([
      'A mail.onboarded.example 93.184.216.34 1 proxied',
      'A onboarded.example 192.0.2.1 1 proxied',
      'A www.onboarded.example 192.0.2.1 300',
      'MX onboarded.example mail.onboarded.example 1',
      'TXT _dmarc.onboarded.example "v=DMARC1; p=none" 1',
      'TXT onboarded.example "v=spf1 include:new.example -all" 300',
    ]);
    expect(zoneComplete(run.events, ZONE)).toMatchObject({ created: 2, updated: 0, skipped: 4, failed: 0, removed: 2 });
    expect(
      zoneComplete(run.events, ZONE)
        .undo?.removed.map((r) => `${r.record.name} ${r.record.type}`)
        .sort(),
    ).toEqual(['@ TXT', 'www A']);
  });

  it('says which listed RRsets neither side has', async () => {
    const dry = await stack.migrate({
      dryRun: true,
      zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE), rrsets: [{ name: 'wwww', type: 'A', action: 'replace' }] }],
    });
    expect(dry.events.filter((e) => e.type === 'info').map((e) => e.message)).toContain(
      'rrsets lists wwww A, which neither the source nor the target has: nothing is done for it',
    );
  });

  it.each([
    [[{ name: 'www', type: 'A', action: 'swap' }], 'zones.0.rrsets.0.action', 'action is "keep", "replace" or "add"'],
    [[{ name: 'www', type: 'AX', action: 'keep' }], 'zones.0.rrsets.0.type', 'expected one of'],
    [
      [{ name: 'www.other.org.', type: 'A', action: 'keep' }],
      'zones.0.rrsets.0.name',
      'www.other.org. is outside the zone onboarded.example',
    ],
    [
      [
        { name: 'www', type: 'A', action: 'keep' },
        { name: 'WWW.onboarded.example', type: 'A', action: 'replace' },
      ],
      'zones.0.rrsets.1',
      'listed twice (also at rrsets.0)',
    ],
    [
      Array.from({ length: 10_001 }, (_, i) => ({ name: `h${i}`, type: 'A', action: 'keep' })),
      'zones.0.rrsets',
      'rrsets lists at most 10000 RRsets',
    ],
  ])('refuses a bad list with a 400 naming the field (%#)', async (rrsets, field, message) => {
    const res = await stack.migrate({ dryRun: true, zones: [{ name: ZONE, records: [], rrsets }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'invalid_request', field } });
    expect((res.body as { error: { message: string } }).error.message).toContain(message);
  });
});
