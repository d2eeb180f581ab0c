import { describe, expect, it } from 'vitest';
import { recordFromRow } from '../../../shared/src/table/row';
import type { TableColumn } from '@dnsferry/shared';

const COLUMNS: TableColumn[] = ['type', 'name', 'value', 'ttl', 'priority', 'weight', 'port'];
const row = (cells: string[], columns: Array<TableColumn | null> = COLUMNS) => recordFromRow(cells, columns, 'example.com');
const record = (cells: string[], columns?: Array<TableColumn | null>) => {
  const r = row(cells, columns);
  if (!r.ok) throw new Error(r.message);
  return r.record;
};
const problem = (cells: string[], columns?: Array<TableColumn | null>) => {
  const r = row(cells, columns);
  return r.ok ? null : r.message;
};

describe('recordFromRow: names', () => {
  it('reads @, an empty name, relative names and absolute ones with or without the zone and the dot', () => {
    const name = (n: string) => record(['A', n, '192.0.2.1', '300']).name;
    expect([name('@'), name(''), name('example.com'), name('example.com.'), name('EXAMPLE.COM')]).toEqual(['@', '@', '@', '@', '@']);
    expect([name('www'), name('www.example.com'), name('www.example.com.'), name('a.b')]).toEqual(['www', 'www', 'www', 'a.b']);
    expect(name('*.dev')).toBe('*.dev');
    expect(name('bücher')).toBe('xn--bcher-kva');
  });

  it('refuses an absolute name elsewhere, and names that are no names', () => {
    expect(problem(['A', 'www.example.net.', '192.0.2.1', '300'])).toBe('www.example.net is not inside the zone example.com');
    expect(problem(['A', 'a b', '192.0.2.1', '300'])).toBe('"a b" is not a valid name');
    expect(problem(['A', 'a.*', '192.0.2.1', '300'])).toBe('"a.*" is not a valid record name');
  });
});

