import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, HELD_TYPES, RECORD_TYPES, disposition, isProxiable, sameTtl, targetTtl } from '@dnsferry/shared';

const rec = (r: object) => DnsRecordSchema.parse(r);

describe('what the target holds', () => {
  it('holds every type but the ones it writes or signs itself', () => {
    expect(RECORD_TYPES.filter((t) => !HELD_TYPES.includes(t as never))).toEqual([
      'SOA',
      'DNSKEY',
      'CDS',
      'CDNSKEY',
      'RRSIG',
      'NSEC',
      'NSEC3',
      'NSEC3PARAM',
    ]);
  });

  it('gives each record its disposition: hold, skip with why, fail with why', () => {
    expect(disposition({ type: 'A', name: 'www' })).toEqual({ action: 'hold' });
    expect(disposition({ type: 'NS', name: 'sub' })).toEqual({ action: 'hold' });
    expect(disposition({ type: 'NS', name: '@' })).toMatchObject({ action: 'skip', reason: expect.stringMatching(/apex NS/) });
    expect(disposition({ type: 'RRSIG', name: 'www' })).toMatchObject({ action: 'skip', reason: expect.stringMatching(/signs the zone/) });
    expect(disposition({ type: 'DS', name: 'child' })).toEqual({ action: 'hold' });
    expect(disposition({ type: 'DS', name: '@' })).toMatchObject({ action: 'fail', reason: expect.stringMatching(/registrar/) });
  });

  it('proxies A, AAAA and CNAME only', () => {
    expect(HELD_TYPES.filter((type) => isProxiable({ type }))).toEqual(['A', 'AAAA', 'CNAME']);
  });

  it('brings a TTL into its range, 1 meaning automatic', () => {
    expect([0, 1, 30, 60, 300, 86400, 604800].map(targetTtl)).toEqual([60, 1, 60, 60, 300, 86400, 86400]);
  });

  it('reads a TTL drift only where the target keeps the TTL the source asks for', () => {
    const held = rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 1 });
    expect(sameTtl(rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 }), held)).toBe(false);
    expect(sameTtl(rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300, proxied: true }), held)).toBe(true);
    expect(sameTtl(rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 30 }), { ...held, ttl: 60 })).toBe(true);
  });
});
