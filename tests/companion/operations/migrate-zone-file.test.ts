import { describe, expect, it } from 'vitest';
import { startStack, useStack, zoneComplete } from '../../support/stack';

/**
 * A zone file through the HTTP app to Cloudflare's wire. How what a zone carries is counted against
 * DNSFERRY_MAX_RECORDS and which of its records are skipped: tests/companion/engine/zone-records.test.ts.
 */
const stack = useStack();

const ZONE = `$TTL 1h
@        IN SOA ns1.example.com. hostmaster.example.com. ( 1 3600 900 604800 300 )
@        IN NS  ns1.old-host.example.
@        IN A   192.0.2.1 ; cf_tags=cf-proxied:true
www  300 IN CNAME @
@        IN MX  10 mail
mail     IN A   192.0.2.25
t        IN TXT foo bar
bad      IN A   999.1.1.1
$INCLUDE other.zone
_443._tcp.www IN TLSA 3 1 1 6ec8a4b7
old      IN HINFO "PC" "Linux"
`;

describe('POST /api/migrate with zoneFile', () => {
  it('reads the text as BIND does and migrates it, each unreadable line an error naming its line', async () => {
    const { status, events } = await stack().migrate({ zones: [{ name: 'example.com', zoneFile: ZONE }] });
    expect(status).toBe(200);
    const result = zoneComplete(events, 'example.com');
    // SOA and apex NS are skipped; 6 records created; bad A, $INCLUDE and HINFO fail
    expect(result).toMatchObject({ created: 6, skipped: 2, failed: 3 });
    const errors = events.filter((e) => e.type === 'error').map((e) => ('message' in e ? e.message : ''));
    expect(errors).toEqual([
      expect.stringMatching(/^\[9\/11\] line 9 ✗ 999\.1\.1\.1 is not an IPv4 address$/),
      expect.stringMatching(/^\[10\/11\] line 10 ✗ .*\$INCLUDE/),
      expect.stringMatching(/^\[11\/11\] line 12 ✗ record type HINFO is not supported/),
    ]);
    const zone = stack().sim.zoneByName('example.com');
    const wire = stack().sim.records(zone?.id ?? '') as Array<{
      type: string;
      name: string;
      content: string;
      proxied: boolean;
      ttl: number;
    }>;
    expect(wire.find((w) => w.type === 'A' && w.name === 'example.com')).toMatchObject({ content: '192.0.2.1', proxied: true });
    expect(wire.find((w) => w.type === 'TXT')?.content).toBe('"foo" "bar"');
    expect(wire.find((w) => w.type === 'CNAME')).toMatchObject({ name: 'www.example.com', content: 'example.com', ttl: 300 });
    expect(wire.find((w) => w.type === 'A' && w.name === 'mail.example.com')?.ttl).toBe(3600);

    // a re-run of the same file writes nothing
    const again = await stack().migrate({ zones: [{ name: 'example.com', zoneFile: ZONE }] });
    expect(zoneComplete(again.events, 'example.com')).toMatchObject({ created: 0, skipped: 8, failed: 3 });
  });

  it('migrates an apex CNAME beside MX and TXT, which the target flattens, and points out an apex CNAME beside an A', async () => {
    const beside = '$TTL 300\n@ CNAME app.host.example.\n@ MX 10 mail.example.net.\n@ TXT "v=spf1 -all"\n';
    const withA = '$TTL 300\n@ CNAME app.host.example.\n@ A 192.0.2.1\n@ TXT "hello"\n';
    const { events } = await stack().migrate({
      zones: [
        { name: 'flat.example', zoneFile: beside },
        { name: 'clash.example', zoneFile: withA },
      ],
    });
    expect(zoneComplete(events, 'flat.example')).toMatchObject({ created: 3, failed: 0 });
    const flat = stack().sim.records(stack().sim.zoneByName('flat.example')?.id ?? '') as Array<{ type: string; name: string }>;
    expect(flat.map((r) => `${r.type} ${r.name}`).sort()).toEqual(['CNAME flat.example', 'MX flat.example', 'TXT flat.example']);
    expect(zoneComplete(events, 'clash.example')).toMatchObject({ created: 2, failed: 1 });
    const errors = events.filter((e) => e.type === 'error' && e.zone === 'clash.example').map((e) => ('message' in e ? e.message : ''));
    expect(errors).toEqual([
      '[2/3] A @ ✗ not added: @ holds a CNAME: at the apex a CNAME is flattened and may sit beside other records, but not beside A, AAAA or another CNAME; mirror mode replaces what is there',
    ]);
  });

  it('refuses a zone sent both as records and as zoneFile', async () => {
    const res = await stack().migrate({ zones: [{ name: 'example.com', records: [], zoneFile: '@ IN A 192.0.2.1' }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_request', field: 'zones.0.zoneFile' } });
  });
});

describe('zone files past DNSFERRY_MAX_RECORDS', () => {
  it('are read in the stream, not before it: the request is answered 200 and the zone that passes the limit fails there', async () => {
    // how the limit is shared between the zones is the engine's: tests/companion/engine/zone-records.test.ts
    const limited = await startStack({ config: { maxRecordsPerRequest: 1000, maxZonesPerRequest: 200 } });
    try {
      const generate = '$GENERATE 1-100000 h$ A 192.0.2.1';
      const zones = Array.from({ length: 60 }, (_, i) => ({ name: `gen${i}.example`, zoneFile: generate }));
      const { status, events } = await limited.migrate({
        zones: [{ name: 'small.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }, ...zones],
      });
      expect(status).toBe(200);
      expect(zoneComplete(events, 'small.example')).toMatchObject({ created: 1 });
      expect(events.some((e) => e.type === 'error' && e.zone === 'gen0.example' && /999 were left for it/.test(e.message))).toBe(true);
      expect(limited.sim.zones().map((z) => z.name)).toEqual(['small.example']);
    } finally {
      await limited.close();
    }
  });
});

describe('the bytes of a dry run', () => {
  it('are one JSON object per line, fields in the order the API has always sent them', async () => {
    const file = [
      '$TTL 300',
      '@ IN SOA ns1 hostmaster 1 3600 900 604800 300',
      '@ IN NS ns1.example.net.',
      '@ IN A 192.0.2.1 ; cf_tags=cf-proxied:true',
      'www 3600 IN CNAME @',
      '@ IN MX 10 mail',
      't IN TXT "say \\"hi\\"" "back\\\\slash"',
      'mail IN A 192.0.2.25',
      'mail IN A 192.0.2.25',
      'low 30 IN A 192.0.2.8',
      'bad IN A 999.1.1.1',
    ].join('\n');
    const { app, seed } = stack();
    const res = await app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: {
        targetToken: seed.token,
        targetAccountId: seed.accountId,
        dryRun: true,
        zones: [{ name: 'bytes.example', zoneFile: file }],
      },
    });
    const z = '"zone":"bytes.example"';
    const rec = (i: number, record: string, message: string) =>
      `{"type":"record",${z},"index":${i},"total":10,"record":${record},"message":"[${i}/10] ${message}","change":"create"}`;
    const skip = (i: number, record: string, message: string) =>
      `{"type":"skip",${z},"index":${i},"total":10,"record":${record},"message":"[${i}/10] ${message}"}`;
    const mail = '{"type":"A","name":"mail","ttl":300,"content":"192.0.2.25"}';
    expect(res.payload).toBe(
      [
        `{"type":"status",${z},"message":"Planning bytes.example (dry run: nothing will be written)"}`,
        `{"type":"info",${z},"message":"Zone is not at the target yet; it would be created"}`,
        `{"type":"info",${z},"message":"10 records to migrate"}`,
        `{"type":"error",${z},"index":10,"total":10,"message":"[10/10] line 11 ✗ 999.1.1.1 is not an IPv4 address"}`,
        skip(
          1,
          '{"type":"SOA","name":"@","ttl":300,"content":"ns1.bytes.example hostmaster.bytes.example 1 3600 900 604800 300"}',
          'SOA @ skipped: the target manages SOA itself',
        ),
        skip(
          2,
          '{"type":"NS","name":"@","ttl":300,"content":"ns1.example.net"}',
          'NS @ skipped: the target manages the apex NS records itself',
        ),
        skip(8, mail, 'A mail already exists (same as record 7 of this zone)'),
        rec(3, '{"type":"A","name":"@","ttl":1,"content":"192.0.2.1","proxied":true}', 'A @ would create → 192.0.2.1 (proxied)'),
        rec(4, '{"type":"CNAME","name":"www","ttl":3600,"content":"bytes.example"}', 'CNAME www would create → bytes.example'),
        rec(
          5,
          '{"type":"MX","name":"@","ttl":300,"content":"mail.bytes.example","priority":10}',
          'MX @ would create → 10 mail.bytes.example',
        ),
        rec(
          6,
          String.raw`{"type":"TXT","name":"t","ttl":300,"content":"\"say \\\"hi\\\"\" \"back\\\\slash\""}`,
          String.raw`TXT t would create → \"say \\\"hi\\\"\" \"back\\\\slash\"`,
        ),
        rec(7, mail, 'A mail would create → 192.0.2.25'),
        rec(
          9,
          '{"type":"A","name":"low","ttl":60,"content":"192.0.2.8"}',
          "A low would create → 192.0.2.8 (TTL 30 → 60, the target's minimum)",
        ),
        `{"type":"zone-complete",${z},"result":{"created":6,"updated":0,"skipped":3,"failed":1,"removed":0,"nameServers":[]}}`,
        `{"type":"done","results":[{"zone":"bytes.example","created":6,"updated":0,"skipped":3,"failed":1,"removed":0}]}`,
        '',
      ].join('\n'),
    );
  });
});
