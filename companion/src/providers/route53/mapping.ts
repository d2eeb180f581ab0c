import type { ResourceRecordSet } from '@aws-sdk/client-route-53';
import {
  groupRoutedSets,
  recordFromPresentation,
  recordKey,
  resolveRoutedSet,
  routedProblem,
  routingNotes,
  type DnsRecord,
  type RoutedSet,
  type RoutedZone,
  type RoutingPolicy,
} from '@dnsferry/shared';
import type { SourceProblem, SourceZoneContent } from '../../engine/ports';
import { bareZoneId, decodeName, relativeTo } from './names';

/** The routing policies, by the field that marks a record set as one; the first found names it. */
const POLICIES: ReadonlyArray<[keyof ResourceRecordSet, RoutingPolicy]> = [
  ['Weight', 'weighted'],
  ['Region', 'latency'],
  ['Failover', 'failover'],
  ['GeoLocation', 'geolocation'],
  ['GeoProximityLocation', 'geoproximity'],
  ['CidrRoutingConfig', 'IP-based (CIDR)'],
  ['MultiValueAnswer', 'multivalue answer'],
];

/** What Route 53 lists as the value of a record set an older API version cannot describe (a traffic policy's). */
const UNSUPPORTED_SENTINEL = 'includes an attribute that is unsupported on this Route 53 API version';

function policyOf(set: ResourceRecordSet): RoutingPolicy | null {
  const found = POLICIES.find(([field]) => set[field] !== undefined);
  if (found) return found[1];
  return set.SetIdentifier !== undefined ? 'routing' : null;
}

/**
 * Route 53 writes a byte it escapes as `\ooo`, three OCTAL digits (`"ex\344mple"`), where zone files
 * and the registry read `\DDD` as decimal: rewritten to the decimal form, other escapes left alone.
 */
export function octalEscapesToDecimal(value: string): string {
  return value.replace(/\\(\\|[0-7]{3})/g, (whole, x: string) => (x === '\\' ? whole : `\\${String(parseInt(x, 8)).padStart(3, '0')}`));
}

/** A plain record set's values, each read through the shared registry as Route 53 writes it (presentation form). */
function valuesOf(set: ResourceRecordSet, type: string, name: string): RoutedSet['content'] {
  const values = (set.ResourceRecords ?? []).map((r) => r.Value ?? '');
  if (values.some((v) => v.includes(UNSUPPORTED_SENTINEL))) {
    return {
      kind: 'problem',
      message: 'Route 53 lists it only as "unsupported on this API version" (a traffic policy record); create it by hand',
    };
  }
  const records: DnsRecord[] = [];
  for (const value of values) {
    // Route 53 treats names in values as absolute, trailing dot or not.
    const r = recordFromPresentation({ type, name, ttl: set.TTL ?? 0, rdata: octalEscapesToDecimal(value), origin: null });
    if (!r.ok) return { kind: 'problem', message: `value "${value.slice(0, 120)}" cannot be read: ${r.message}` };
    records.push(r.record);
  }
  return { kind: 'values', records };
}

/** What a listed record set holds, in the terms of the shared alias rules. */
function contentOf(set: ResourceRecordSet, type: string, name: string, zone: { name: string; id: string }): RoutedSet['content'] {
  if (set.TrafficPolicyInstanceId !== undefined) {
    return { kind: 'problem', message: `record set belongs to traffic policy instance ${set.TrafficPolicyInstanceId}; create it by hand` };
  }
  const alias = set.AliasTarget;
  if (!alias) return valuesOf(set, type, name);
  const decoded = decodeName(alias.DNSName ?? '');
  if (!decoded) return { kind: 'problem', message: `alias target "${alias.DNSName ?? ''}" is not a name that can be carried` };
  return { kind: 'alias', target: decoded.replace(/\.$/, ''), sameZone: bareZoneId(alias.HostedZoneId ?? '') === zone.id };
}

/**
 * A hosted zone's record sets as canonical records. Apex SOA and NS belong to Route 53 and are
 * skipped with a note; aliases become the records they answer with (same zone) or a CNAME to the AWS
 * target; a routed name (weighted, latency, …) carries the values of all its record sets together,
 * with a note naming the policy the target does not carry. Nothing is dropped without a note or a problem.
 */
export function mapRecordSets(sets: ResourceRecordSet[], zone: { name: string; id: string }): SourceZoneContent {
  const content: SourceZoneContent = { records: [], problems: [], notes: [] };
  const routed: RoutedSet[] = [];
  for (const set of sets) {
    const type = (set.Type ?? '').toUpperCase();
    const decoded = decodeName(set.Name ?? '');
    const name = decoded === null ? null : relativeTo(decoded, zone.name);
    if (name === null) {
      content.problems.push({ name: set.Name ?? '?', type, message: 'the name holds characters a record name cannot carry; not migrated' });
      continue;
    }
    routed.push({
      type,
      name,
      identifier: set.SetIdentifier,
      policy: policyOf(set),
      healthChecked: set.HealthCheckId !== undefined,
      content: contentOf(set, type, name, zone),
    });
  }

  const groups = groupRoutedSets(routed);
  const routedZone: RoutedZone = { name: zone.name, groups };
  const seen = new Set<string>();
  for (const members of groups.values()) {
    const first = members[0];
    if (!first) continue;
    const { name, type } = first;
    if (type === 'SOA') {
      content.notes.push('SOA not copied: the target writes its own');
      continue;
    }
    if (type === 'NS' && name === '@') {
      content.notes.push("Apex NS (Route 53's name servers) not copied: the target assigns its own");
      continue;
    }
    const problems: SourceProblem[] = [];
    for (const member of members) {
      const r = resolveRoutedSet(routedZone, member);
      if (!r.ok) {
        problems.push({ name, type, message: routedProblem(member, r.message) });
        continue;
      }
      content.notes.push(...r.notes);
      for (const record of r.records) {
        // Routed sets may repeat a value, and the A and AAAA aliases of one name become the same CNAME.
        const id = recordKey(record);
        if (seen.has(id)) continue;
        seen.add(id);
        content.records.push(record);
      }
    }
    content.problems.push(...problems);
    content.notes.push(...routingNotes(members));
  }
  return content;
}
