import { describe, expect, it } from 'vitest';
import { MemoryTarget } from '../support/memory-target';
import { runMigrate } from '../support/engine-run';

/**
 * Zones side by side (`zonesAtOnce`): their events interleave, each zone's keep their order, and `done`
 * lists the zones in the request's order. How the zones share the token's request slots at Cloudflare:
 * tests/companion/operations/migrate-side-by-side.test.ts.
 */
const zone = (name: string, n: number) => ({
  name,
  records: Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: `192.0.2.${i + 1}`, ttl: 300 })),
});

describe('migrate: zones side by side', () => {
  it('interleaves zones, keeps each zone in order, and ends with done in request order', async () => {
    const zones = [zone('side-a.com', 20), zone('side-b.com', 3), zone('side-c.com', 12), zone('side-d.com', 7)];
    const target = new MemoryTarget();
    const events = await runMigrate(target, { zones }, { zonesAtOnce: 3 });
    // the target heard of every zone before the first lookup
    expect(target.expected).toEqual(zones.map((z) => z.name));
    for (const z of zones) {
      const own = events.filter((e) => e.type !== 'done' && e.zone === z.name);
      const indexes = own.flatMap((e) => (e.type === 'record' && e.index !== undefined ? [e.index] : []));
      expect(indexes).toEqual(Array.from({ length: z.records.length }, (_, i) => i + 1));
      expect(own.at(-1)?.type).toBe('zone-complete');
      expect(target.lines(z.name)).toHaveLength(z.records.length);
    }
    // the zones really ran side by side: a later zone finished before the first one did
    const completeAt = (name: string) => events.findIndex((e) => e.type === 'zone-complete' && e.zone === name);
    expect(completeAt('side-b.com')).toBeLessThan(completeAt('side-a.com'));
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
    expect(events.at(-1)).toEqual({
      type: 'done',
      results: zones.map((z) => ({ zone: z.name, created: z.records.length, updated: 0, skipped: 0, failed: 0, removed: 0 })),
    });
  });

  it('one at a time: each zone completes before the next starts', async () => {
    const zones = [zone('one-a.com', 5), zone('one-b.com', 2)];
    const events = await runMigrate(new MemoryTarget(), { zones }, { zonesAtOnce: 1 });
    const firstOfB = events.findIndex((e) => e.type !== 'done' && e.zone === 'one-b.com');
    const completeA = events.findIndex((e) => e.type === 'zone-complete' && e.zone === 'one-a.com');
    expect(completeA).toBeLessThan(firstOfB);
  });
});
