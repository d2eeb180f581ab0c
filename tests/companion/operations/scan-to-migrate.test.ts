import { describe, expect, it } from 'vitest';
import { ScanEventSchema, fqdn, type DnsRecord, type ScanEvent } from '@dnsferry/shared';
import { dohEndpoints } from '../../support/dns/endpoints';
import { DNSFERRY_TEST_RECORDS } from '../../support/dns/expected-zone';
import { useStack, zoneComplete } from '../../support/stack';

/**
 * End to end: scan the test zone through the real DoH server, hand `done.records` to
 * /api/migrate unchanged, and check that the Cloudflare simulator then holds the same records.
 */
const ZONE = 'dnsferry.test';

/** One comparable line per record, from the canonical model… */
function fromScan(r: DnsRecord): string {
  const name = fqdn(r.name, ZONE);
  switch (r.type) {
    case 'MX':
      return `${name} MX ${r.ttl} ${r.priority} ${r.content}`;
    case 'SRV':
      return `${name} SRV ${r.ttl} ${r.priority} ${r.weight} ${r.port} ${r.content}`;
    default:
      return `${name} ${r.type} ${r.ttl} ${r.content}`;
  }
}

/** …and from the target's wire form (SRV and CAA carry `data`). */
function fromTarget(r: Record<string, unknown>): string {
  const data = (r.data ?? {}) as Record<string, unknown>;
  switch (r.type) {
    case 'MX':
      return `${r.name} MX ${r.ttl} ${r.priority} ${r.content}`;
    case 'SRV':
      return `${r.name} SRV ${r.ttl} ${data.priority} ${data.weight} ${data.port} ${data.target}`;
    case 'CAA':
      return `${r.name} CAA ${r.ttl} ${data.flags} ${data.tag} ${JSON.stringify(data.value)}`;
    default:
      return `${r.name} ${r.type} ${r.ttl} ${r.content}`;
  }
}

let records: DnsRecord[];
const stack = useStack({
  once: true,
  config: { dohUrl: dohEndpoints().httpsUrl },
  prepare: async (s) => {
    const res = await s.app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain: ZONE } });
    const events: ScanEvent[] = res.payload
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => ScanEventSchema.parse(JSON.parse(l)));
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('the scan did not end with done');
    records = done.records;
  },
});

describe('scan → migrate', () => {
  it('the scan result is accepted by /api/migrate as it is, and the target holds the same records', async () => {
    expect(records).toHaveLength(DNSFERRY_TEST_RECORDS.length);
    const { status, events } = await stack().migrate({ zones: [{ name: ZONE, records }] });
    expect(status).toBe(200);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(zoneComplete(events, ZONE)).toMatchObject({ created: records.length, skipped: 0, failed: 0 });

    const zone = stack().sim.zoneByName(ZONE);
    if (!zone) throw new Error('zone missing at the target');
    const held = stack().sim.records(zone.id).map(fromTarget).sort();
    expect(held).toEqual(records.map(fromScan).sort());
  });

  it('a second scan-and-migrate changes nothing at the target', async () => {
    stack().sim.resetCounters();
    const { events } = await stack().migrate({ zones: [{ name: ZONE, records }] });
    expect(zoneComplete(events, ZONE)).toMatchObject({ created: 0, skipped: records.length, failed: 0 });
    expect(stack().sim.counters.writes).toBe(0);
  });
});
