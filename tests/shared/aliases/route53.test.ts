import { describe, expect, it } from 'vitest';
import { groupRoutedSets, nameInZone, resolveRoutedSet, routedProblem, routingNotes, type RoutedSet } from '@dnsferry/shared';

const values = (name: string, ...addresses: string[]): RoutedSet => ({
  type: 'A',
  name,
  policy: null,
  healthChecked: false,
  content: { kind: 'values', records: addresses.map((content) => ({ type: 'A' as const, name, ttl: 60, content })) },
});
const alias = (name: string, target: string, sameZone: boolean): RoutedSet => ({
  type: 'A',
  name,
  policy: null,
  healthChecked: false,
  content: { kind: 'alias', target, sameZone },
});
const zoneOf = (...sets: RoutedSet[]) => ({ name: 'example.org', groups: groupRoutedSets(sets) });

describe('resolveRoutedSet', () => {
  it('an S3 website alias at the apex: a CNAME to the bucket named as the zone, flattened by the target', () => {
    const set = alias('@', 's3-website.eu-central-1.amazonaws.com', false);
    expect(resolveRoutedSet(zoneOf(set), set)).toEqual({
      ok: true,
      records: [{ type: 'CNAME', name: '@', ttl: 1, content: 'example.org.s3-website.eu-central-1.amazonaws.com' }],
      notes: [
        'Alias A @ → S3 website s3-website.eu-central-1.amazonaws.com: migrated as CNAME to example.org.s3-website.eu-central-1.amazonaws.com (flattened at the apex by the target), TTL automatic',
      ],
    });
  });

  it('an alias to the same zone copies the target records under its own name, with their TTL', () => {
    const www = alias('www', 'origin.example.org', true);
    const r = resolveRoutedSet(zoneOf(values('origin', '192.0.2.1', '192.0.2.2'), www), www);
    expect(r.ok && r.records.map((x) => `${x.name} ${x.content} ${x.ttl}`)).toEqual(['www 192.0.2.1 60', 'www 192.0.2.2 60']);
  });

  it('a loop and a missing target are problems, not records', () => {
    const a = alias('a', 'b.example.org', true);
    const b = alias('b', 'a.example.org', true);
    expect(resolveRoutedSet(zoneOf(a, b), a)).toEqual({
      ok: false,
      message: 'alias to A b, whose alias to A a, whose alias chain loops back on itself',
    });
    const c = alias('c', 'elsewhere.example.net', true);
    expect(resolveRoutedSet(zoneOf(c), c)).toEqual({
      ok: false,
      message: 'alias target A elsewhere.example.net does not exist in this zone',
    });
  });
});

describe('routingNotes and routedProblem', () => {
  it('name the policy and the health checks a routed name loses, and nothing for a plain one', () => {
    const primary = { ...values('db', '192.0.2.1'), identifier: 'p', policy: 'failover' as const, healthChecked: true };
    const secondary = { ...values('db', '192.0.2.2'), identifier: 's', policy: 'failover' as const };
    expect(routingNotes([primary, secondary])).toEqual([
      'A db: failover routing is not carried (record sets p, s); the target answers with the values of all of them together, the secondary too while the primary is healthy',
      'A db: health checks are not carried (1 record set(s)); the target answers whether or not the endpoints are healthy',
    ]);
    expect(routingNotes([values('www', '192.0.2.3')])).toEqual([]);
    expect(routedProblem(primary, 'x')).toBe('record set "p": x');
    expect(routedProblem(values('www'), 'x')).toBe('x');
  });

  it('nameInZone: relative to the zone, the apex as @, null outside', () => {
    expect([
      nameInZone('WWW.Example.org.', 'example.org'),
      nameInZone('example.org', 'example.org.'),
      nameInZone('example.net', 'example.org'),
    ]).toEqual(['www', '@', null]);
  });
});
