import { describe, expect, it } from 'vitest';
import { HELD_TYPES, RECORD_TYPES, isProxiable } from '@dnsferry/shared';

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

  it('proxies A, AAAA and CNAME only', () => {
    expect(HELD_TYPES.filter((type) => isProxiable({ type }))).toEqual(['A', 'AAAA', 'CNAME']);
  });
});
