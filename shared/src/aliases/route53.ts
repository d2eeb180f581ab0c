import { z } from 'zod';
import { recordFromPresentation } from '../records/presentation';
import type { DnsRecord } from '../records/schema';

/**
 * How Route 53's aliases and routing policies reach a target that has neither: one place for the
 * Route 53 source (record sets from its API) and for zone files written by `cli53 export`.
 */

/** A routing policy, by the name the notes give it (`routing` when the record set does not say which). */
export const RoutingPolicySchema = z.enum([
  'weighted',
  'latency',
  'failover',
  'geolocation',
  'geoproximity',
  'IP-based (CIDR)',
  'multivalue answer',
  'routing',
]);
export type RoutingPolicy = z.infer<typeof RoutingPolicySchema>;

/** One Route 53 record set, whatever it was read from. */
export interface RoutedSet {
  /** Upper case. */
  type: string;
  /** Relative to the zone, `@` for the apex. */
  name: string;
  /** Route 53's SetIdentifier: what tells apart the record sets of one routed name. */
  identifier?: string | undefined;
  policy: RoutingPolicy | null;
  healthChecked: boolean;
  content:
    | { kind: 'values'; records: DnsRecord[] }
    /** `target`: absolute, lower case, no trailing dot; `sameZone`: the alias names this hosted zone. */
    | { kind: 'alias'; target: string; sameZone: boolean }
    | { kind: 'problem'; message: string };
}

export type Resolved = { ok: true; records: DnsRecord[]; notes: string[] } | { ok: false; message: string };

/** A zone's record sets by `TYPE name`, for aliases to a record set of the same zone. */
export interface RoutedZone {
  name: string;
  groups: ReadonlyMap<string, readonly RoutedSet[]>;
}

export const routedKey = (type: string, name: string) => `${type.toUpperCase()} ${name}`;

/** Groups record sets by `TYPE name`, in the order they come. */
export function groupRoutedSets(sets: readonly RoutedSet[]): Map<string, RoutedSet[]> {
  const groups = new Map<string, RoutedSet[]>();
  for (const set of sets) {
    const k = routedKey(set.type, set.name);
    const group = groups.get(k);
    if (group) group.push(set);
    else groups.set(k, [set]);
  }
  return groups;
}

/** AWS alias targets told apart by their DNS name (ids differ per region and grow with new ones). */
const AWS_TARGETS: ReadonlyArray<[RegExp, string]> = [
  [/\.cloudfront\.net$/, 'CloudFront distribution'],
  [/\.vpce\.amazonaws\.com$/, 'VPC endpoint'],
  [/\.elb\.amazonaws\.com$|\.elb\.[a-z0-9-]+\.amazonaws\.com$/, 'load balancer'],
  [/^s3-website[.-]/, 'S3 website'],
  [/\.execute-api\.[a-z0-9-]+\.amazonaws\.com$/, 'API Gateway'],
  [/\.awsglobalaccelerator\.com$/, 'Global Accelerator'],
  [/\.elasticbeanstalk\.com$/, 'Elastic Beanstalk environment'],
];

const fqdnOf = (name: string, zone: string) => (name === '@' ? zone : `${name}.${zone}`);

/** `www.example.org` in zone `example.org` → `www`; the apex → `@`; null outside the zone. */
export function nameInZone(absolute: string, zone: string): string | null {
  const name = absolute.toLowerCase().replace(/\.$/, '');
  const z = zone.toLowerCase().replace(/\.$/, '');
  if (name === z) return '@';
  return name.endsWith(`.${z}`) ? name.slice(0, -(z.length + 1)) : null;
}

