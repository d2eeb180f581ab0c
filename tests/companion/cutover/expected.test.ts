import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '@dnsferry/shared';
import { expectedRecords } from '@dnsferry/companion/cutover/expected';
import type { Source } from '@dnsferry/companion/engine/ports';
import { CLOUDFLARE_RULES } from '@dnsferry/companion/providers/cloudflare/capabilities';

const signal = new AbortController().signal;
const noTarget = () => Promise.reject(new Error('the target is not asked when the request says what to expect'));

describe('expectedRecords', () => {
  it("takes the request's records canonical, leaves apex NS/SOA out silently and names what is not checked", async () => {
    const e = await expectedRecords(
      {
        name: 'example.com',
        from: {
          kind: 'records',
          records: [
            { type: 'A', name: 'WWW.example.com.', content: '192.0.2.1', ttl: 300 },
            { type: 'TXT', name: '@', content: 'v=spf1 -all', ttl: 300 },
            { type: 'NS', name: '@', content: 'ns1.old.example', ttl: 3600 },
            { type: 'SOA', name: '@', content: 'ns1.old.example. admin.example.com. 1 2 3 4 5', ttl: 3600 },
            { type: 'DNSKEY', name: '@', content: '257 3 13 AAAA', ttl: 3600 },
            { type: 'DS', name: '@', content: '2371 13 2 1F987CC6583E92DF0890718C4200000000000000000000000000000000000000', ttl: 3600 },
            { type: 'A', name: 'elsewhere.example.org.', content: '192.0.2.2', ttl: 300 },
            { type: 'A', name: 'broken', content: '999.1.1.1', ttl: 300 },
          ],
        },
      },
      { targetRecords: noTarget, rules: CLOUDFLARE_RULES },
      signal,
    );
    expect(e.from).toBe('the request');
    expect(e.records).toEqual([
      { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 },
      { type: 'TXT', name: '@', content: '"v=spf1 -all"', ttl: 300 },
    ]);
    expect(e.excluded).toHaveLength(4);
    expect(e.excluded[0]).toMatch(/^DNSKEY @: /);
    expect(e.excluded[1]).toBe('DS @: a DS record at the apex belongs in the parent zone: set it at the registrar, not in this zone');
    expect(e.excluded[2]).toBe('A elsewhere.example.org.: the name is outside the zone example.com');
    expect(e.excluded[3]).toMatch(/^A broken: .*999\.1\.1\.1/);
  });

  it('expects the RRsets chosen one by one as the run leaves them: kept ones not compared, ones kept both ways among others', async () => {
    const e = await expectedRecords(
      {
        name: 'example.com',
        from: {
          kind: 'records',
          records: [
            { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 },
            { type: 'A', name: 'mail', content: '192.0.2.25', ttl: 300 },
            { type: 'TXT', name: '@', content: 'v=spf1 -all', ttl: 300 },
          ],
        },
        rrsets: [
          { name: 'www', type: 'A', action: 'keep' },
          { name: 'mail.example.com', type: 'A', action: 'add' },
          { name: '@', type: 'TXT', action: 'replace' },
        ],
      },
      { targetRecords: noTarget, rules: CLOUDFLARE_RULES },
      signal,
    );
    expect(e.records.map((r) => `${r.name} ${r.type}`)).toEqual(['mail A', '@ TXT']);
    expect(e.excluded).toEqual(["A www: the target's records are kept as they are (rrsets: keep)"]);
    expect([...e.alongside]).toEqual(['mail|A']);
  });

  it('reads a zone file, with its lines that cannot be records named', async () => {
    const e = await expectedRecords(
      { name: 'example.net', from: { kind: 'zoneFile', text: '$TTL 1h\n@ IN A 192.0.2.9\nbad IN A 999.1.1.1\n' } },
      { targetRecords: noTarget, rules: CLOUDFLARE_RULES },
      signal,
    );
    expect(e.from).toBe('the zone file');
    expect(e.records).toEqual([{ type: 'A', name: '@', content: '192.0.2.9', ttl: 3600 }]);
    expect(e.excluded).toEqual([expect.stringMatching(/^line 3: /)]);
  });

  it('reads a records table, with its rows that cannot be records named', async () => {
    const e = await expectedRecords(
      {
        name: 'example.net',
        from: { kind: 'table', text: 'Type\tHost\tValue\tTTL\nA\t@\t192.0.2.9\t1 Hour\nA\tbad\t999.1.1.1\t1 Hour\n' },
      },
      { targetRecords: noTarget, rules: CLOUDFLARE_RULES },
      signal,
    );
    expect(e.from).toBe('the table');
    expect(e.records).toEqual([{ type: 'A', name: '@', content: '192.0.2.9', ttl: 3600 }]);
    expect(e.excluded).toEqual([expect.stringMatching(/^row 2 \(line 3\): /)]);
  });

  it('reads the source its from names, with its problems named', async () => {
    const asked: unknown[] = [];
    const source: Source = {
      readZone: async (zone) => {
        asked.push(zone.from);
        return {
          records: [{ type: 'MX', name: '@', content: 'mail.example.com', priority: 10, ttl: 3600 }],
          problems: [{ type: 'A', name: 'spare', message: 'the alias points at a public IP without an address' }],
          notes: [`read ${zone.name} from the source`],
        };
      },
    };
    const from = { kind: 'axfr', server: 'ns1.example.net' } as const;
    const e = await expectedRecords({ name: 'example.com', from }, { source, targetRecords: noTarget, rules: CLOUDFLARE_RULES }, signal);
    expect(asked).toEqual([{ kind: 'axfr', server: 'ns1.example.net' }]);
    expect(e).toEqual({
      from: 'the source',
      records: [{ type: 'MX', name: '@', content: 'mail.example.com', priority: 10, ttl: 3600 }],
      excluded: ['A spare: the alias points at a public IP without an address'],
      notes: ['read example.com from the source'],
      alongside: new Set(),
    });
  });

  it('falls back to what the target holds', async () => {
    const held: DnsRecord[] = [{ type: 'CNAME', name: 'www', content: 'example.com', ttl: 1, proxied: true }];
    const e = await expectedRecords({ name: 'example.com' }, { targetRecords: async () => held, rules: CLOUDFLARE_RULES }, signal);
    expect(e.from).toBe("the target's own records");
    expect(e.records).toEqual(held);
  });
});