describe('recordFromRow: types and values', () => {
  it('reads "A Record" as A, and refuses a web redirect naming it', () => {
    expect(record(['A Record', 'www', '192.0.2.1', '300']).type).toBe('A');
    expect(problem(['URL Redirect Record', 'www', 'http://example.net', ''])).toMatch(
      /^"URL Redirect Record" is the DNS host's web redirect/,
    );
    expect(problem(['Forwarding', 'www', 'http://example.net', ''])).toMatch(/web redirect/);
  });

  it('reads ALIAS as a CNAME, saying so', () => {
    const r = row(['ALIAS', '@', 'lb.provider.example', '300']);
    expect(r).toEqual({
      ok: true,
      record: { type: 'CNAME', name: '@', ttl: 300, content: 'lb.provider.example' },
      notes: ['the ALIAS record is read as a CNAME (the target flattens a CNAME at the apex, as ALIAS did)'],
    });
  });

  it('takes a value as absolute, @ for the zone', () => {
    expect(record(['CNAME', 'www', '@', '300']).content).toBe('example.com');
    expect(record(['CNAME', 'www', 'ghs.googlehosted.com', '300']).content).toBe('ghs.googlehosted.com');
    expect(record(['CNAME', 'www', 'ghs.googlehosted.com.', '300']).content).toBe('ghs.googlehosted.com');
  });

  it('keeps a TXT value as one text, spaces included; quoted strings stay strings', () => {
    expect(record(['TXT', '@', 'v=spf1 include:_spf.example.net  -all', '300']).content).toBe('v=spf1 include:_spf.example.net  -all');
    expect(record(['TXT', '@', '"part one" "part two"', '300']).content).toBe('"part one" "part two"');
  });

  it('takes MX, SRV and URI fields from their columns or from the value', () => {
    expect(record(['MX', '@', 'mail.example.com', '300', '10'])).toEqual({
      type: 'MX',
      name: '@',
      ttl: 300,
      content: 'mail.example.com',
      priority: 10,
    });
    expect(record(['MX', '@', '20 mail.example.com', '300', ''])).toMatchObject({ content: 'mail.example.com', priority: 20 });
    expect(record(['MX', '@', '20 mail.example.com', '300', '20'])).toMatchObject({ priority: 20 });
    expect(record(['MX', '@', 'mail.example.com (Priority: 5)', '300'])).toMatchObject({ content: 'mail.example.com', priority: 5 });
    expect(record(['MX', '@', '@', '300', '0'])).toMatchObject({ content: 'example.com', priority: 0 });
    expect(record(['SRV', '_sip._tls', 'sip.example.net', '300', '100', '1', '443'])).toMatchObject({
      content: 'sip.example.net',
      priority: 100,
      weight: 1,
      port: 443,
    });
    expect(record(['SRV', '_sip._tls', '1 443 sip.example.net', '300', '100', '', ''])).toMatchObject({
      priority: 100,
      weight: 1,
      port: 443,
    });
    expect(record(['SRV', '_sip._tls', '100 1 443 sip.example.net', '300'])).toMatchObject({ priority: 100, weight: 1, port: 443 });
    expect(record(['URI', '_ftp._tcp', '"ftp://ftp.example.net/"', '300', '10', '1']).content).toBe('10 1 "ftp://ftp.example.net/"');
  });

  it('refuses MX and SRV rows whose fields are missing or disagree', () => {
    expect(problem(['MX', '@', 'mail.example.com', '300', ''])).toBe(
      'an MX record needs its priority: in its own column, or in the value (10 mail.example.com)',
    );
    expect(problem(['SRV', '_sip._tls', 'sip.example.net', '300', '10', '', ''])).toBe(
      'an SRV record needs its weight, port: in their own columns, or in the value (10 5 443 sip.example.com)',
    );
    expect(problem(['MX', '@', '20 mail.example.com', '300', '10'])).toBe('the priority column says 10 but the value gives 20');
  });

  it('ignores a priority shown for a type that has none; "-" is an empty cell', () => {
    expect(record(['A', 'www', '192.0.2.1', '300', '0'])).toEqual({ type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' });
    expect(record(['A', 'www', '192.0.2.1', '-'])).toMatchObject({ ttl: 1 });
  });

  it('says what is wrong with a value, a TTL, a missing type or value, a cut-off value', () => {
    expect(problem(['A', 'www', '999.1.1.1', '300'])).toMatch(/999\.1\.1\.1/);
    expect(problem(['A', 'www', '192.0.2.1', 'forever'])).toBe('"forever" is not a TTL (seconds, or as "1 Hour", "30 min", "Automatic")');
    expect(problem(['', 'www', '192.0.2.1', '300'])).toBe('the row has no type');
    expect(problem(['A', 'www', '', '300'])).toBe('the row has no value');
    expect(problem(['TXT', '@', 'v=DKIM1; k=rsa; p=MIIBIjANBgkq…', '300'])).toMatch(/cut short/);
    expect(problem(['HINFO', 'www', '"PC" "Linux"', '300'])).toBe('record type HINFO is not supported');
  });

  it('skips the SOA row with a note, not as a failure', () => {
    expect(row(['SOA', '@', 'Primary nameserver: ns1.example.net.', '3600'])).toMatchObject({ ok: false, skipped: true });
  });

  it('reads the proxy status for the types the target proxies', () => {
    const cols: TableColumn[] = ['type', 'name', 'value', 'proxy', 'ttl'];
    expect(record(['A', '@', '192.0.2.1', 'Proxied', 'Auto'], cols)).toEqual({
      type: 'A',
      name: '@',
      ttl: 1,
      content: '192.0.2.1',
      proxied: true,
    });
    expect(record(['CNAME', 'www', '@', 'DNS only', 'Auto'], cols)).toMatchObject({ proxied: false });
    expect(record(['MX', '@', '10 mx.example.net', 'DNS only', 'Auto'], cols)).not.toHaveProperty('proxied');
    expect(problem(['A', '@', '192.0.2.1', 'Maybe', 'Auto'], cols)).toBe('the proxy status "Maybe" is neither "Proxied" nor "DNS only"');
  });
});
