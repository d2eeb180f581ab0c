import { describe, expect, it } from 'vitest';
import { clashAtName, cnameClash, singlePolicy } from '@dnsferry/shared';

const txt = (name: string, content: string) => ({ type: 'TXT', name, content });

describe('what a name may hold only once', () => {
  it.each([
    [txt('@', '"v=spf1 -all"'), 'SPF'],
    [txt('@', '"V=SPF1 include:x" " -all"'), 'SPF'],
    [txt('@', '"v=spf1"'), 'SPF'],
    [txt('@', '"v=spf10 -all"'), null],
    [txt('@', '"google-site-verification=abc"'), null],
    [txt('_dmarc', '"v=DMARC1; p=none"'), 'DMARC'],
    [txt('_dmarc.shop', '"v=DMARC1;p=reject"'), 'DMARC'],
    [txt('@', '"v=DMARC1; p=none"'), null],
    [{ type: 'SPF', name: '@', content: 'v=spf1 -all' }, null],
  ])('%o is %s', (r, policy) => {
    expect(singlePolicy(r)).toBe(policy);
  });

  it('a CNAME stands alone; SPF and DMARC once per name; anything else may share', () => {
    const a = { type: 'A', name: 'www', content: '192.0.2.1' };
    const cname = { type: 'CNAME', name: 'www', content: 'web.example.net' };
    expect(clashAtName(cname, [a])).toMatch(/a CNAME stands alone at its name \(RFC 1034 §3\.6\.2\), and www also holds A$/);
    expect(clashAtName(a, [cname])).toMatch(/^www holds a CNAME/);
    expect(clashAtName(cname, [])).toBeNull();
    expect(clashAtName(txt('@', '"v=spf1 include:new -all"'), [txt('@', '"v=spf1 include:old -all"')])).toMatch(
      /second SPF record.*RFC 7208 §4\.5/,
    );
    expect(clashAtName(txt('@', '"v=spf1 -all"'), [txt('@', '"verification=1"'), { type: 'MX', name: '@', content: 'mx' }])).toBeNull();
    expect(clashAtName(txt('_dmarc', '"v=DMARC1; p=reject"'), [txt('_dmarc', '"v=DMARC1; p=none"')])).toMatch(/second DMARC record/);
    expect(clashAtName({ type: 'A', name: 'www', content: '192.0.2.2' }, [a])).toBeNull();
  });

  it('at the apex a CNAME is flattened: it may sit beside MX, TXT and the rest, not beside A, AAAA or another CNAME', () => {
    const cname = { type: 'CNAME', name: '@', content: 'app.host.example' };
    const others = [
      { type: 'MX', name: '@', content: 'mail.example.com' },
      txt('@', '"v=spf1 -all"'),
      { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"' },
    ];
    expect(clashAtName(cname, others)).toBeNull();
    for (const o of others) expect(clashAtName(o, [cname])).toBeNull();
    expect(clashAtName(cname, [...others, { type: 'AAAA', name: '@', content: '2001:db8::1' }])).toBe(
      'at the apex a CNAME is flattened and may sit beside other records, but not beside A, AAAA or another CNAME, and @ also holds AAAA',
    );
    expect(clashAtName({ type: 'A', name: '@', content: '192.0.2.1' }, [cname])).toMatch(/^@ holds a CNAME: at the apex/);
    expect(clashAtName({ ...cname, content: 'other.host.example' }, [cname])).toMatch(/also holds CNAME$/);
    // below the apex the RFC rule stands
    expect(clashAtName({ type: 'CNAME', name: 'www', content: 'x.example' }, [{ type: 'MX', name: 'www', content: 'mx' }])).toMatch(
      /RFC 1034 §3\.6\.2.*also holds MX$/,
    );
  });

  it.each([
    ['@', 'CNAME', 'MX', false],
    ['@', 'TXT', 'CNAME', false],
    ['@', 'CNAME', 'A', true],
    ['@', 'AAAA', 'CNAME', true],
    ['@', 'CNAME', 'CNAME', true],
    ['www', 'CNAME', 'MX', true],
    ['www', 'A', 'TXT', false],
  ])('at %s, %s beside %s clashes: %s', (name, a, b, clash) => {
    expect(cnameClash(name, a, b)).toBe(clash);
  });
});
