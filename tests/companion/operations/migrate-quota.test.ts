import { describe, expect, it } from 'vitest';
import { useStack, zoneComplete } from '../../support/stack';

/**
 * The record quota end to end: read from Cloudflare before the first write, and nothing sent that it
 * would refuse. The quota's cases are the engine's (tests/companion/engine/migrate-quota.test.ts); how
 * Cloudflare's is read, the adapter's (tests/companion/providers/cloudflare/record-quota.test.ts).
 */
const stack = useStack();

const hosts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: `10.0.${(i >> 8) & 255}.${i & 255}`, ttl: 300 }));

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
});
