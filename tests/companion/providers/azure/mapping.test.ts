import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalize, mapRecordSet, quoteTxt, recordType } from '@dnsferry/companion/providers/azure/mapping';
import { RecordSetWireSchema, type RecordSetWire } from '@dnsferry/companion/providers/azure/wire';

const fixture = (file: string): RecordSetWire => {
  const json = JSON.parse(readFileSync(new URL(`../../../fixtures/azure/${file}`, import.meta.url), 'utf8')) as {
    responses: { 200: { body: { value: unknown[] } } };
  };
  return RecordSetWireSchema.parse(json.responses[200].body.value[0]);
};

/** A record set as it arrives on the live wire (lower-case dnszones, trailing dots, targetResource {}). */
const live = (name: string, type: string, properties: Record<string, unknown>, ttl = 3600): RecordSetWire =>
  RecordSetWireSchema.parse({
    id: `/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/dnszones/example.com/${type}/${name}`,
    name,
    type: `Microsoft.Network/dnszones/${type}`,
    etag: 'e',
    properties: { fqdn: `${name}.example.com.`, TTL: ttl, targetResource: {}, provisioningState: 'Succeeded', ...properties },
  });

function records(rs: RecordSetWire) {
  const out = mapRecordSet(rs);
  if (out.kind !== 'records') throw new Error(`expected records, got ${out.kind}`);
  const c = canonicalize(out.records);
  expect(c.problems).toEqual([]);
  return c.records;
}

describe('Azure record set → canonical records', () => {
  it.each([
    ['ListARecordset.json', [{ type: 'A', name: 'record1', ttl: 3600, content: '127.0.0.1' }]],
    ['ListAAAARecordset.json', [{ type: 'AAAA', name: 'record1', ttl: 3600, content: '::1' }]],
    ['ListCNAMERecordset.json', [{ type: 'CNAME', name: 'record1', ttl: 3600, content: 'contoso.com' }]],
    ['ListMXRecordset.json', [{ type: 'MX', name: 'record1', ttl: 3600, content: 'mail.contoso.com', priority: 0 }]],
    ['ListNSRecordset.json', [{ type: 'NS', name: 'record1', ttl: 3600, content: 'ns1.contoso.com' }]],
    ['ListPTRRecordset.json', [{ type: 'PTR', name: '1', ttl: 3600, content: 'localhost' }]],
    ['ListSRVRecordset.json', [{ type: 'SRV', name: 'record1', ttl: 3600, content: 'contoso.com', priority: 0, weight: 10, port: 80 }]],
    ['ListTXTRecordset.json', [{ type: 'TXT', name: 'record1', ttl: 3600, content: '"string1" "string2"' }]],
    ['ListCaaRecordset.json', [{ type: 'CAA', name: 'record1', ttl: 3600, content: '0 issue "ca.contoso.com"' }]],
  ])("reads Microsoft's example %s", (file, expected) => {
    expect(records(fixture(file))).toEqual(expected);
  });

  it('skips the SOA and the apex NS, with a note, and keeps a sub-delegation', () => {
    const soa = mapRecordSet(fixture('ListSOARecordset.json'));
    expect(soa).toMatchObject({ kind: 'skipped', note: expect.stringMatching(/SOA/) });
    const apexNs = mapRecordSet(live('@', 'NS', { NSRecords: [{ nsdname: 'ns1-01.azure-dns.com.' }] }, 172800));
    expect(apexNs).toMatchObject({ kind: 'skipped', note: expect.stringMatching(/Apex NS/) });
    const delegation = live(
      'lab',
      'NS',
      { NSRecords: [{ nsdname: 'NS1.Lab-DNS.example.net.' }, { nsdname: 'ns2.lab-dns.example.net.' }] },
      86400,
    );
    expect(records(delegation)).toEqual([
      { type: 'NS', name: 'lab', ttl: 86400, content: 'ns1.lab-dns.example.net' },
      { type: 'NS', name: 'lab', ttl: 86400, content: 'ns2.lab-dns.example.net' },
    ]);
  });

  it('keeps each TXT value[] as one record of several strings, never split, never merged', () => {
    const rs = live('@', 'TXT', { TXTRecords: [{ value: ['v=spf1 include:a', ' -all'] }, { value: ['google-site-verification=x'] }] });
    expect(records(rs).map((r) => r.content)).toEqual(['"v=spf1 include:a" " -all"', '"google-site-verification=x"']);
  });

  it('quotes and escapes TXT strings, and keeps an empty string as ""', () => {
    expect(quoteTxt([''])).toBe('""');
    expect(quoteTxt(['say "hi" \\ bye'])).toBe('"say \\"hi\\" \\\\ bye"');
    expect(records(live('empty', 'TXT', { TXTRecords: [{ value: [''] }] }))).toEqual([
      { type: 'TXT', name: 'empty', ttl: 3600, content: '""' },
    ]);
    const long = 'k'.repeat(255);
    expect(records(live('dkim', 'TXT', { TXTRecords: [{ value: [long, 'tail'] }] }))[0]?.content).toBe(`"${long}" "tail"`);
  });

  it('removes trailing dots and lower-cases host names; keeps wildcard and SRV owner names', () => {
    expect(records(live('*', 'A', { ARecords: [{ ipv4Address: '192.0.2.99' }] }))).toEqual([
      { type: 'A', name: '*', ttl: 3600, content: '192.0.2.99' },
    ]);
    expect(records(live('*.Dev', 'CNAME', { CNAMERecord: { cname: 'App.Example.com.' } }))).toEqual([
      { type: 'CNAME', name: '*.dev', ttl: 3600, content: 'app.example.com' },
    ]);
    expect(
      records(
        live('_sip._tcp', 'SRV', {
          SRVRecords: [
            { priority: 10, weight: 60, port: 5060, target: 'sip.example.com.' },
            { priority: 20, weight: 0, port: 5061, target: 'sip2.example.com.' },
          ],
        }),
      ),
    ).toEqual([
      { type: 'SRV', name: '_sip._tcp', ttl: 3600, content: 'sip.example.com', priority: 10, weight: 60, port: 5060 },
      { type: 'SRV', name: '_sip._tcp', ttl: 3600, content: 'sip2.example.com', priority: 20, weight: 0, port: 5061 },
    ]);
    expect(records(live('@', 'MX', { MXRecords: [{ preference: 0, exchange: '.' }] }))).toEqual([
      { type: 'MX', name: '@', ttl: 3600, content: '.', priority: 0 },
    ]);
  });

  it('writes CAA in presentation form with flags, tag and quoted value', () => {
    const rs = live('@', 'CAA', {
      caaRecords: [
        { flags: 0, tag: 'issuewild', value: ';' },
        { flags: 128, tag: 'iodef', value: 'mailto:sec@example.com' },
      ],
    });
    expect(records(rs).map((r) => r.content)).toEqual(['0 issuewild ";"', '128 iodef "mailto:sec@example.com"']);
  });

  it('reads CAA from caaRecords in any casing (the API writes it lower camel case)', () => {
    const otherCase = live('@', 'CAA', { CAARecords: [{ flags: 0, tag: 'issue', value: 'x' }] });
    expect(records(otherCase)).toEqual([{ type: 'CAA', name: '@', ttl: 3600, content: '0 issue "x"' }]);
  });

  it('reports types the target cannot take instead of dropping them', () => {
    const odd = live('old', 'HINFO', { HINFORecords: [{ cpu: 'x', os: 'y' }] });
    expect(recordType(odd)).toBe('HINFO');
    expect(mapRecordSet(odd)).toMatchObject({ kind: 'problem', message: expect.stringMatching(/^HINFO records cannot be carried over/) });
    const ds = live('secure', 'DS', { DSRecords: [{ keyTag: 1, algorithm: 13, digest: { algorithmType: 2, value: 'AB' } }] });
    expect(records(ds)).toEqual([{ type: 'DS', name: 'secure', ttl: 3600, content: '1 13 2 AB' }]);
  });

  it('recognises an alias by targetResource.id, in the example and on the live wire', () => {
    const example = JSON.parse(
      readFileSync(new URL('../../../fixtures/azure/CreateOrUpdateARecordsetAlias.json', import.meta.url), 'utf8'),
    ) as {
      responses: { 200: { body: unknown } };
    };
    expect(mapRecordSet(RecordSetWireSchema.parse(example.responses[200].body))).toEqual({
      kind: 'alias',
      targetId:
        '/subscriptions/726f8cd6-6459-4db4-8e6d-2cd2716904e2/resourceGroups/test/providers/Microsoft.Network/trafficManagerProfiles/testpp2',
    });
    expect(mapRecordSet(live('x', 'A', { ARecords: [{ ipv4Address: '192.0.2.1' }] }))).toMatchObject({ kind: 'records' });
  });

  it('turns a TTL of 0 into automatic, with a note, and a bad value into a problem', () => {
    const out = mapRecordSet(live('zero', 'A', { ARecords: [{ ipv4Address: '192.0.2.1' }] }, 0));
    expect(out).toMatchObject({ kind: 'records', notes: [expect.stringMatching(/TTL 0/)] });
    const bad = mapRecordSet(live('bad', 'A', { ARecords: [{ ipv4Address: '999.1.1.1' }] }));
    if (bad.kind !== 'records') throw new Error('expected records');
    const c = canonicalize(bad.records);
    expect(c.records).toEqual([]);
    expect(c.problems).toEqual([{ name: 'bad', type: 'A', message: expect.stringMatching(/IPv4.*not migrated$/) }]);
  });
});

