import { describe, expect, it } from 'vitest';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { heldLines, useStack, zoneComplete } from '../../support/stack';

/**
 * Mirror mode as the HTTP app takes it and as it reaches Cloudflare's wire. What mirror decides (which
 * records are replaced, updated, removed, the safeguard) is the engine's: tests/companion/engine/migrate-mirror.test.ts.
 */
const ZONE = 'onboarded.example';
const stack = useStack({ prepare: (s) => seedOnboardedZone(s.sim, { accountId: s.seed.accountId, name: ZONE }) });

/** What the source says, at $TTL 300: the zone file of the demo. */
const SOURCE_HELD = [
  'A mail.onboarded.example 93.184.216.34 300',
  'A onboarded.example 192.0.2.1 300',
  'A www.onboarded.example 192.0.2.1 300',
  'MX onboarded.example mail.onboarded.example 3600',
  'TXT _dmarc.onboarded.example "v=DMARC1; p=none" 300',
  'TXT onboarded.example "v=spf1 include:new.example -all" 300',
];

describe('POST /api/migrate in mirror mode', () => {
  it("replaces each name in one batch at the target; a second run costs the zone's lookup and one listing, no write", async () => {
    const { sim } = stack();
    const { events } = await stack().migrate({ mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    expect(zoneComplete(events, ZONE)).toMatchObject({ created: 2, updated: 4, skipped: 0, failed: 0, removed: 2 });
    expect(heldLines(sim, ZONE)).toEqual(SOURCE_HELD);
    // the stale www went in the same all-or-nothing batch that brought the new one
    const zoneId = sim.zoneByName(ZONE)!.id;
    const www = sim.batches.filter(
      (b) => b.zoneId === zoneId && b.deletes.some((d) => (d as { content: string }).content === '203.0.113.9'),
    );
    expect(www).toHaveLength(1);
    expect(www[0]?.posts.map((p) => (p as { content: string }).content)).toContain('192.0.2.1');

    sim.resetCounters();
    const again = await stack().migrate({ mode: 'mirror', zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }] });
    expect(sim.counters.writes).toBe(0);
    expect(sim.counters.total).toBe(2);
    expect(zoneComplete(again.events, ZONE)).toMatchObject({ created: 0, updated: 0, skipped: 6, failed: 0, removed: 0 });
  });

  it('mode and prune per zone; prune without mirror is refused with a sentence', async () => {
    const bad = await stack().migrate({ prune: true, zones: [{ name: ZONE, records: [] }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: { code: 'invalid_request', field: 'prune', message: expect.stringMatching(/works only in mirror mode/) },
    });
    const perZone = await stack().migrate({ zones: [{ name: ZONE, mode: 'mirror', zoneFile: sourceZoneFile(ZONE) }] });
    expect(zoneComplete(perZone.events, ZONE)).toMatchObject({ removed: 2 });
  });
});
