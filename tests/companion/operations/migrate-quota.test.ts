import { describe, expect, it } from 'vitest';
import { useStack, zoneComplete } from '../../support/stack';

/**
 * The record quota end to end: read from Cloudflare before the first write, and nothing sent that it
 * would refuse. The quota's cases are the engine's (tests/companion/engine/migrate-quota.test.ts); how
 * Cloudflare's is read, the adapter's (tests/companion/providers/cloudflare/record-quota.test.ts).
 */
// batches of 20: a zone's creates and removals go in separate requests, several at once
const stack = useStack({ config: { batchSize: 20 } });

const hosts = (n: number, prefix = 'h') =>
  Array.from({ length: n }, (_, i) => ({ type: 'A', name: `${prefix}${i}`, content: `10.0.${(i >> 8) & 255}.${i & 255}`, ttl: 300 }));

describe('POST /api/migrate within the record quota', () => {
  it("fails a zone that would pass a new Free zone's quota before writing anything, with the numbers", async () => {
    const { sim } = stack();
    const { events } = await stack().migrate({ zones: [{ name: 'big.example', records: hosts(350) }] });
    expect(events.find((e) => e.type === 'error')?.message).toBe(
      'Zone left untouched: this zone may hold 200 records (Free plan); it holds 0 and the run would add 350. Send "partial": true to write the records that fit',
    );
    expect(zoneComplete(events, 'big.example')).toMatchObject({ created: 0, failed: 350 });
    expect(sim.records(sim.zoneByName('big.example')?.id ?? '')).toEqual([]);
    // nothing was sent that the target refused
    expect(sim.requestLog.filter((l) => l.path.endsWith('/dns_records/batch') || l.status === 400)).toEqual([]);
  });

  it('takes removals first when only they make room, though batches go side by side: a full zone mirrored with prune never passes its quota', async () => {
    const { sim, seed } = stack();
    const zone = sim.addZone({ accountId: seed.accountId, name: 'full.example' });
    // 200 records (full): 150 the source keeps, 50 it no longer has; the source adds 50 new ones
    for (const r of [...hosts(150, 'keep'), ...hosts(50, 'gone')]) sim.addRecord(zone.id, r);
    const source = [...hosts(150, 'keep'), ...hosts(50, 'new')];
    const { events } = await stack().migrate({
      mode: 'mirror',
      prune: true,
      force: true,
      zones: [{ name: 'full.example', records: source }],
    });
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(zoneComplete(events, 'full.example')).toMatchObject({ created: 50, skipped: 150, failed: 0, removed: 50 });
    const names = (sim.records(zone.id) as Array<{ name: string }>).map((r) => r.name.replace('.full.example', '')).sort();
    expect(names).toEqual(source.map((r) => r.name).sort());
  });
});
