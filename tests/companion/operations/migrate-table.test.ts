import { describe, expect, it } from 'vitest';
import { useStack, zoneComplete } from '../../support/stack';

/**
 * A records table through the HTTP app to Cloudflare's wire. How its rows count against
 * DNSFERRY_MAX_RECORDS and a table with no header: tests/companion/engine/zone-records.test.ts.
 */
const stack = useStack();

// Namecheap's Advanced DNS as copied: a title, Type/Host/Value/TTL, a redirect and a typo among the records.
const TABLE = [
  'HOST RECORDS',
  'Type\tHost\tValue\tTTL',
  'A Record\t@\t192.0.2.1\tAutomatic',
  'CNAME Record\twww\texample.com.\t30 min',
  'TXT Record\t@\tv=spf1 include:spf.privateemail.com ~all\tAutomatic',
  'URL Redirect Record\tshop\thttp://shop.example.net/\tunmasked',
  'A Record\tbad\t999.1.1.1\t1 min',
  '',
  'Type\tHost\tValue\tPriority\tTTL',
  'MX Record\t@\tmx1.privateemail.com.\t10\tAutomatic',
].join('\n');

describe('POST /api/migrate with table', () => {
  it('reads a copied records table and migrates it, each row that is no record an error naming its row', async () => {
    const { status, events } = await stack().migrate({ zones: [{ name: 'example.com', table: TABLE }] });
    expect(status).toBe(200);
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 4, skipped: 0, failed: 2 });
    const errors = events.filter((e) => e.type === 'error').map((e) => ('message' in e ? e.message : ''));
    expect(errors).toEqual([
      '[5/6] row 4 ✗ "URL Redirect Record" is the DNS host\'s web redirect, not a DNS record: create it again at the target (a redirect rule) (line 6: URL Redirect Record shop http://shop.example.net/ unmasked)',
      expect.stringMatching(/^\[6\/6\] row 5 ✗ .*999\.1\.1\.1.* \(line 7: A Record bad 999\.1\.1\.1 1 min\)$/),
    ]);
    const infos = events.filter((e) => e.type === 'info').map((e) => ('message' in e ? e.message : ''));
    expect(infos).toContain('line 1: "HOST RECORDS" is before the header row: not read');

    const wire = stack().sim.records(stack().sim.zoneByName('example.com')?.id ?? '') as Array<{
      type: string;
      name: string;
      content: string;
      ttl: number;
      priority?: number;
    }>;
    expect(wire.map((w) => `${w.type} ${w.name} ${w.content} ${w.ttl}${w.priority !== undefined ? ` ${w.priority}` : ''}`).sort()).toEqual([
      'A example.com 192.0.2.1 1',
      'CNAME www.example.com example.com 1800',
      'MX example.com mx1.privateemail.com 1 10',
      'TXT example.com "v=spf1 include:spf.privateemail.com ~all" 1',
    ]);

    // the same table again writes nothing
    const again = await stack().migrate({ zones: [{ name: 'example.com', table: TABLE }] });
    expect(zoneComplete(again.events, 'example.com')).toMatchObject({ created: 0, skipped: 4, failed: 2 });
  });

  it('refuses a zone sent both as a table and another way, and a table that is not text', async () => {
    const both = await stack().migrate({ zones: [{ name: 'example.com', table: TABLE, zoneFile: '@ A 192.0.2.1' }] });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ error: { field: 'zones.0.zoneFile', message: expect.stringMatching(/as table/) as string } });
    const notText = await stack().migrate({ zones: [{ name: 'example.com', table: 42 }] });
    expect(notText.status).toBe(400);
    expect(notText.body).toMatchObject({
      error: { field: 'zones.0.table', message: 'zones.0.table: table is the text of a records table copied from a DNS host' },
    });
  });
});