describe('record sets of api-version 2023-07-01-preview', () => {
  const single = (file: string): RecordSetWire => {
    const json = JSON.parse(readFileSync(new URL(`../../../fixtures/azure/${file}`, import.meta.url), 'utf8')) as {
      responses: { 200: { body: unknown } };
    };
    return RecordSetWireSchema.parse(json.responses[200].body);
  };

  it("reads Microsoft's DS, TLSA and NAPTR examples into records the target holds", () => {
    expect(records(single('GetDSRecordset.json'))).toEqual([
      { type: 'DS', name: 'record1', ttl: 3600, content: '60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118' },
    ]);
    expect(records(single('GetTLSARecordset.json'))).toEqual([
      { type: 'TLSA', name: 'record1', ttl: 3600, content: '3 1 1 6EC8A4B7F511454D84DCC055213B8D195E8ADA751FE14300AFE32D54B162438B' },
    ]);
    // an empty replacement is the root
    expect(records(single('GetNAPTRRecordset.json'))).toEqual([
      { type: 'NAPTR', name: 'record1', ttl: 3600, content: '100 10 "U" "E2U+sip" "!^.*$!sip:user@example.com!" .' },
    ]);
  });

  it('reads property names whatever their casing', () => {
    const rs = live('www', 'A', { aRecords: [{ ipv4Address: '192.0.2.7' }] });
    expect(records(rs)).toEqual([{ type: 'A', name: 'www', ttl: 3600, content: '192.0.2.7' }]);
  });
});
