import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, type DnsRecord, type RecordType } from '@dnsferry/shared';
import { checkParity, type AskTarget } from '@dnsferry/companion/cutover/parity';

const rec = (r: Record<string, unknown>): DnsRecord => DnsRecordSchema.parse({ ttl: 300, ...r });

/** A target whose name servers answer from a table; counts what it was asked. */
function answering(table: Record<string, DnsRecord[]>) {
  const asked: string[] = [];
  const ask: AskTarget = async (fqdn, type: RecordType, relName) => {
    asked.push(`${type} ${fqdn}`);
    return { rcode: 0, records: (table[`${type} ${relName}`] ?? []).map((r) => ({ ...r, name: relName })), unreadable: [] };
  };
  return { ask, asked };
}

describe('checkParity', () => {
  it('compares on the canonical form: TTL, case, trailing dots and TXT splitting do not matter', async () => {
    const expected = [
      rec({ type: 'MX', name: '@', content: 'Mail.Example.com.', priority: 10 }),
      rec({ type: 'TXT', name: 'dkim', content: `"${'a'.repeat(249)}" "${'b'.repeat(161)}"` }),
      rec({ type: 'CNAME', name: 'www', content: 'example.com.' }),
    ];
    const { ask, asked } = answering({
      'MX @': [rec({ type: 'MX', name: '@', content: 'mail.example.com', priority: 10, ttl: 3600 })],
      'TXT dkim': [rec({ type: 'TXT', name: 'dkim', content: `"${'a'.repeat(249)}${'b'.repeat(6)}" "${'b'.repeat(155)}"` })],
      'CNAME www': [rec({ type: 'CNAME', name: 'www', content: 'EXAMPLE.COM', ttl: 60 })],
    });
    const r = await checkParity('example.com', expected, [], ask);
    expect(r).toMatchObject({ checked: 3, matching: 3, mismatches: [], mismatchedSets: 0, proxied: 0 });
    expect(asked.sort()).toEqual(['CNAME www.example.com', 'MX example.com', 'TXT dkim.example.com']);
  });

  it('an RRset kept both ways matches when the expected records are among the answers, not when one is missing', async () => {
    const expected = [rec({ type: 'A', name: 'www', content: '192.0.2.1' }), rec({ type: 'A', name: 'api', content: '192.0.2.5' })];
    const { ask } = answering({
      'A www': [rec({ type: 'A', name: 'www', content: '203.0.113.9' }), rec({ type: 'A', name: 'www', content: '192.0.2.1' })],
      'A api': [rec({ type: 'A', name: 'api', content: '203.0.113.5' })],
    });
    const both = new Set(['www|A', 'api|A']);
    const r = await checkParity('example.com', expected, [], ask, undefined, both);
    expect(r).toMatchObject({ checked: 2, matching: 1, mismatchedSets: 1 });
    expect(r.mismatches).toEqual([{ name: 'api', type: 'A', expected: ['192.0.2.5'], actual: ['203.0.113.5'] }]);
    // without the choice, the extra address is a difference
    expect(await checkParity('example.com', expected, [], ask)).toMatchObject({ checked: 2, matching: 0 });
  });

  it('compares whole RRsets: a missing or an extra value makes every record of the set not matching', async () => {
    const expected = [
      rec({ type: 'A', name: 'www', content: '192.0.2.1' }),
      rec({ type: 'A', name: 'www', content: '192.0.2.2' }),
      rec({ type: 'A', name: 'api', content: '192.0.2.5' }),
    ];
    const { ask } = answering({
      'A www': [
        rec({ type: 'A', name: 'www', content: '192.0.2.2' }),
        rec({ type: 'A', name: 'www', content: '192.0.2.1' }),
        rec({ type: 'A', name: 'www', content: '192.0.2.3' }),
      ],
      'A api': [rec({ type: 'A', name: 'api', content: '192.0.2.5' })],
    });
    const r = await checkParity('example.com', expected, [], ask);
    expect(r.checked).toBe(3);
    expect(r.matching).toBe(1);
    expect(r.mismatches).toEqual([
      { name: 'www', type: 'A', expected: ['192.0.2.1', '192.0.2.2'], actual: ['192.0.2.1', '192.0.2.2', '192.0.2.3'] },
    ]);
  });

  it('counts a proxied record as matching when the target holds it proxied, without asking', async () => {
    const expected = [
      rec({ type: 'A', name: 'shop', content: '203.0.113.7' }),
      rec({ type: 'CNAME', name: 'cdn', content: 'origin.example.net' }),
    ];
    const { ask, asked } = answering({});
    const atTarget = [
      rec({ type: 'A', name: 'shop', content: '203.0.113.7', proxied: true }),
      rec({ type: 'CNAME', name: 'cdn', content: 'other.example.net', proxied: true }),
    ];
    const r = await checkParity('example.com', expected, atTarget, ask);
    expect(r.matching).toBe(1);
    expect(r.proxied).toBe(1);
    expect(asked).toEqual([]);
    // the proxied CNAME the target holds has another value: the listing shows it
    expect(r.mismatches).toEqual([
      { name: 'cdn', type: 'CNAME', expected: ['origin.example.net'], actual: ['other.example.net (proxied)'] },
    ]);
  });

  it('asks a record that is not proxied at the target even when the type could be', async () => {
    const { ask, asked } = answering({ 'A www': [rec({ type: 'A', name: 'www', content: '192.0.2.1' })] });
    const r = await checkParity(
      'example.com',
      [rec({ type: 'A', name: 'www', content: '192.0.2.1' })],
      [rec({ type: 'A', name: 'www', content: '192.0.2.1' })],
      ask,
    );
    expect(r.matching).toBe(1);
    expect(asked).toEqual(['A www.example.com']);
  });

  it('shows a failed query and an unreadable answer as the actual value', async () => {
    const ask: AskTarget = async (fqdn) => {
      if (fqdn.startsWith('down')) throw new Error('no answer within 2000 ms');
      return { rcode: 0, records: [], unreadable: ['unreadable CAA RDATA (the RDATA is shorter than its type needs)'] };
    };
    const r = await checkParity(
      'example.com',
      [rec({ type: 'A', name: 'down', content: '192.0.2.1' }), rec({ type: 'CAA', name: '@', content: '0 issue "ca.example"' })],
      [],
      ask,
    );
    expect(r.mismatches).toEqual([
      { name: 'down', type: 'A', expected: ['192.0.2.1'], actual: ['no answer: no answer within 2000 ms'] },
      {
        name: '@',
        type: 'CAA',
        expected: ['0 issue "ca.example"'],
        actual: ['unreadable CAA RDATA (the RDATA is shorter than its type needs)'],
      },
    ]);
  });

  it('lists at most 100 mismatches, in the order of the expected records, and counts them all', async () => {
    const expected = Array.from({ length: 130 }, (_, i) => rec({ type: 'TXT', name: `t${i}`, content: `v${i}` }));
    const r = await checkParity('example.com', expected, [], answering({}).ask);
    expect(r).toMatchObject({ checked: 130, matching: 0, mismatchedSets: 130 });
    expect(r.mismatches).toHaveLength(100);
    expect(r.mismatches.map((m) => m.name)).toEqual(Array.from({ length: 100 }, (_, i) => `t${i}`));
  });
});