/** An alias to an AWS resource (or another hosted zone): a CNAME to its DNS name, which the target flattens at the apex. */
function toAwsTarget(set: RoutedSet, host: string, zone: string): Resolved {
  const kind = AWS_TARGETS.find(([re]) => re.test(host))?.[1] ?? 'AWS target';
  // An S3 website answers for the bucket named as the record: the host is the record's name before the regional endpoint.
  const content = kind === 'S3 website' ? `${fqdnOf(set.name, zone)}.${host}` : host;
  const cname = recordFromPresentation({ type: 'CNAME', name: set.name, ttl: 1, rdata: `${content}.`, origin: null });
  if (!cname.ok) return { ok: false, message: `alias target ${content} cannot be a CNAME: ${cname.message}` };
  return {
    ok: true,
    records: [cname.record],
    notes: [
      `Alias ${set.type} ${set.name} → ${kind} ${host}: migrated as CNAME to ${content}${set.name === '@' ? ' (flattened at the apex by the target)' : ''}, TTL automatic`,
    ],
  };
}

/** An alias to a record set of the same zone: the records that set answers with (all of them when it is routed). */
function toSameZone(zone: RoutedZone, set: RoutedSet, target: string, seen: Set<string>): Resolved {
  const targetName = nameInZone(target, zone.name);
  const k = targetName === null ? '' : routedKey(set.type, targetName);
  const members = targetName === null ? undefined : zone.groups.get(k);
  if (targetName === null || !members) return { ok: false, message: `alias target ${set.type} ${target} does not exist in this zone` };
  if (seen.has(k)) return { ok: false, message: 'alias chain loops back on itself' };
  const records: DnsRecord[] = [];
  for (const member of members) {
    const inner = resolveRoutedSet(zone, member, new Set([...seen, k]));
    if (!inner.ok) return { ok: false, message: `alias to ${set.type} ${targetName}, whose ${inner.message}` };
    records.push(...inner.records);
  }
  const policy = members.map((m) => m.policy).find((p) => p !== null);
  return {
    ok: true,
    records: records.map((r) => ({ ...r, name: set.name })),
    notes: [
      `Alias ${set.type} ${set.name} → ${set.type} ${targetName} of this zone: copied its ${records.length} record(s)${policy ? ` (all values of its ${policy} set)` : ''}; later changes to it will not follow`,
    ],
  };
}

/**
 * What one record set answers with at the target: its values; for an alias to a record of the same
 * zone, that record's data; for an alias to CloudFront, ELB, S3 or another AWS target, a CNAME to the
 * target's DNS name. `seen` holds the sets an alias chain went through.
 */
export function resolveRoutedSet(zone: RoutedZone, set: RoutedSet, seen: Set<string> = new Set()): Resolved {
  const { content } = set;
  if (content.kind === 'problem') return { ok: false, message: content.message };
  if (content.kind === 'values') return { ok: true, records: content.records, notes: [] };
  return content.sameZone ? toSameZone(zone, set, content.target, seen) : toAwsTarget(set, content.target, zone.name);
}

/** What a name's record sets do that the target will not: a routing policy, health checks. Never silent. */
export function routingNotes(members: readonly RoutedSet[]): string[] {
  const first = members[0];
  if (!first) return [];
  const notes: string[] = [];
  const policy = members.map((m) => m.policy).find((p) => p !== null);
  if (policy) {
    const ids = members.map((m) => m.identifier ?? '?').join(', ');
    notes.push(
      `${first.type} ${first.name}: ${policy} routing is not carried (record sets ${ids}); the target answers with the values of all of them together${policy === 'failover' ? ', the secondary too while the primary is healthy' : ''}`,
    );
  }
  const checked = members.filter((m) => m.healthChecked).length;
  if (checked > 0) {
    notes.push(
      `${first.type} ${first.name}: health checks are not carried (${checked} record set(s)); the target answers whether or not the endpoints are healthy`,
    );
  }
  return notes;
}

/** A problem with one record set, named by its identifier when the name has several. */
export function routedProblem(set: RoutedSet, message: string): string {
  return `${set.identifier ? `record set "${set.identifier}": ` : ''}${message}`;
}
