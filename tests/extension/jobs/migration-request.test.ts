import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '@dnsferry/shared';
import { migrateRequest, type MigrateInput } from '@/jobs/migration';
import { zoneOf, type ReviewZone } from '@/utils/review-zones';

const ACCOUNT = 'a'.repeat(32);
const SUB = '11111111-2222-3333-4444-555555555555';
const APEX: DnsRecord = { type: 'A', name: '@', ttl: 300, content: '192.0.2.1', proxied: true };
const WWW: DnsRecord = { type: 'CNAME', name: 'www', ttl: 300, content: 'example.com' };
const MX: DnsRecord = { type: 'MX', name: '@', ttl: 300, content: 'mail.example.com', priority: 10 };

/** A review of example.com with three records, nothing left out, nothing proxied, and no source fields. */
function input(over: Partial<MigrateInput> = {}): MigrateInput {
  return {
    target: { token: ' tok ', accountId: ACCOUNT },
    dryRun: true,
    zones: [zoneOf('example.com', [APEX, WWW, MX])],
    excluded: new Set(),
    proxied: new Set(),
    modes: {},
    source: {},
    ...over,
  };
}

describe('migrateRequest', () => {
  it("sends the chosen records in the source's order, with the proxying chosen, and their keys by position", () => {
    const zone = input().zones[0]!;
    const [apex, www, mx] = zone.ordered;
    const built = migrateRequest(input({ excluded: new Set([mx!.key]), proxied: new Set([www!.key]) }));
    expect(built.request).toEqual({
      targetToken: 'tok',
      targetAccountId: ACCOUNT,
      dryRun: true,
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
            { type: 'CNAME', name: 'www', ttl: 300, content: 'example.com', proxied: true },
          ],
        },
      ],
    });
    expect(built.sentKeys).toEqual({ 'example.com': [apex!.key, www!.key] });
    expect(built.expected).toEqual({ 'example.com': 3 });
  });

  it('leaves out a zone with every record deselected, and gives a mirrored zone its mode', () => {
    const other = zoneOf('other.com', [{ type: 'A', name: '@', ttl: 60, content: '198.51.100.1' }]);
    const zones = [input().zones[0]!, other];
    const built = migrateRequest(
      input({ zones, excluded: new Set(other.ordered.map((r) => r.key)), modes: { 'example.com': { mode: 'mirror', prune: true } } }),
    );
    expect(built.request.zones.map((z) => [z.name, z.mode, z.prune])).toEqual([['example.com', 'mirror', true]]);
    expect(built.sentKeys).toEqual({ 'example.com': expect.any(Array) as unknown, 'other.com': [] });
  });

  it('sends the RRsets chosen one by one with their zone, whether it is sent by records or by name', () => {
    const rrsets = [{ name: 'www', type: 'CNAME' as const, action: 'replace' as const }];
    const read: ReviewZone = { ...zoneOf('b.com', [MX]), fromSource: { problems: [] } };
    const built = migrateRequest(input({ zones: [input().zones[0]!, read], modes: { 'example.com': { rrsets }, 'b.com': { rrsets } } }));
    expect(built.request.zones.map((z) => [z.name, z.mode, z.rrsets, z.records?.length])).toEqual([
      ['example.com', undefined, rrsets, 3],
      ['b.com', undefined, rrsets, undefined],
    ]);
  });

  it('sends a zone offered by name by name, with what the source adds, and reads a dry-run read zone afresh while it is whole', () => {
    const byName: ReviewZone = { name: 'a.com', groups: null, ordered: [], expected: 7, resourceGroup: 'rg1' };
    const read: ReviewZone = { ...zoneOf('b.com', [MX]), fromSource: { problems: [] } };
    const source = { subscriptionId: SUB, authMethod: 'bearerToken' as const, sourceToken: 'arm' };
    const built = migrateRequest(input({ dryRun: false, zones: [byName, read], source }));
    expect(built.request).toEqual({
      targetToken: 'tok',
      targetAccountId: ACCOUNT,
      dryRun: false,
      zones: [{ name: 'a.com', resourceGroup: 'rg1' }, { name: 'b.com' }],
      ...source,
    });
    expect(built.expected).toEqual({ 'a.com': 7, 'b.com': 1 });

    // once a record of the read zone is changed (here its proxying), exactly the chosen records are sent
    const proxiedA = { ...zoneOf('b.com', [{ ...APEX, proxied: false }]), fromSource: { problems: [] } };
    const changed = migrateRequest(input({ zones: [proxiedA], proxied: new Set([proxiedA.ordered[0]!.key]), source }));
    expect(changed.request.zones).toEqual([
      { name: 'b.com', records: [{ type: 'A', name: '@', ttl: 300, content: '192.0.2.1', proxied: true }] },
    ]);
  });
});
