import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, HELD_TYPES, PROXIABLE_TYPES, RECORD_TYPES } from '@dnsferry/shared';
import { CAPABILITIES, MANAGED, disposition, sameTtl, targetTtl } from '@dnsferry/companion/providers/cloudflare/capabilities';

const rec = (r: object) => DnsRecordSchema.parse(r);

describe("Cloudflare's capabilities", () => {
  it('are what the contract tells the popup: the types it holds, those it proxies', () => {
    expect(CAPABILITIES.types).toEqual(HELD_TYPES);
    expect(CAPABILITIES.proxiable).toEqual(PROXIABLE_TYPES);
  });

  it('holds every type but those it writes or signs itself, each skipped with why', () => {
    expect(RECORD_TYPES.filter((t) => !(CAPABILITIES.types as readonly string[]).includes(t))).toEqual(Object.keys(MANAGED));
    for (const type of Object.keys(MANAGED)) expect(disposition({ type: type as keyof typeof MANAGED, name: 'www' }).action).toBe('skip');
  });

  it('gives each record its disposition: hold, skip with why, fail with why', () => {
    expect(disposition({ type: 'A', name: 'www' })).toEqual({ action: 'hold' });
    expect(disposition({ type: 'NS', name: 'sub' })).toEqual({ action: 'hold' });
    expect(disposition({ type: 'NS', name: '@' })).toMatchObject({ action: 'skip', reason: expect.stringMatching(/apex NS/) });
    expect(disposition({ type: 'RRSIG', name: 'www' })).toMatchObject({ action: 'skip', reason: expect.stringMatching(/signs the zone/) });
    expect(disposition({ type: 'DS', name: 'child' })).toEqual({ action: 'hold' });
    expect(disposition({ type: 'DS', name: '@' })).toMatchObject({ action: 'fail', reason: expect.stringMatching(/registrar/) });
  });

  it('brings a TTL into its range, 1 meaning automatic', () => {
    expect([0, 1, 30, 60, 300, 86400, 604800].map(targetTtl)).toEqual([60, 1, 60, 60, 300, 86400, 86400]);
    expect(CAPABILITIES.ttl).toEqual({ auto: 1, min: 60, max: 86_400 });
  });

  it('reads a TTL drift only where the target keeps the TTL the source asks for', () => {
    const held = rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 1 });
    expect(sameTtl(rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 }), held)).toBe(false);
    expect(sameTtl(rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300, proxied: true }), held)).toBe(true);
    expect(sameTtl(rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 30 }), { ...held, ttl: 60 })).toBe(true);
  });
});
