import type { ResourceRecordSet } from '@aws-sdk/client-route-53';
import { recordFromPresentation, recordKey, type DnsRecord } from '@dnsferry/shared';
import type { SourceProblem, SourceZoneContent } from '../source';
import { bareZoneId, decodeName, relativeTo } from './names';

/** A listed record set with its name read relative to the zone. */
interface Listed {
  set: ResourceRecordSet;
  name: string;
  type: string;
}

/** The routing policies, by the field that marks a record set as one; the first found names it. */
const POLICIES: ReadonlyArray<[keyof ResourceRecordSet, string]> = [
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

const key = (type: string, name: string) => `${type} ${name}`;

function policyOf(set: ResourceRecordSet): string | null {
  const found = POLICIES.find(([field]) => set[field] !== undefined);
  if (found) return found[1];
  return set.SetIdentifier !== undefined ? 'routing' : null;
}

type Resolved = { ok: true; records: DnsRecord[]; notes: string[] } | { ok: false; message: string };

interface ZoneContext {
  zone: { name: string; id: string };
  groups: Map<string, Listed[]>;
}

function fqdnOf(name: string, zone: string): string {
  return name === '@' ? zone : `${name}.${zone}`;
}

/**
 * Route 53 writes a byte it escapes as `\ooo`, three OCTAL digits (`"ex\344mple"`), where zone files
 * and the registry read `\DDD` as decimal: rewritten to the decimal form, other escapes left alone.
 */
export function octalEscapesToDecimal(value: string): string {
  return value.replace(/\\(\\|[0-7]{3})/g, (whole, x: string) => (x === '\\' ? whole : `\\${String(parseInt(x, 8)).padStart(3, '0')}`));
}

/** A plain record set's values, each read through the shared registry as Route 53 writes it (presentation form). */
function valuesOf(l: Listed): Resolved {
  const values = (l.set.ResourceRecords ?? []).map((r) => r.Value ?? '');
  if (values.some((v) => v.includes(UNSUPPORTED_SENTINEL))) {
    return {
      ok: false,
      message: 'Route 53 lists it only as "unsupported on this API version" (a traffic policy record); create it by hand',
    };
  }
  const records: DnsRecord[] = [];
  for (const value of values) {
    // Route 53 treats names in values as absolute, trailing dot or not.
    const r = recordFromPresentation({
      type: l.type,
      name: l.name,
      ttl: l.set.TTL ?? 0,
      rdata: octalEscapesToDecimal(value),
      origin: null,
    });
    if (!r.ok) return { ok: false, message: `value "${value.slice(0, 120)}" cannot be read: ${r.message}` };
    records.push(r.record);
  }
  return { ok: true, records, notes: [] };
}

function resolveAlias(ctx: ZoneContext, l: Listed, seen: Set<string>): Resolved {
  const alias = l.set.AliasTarget;
  const decoded = decodeName(alias?.DNSName ?? '');
  if (!alias || !decoded) return { ok: false, message: `alias target "${alias?.DNSName ?? ''}" is not a name that can be carried` };
  const host = decoded.replace(/\.$/, '');

  if (bareZoneId(alias.HostedZoneId ?? '') === ctx.zone.id) {
    const targetName = relativeTo(decoded, ctx.zone.name);
    const target = targetName === null ? undefined : ctx.groups.get(key(l.type, targetName));
    if (targetName === null || !target) return { ok: false, message: `alias target ${l.type} ${host} does not exist in this zone` };
    const k = key(l.type, targetName);
    if (seen.has(k)) return { ok: false, message: 'alias chain loops back on itself' };
    const records: DnsRecord[] = [];
    for (const member of target) {
      const inner = resolve(ctx, member, new Set([...seen, k]));
      if (!inner.ok) return { ok: false, message: `alias to ${l.type} ${targetName}, whose ${inner.message}` };
      records.push(...inner.records);
    }
    const policy = target.map((m) => policyOf(m.set)).find((p) => p !== null);
    return {
      ok: true,
      records: records.map((r) => ({ ...r, name: l.name })),
      notes: [
        `Alias ${l.type} ${l.name} → ${l.type} ${targetName} of this zone: copied its ${records.length} record(s)${policy ? ` (all values of its ${policy} set)` : ''}; later changes to it will not follow`,
      ],
    };
  }

  const kind = AWS_TARGETS.find(([re]) => re.test(host))?.[1] ?? 'AWS target';
  // An S3 website answers for the bucket named as the record: the host is the record's name before the regional endpoint.
  const content = kind === 'S3 website' ? `${fqdnOf(l.name, ctx.zone.name)}.${host}` : host;
  const cname = recordFromPresentation({ type: 'CNAME', name: l.name, ttl: 1, rdata: `${content}.`, origin: null });
  if (!cname.ok) return { ok: false, message: `alias target ${content} cannot be a CNAME: ${cname.message}` };
  return {
    ok: true,
    records: [cname.record],
    notes: [
      `Alias ${l.type} ${l.name} → ${kind} ${host}: migrated as CNAME to ${content}${l.name === '@' ? ' (flattened at the apex by the target)' : ''}, TTL automatic`,
    ],
  };
}

function resolve(ctx: ZoneContext, l: Listed, seen: Set<string>): Resolved {
  if (l.set.TrafficPolicyInstanceId !== undefined) {
    return { ok: false, message: `record set belongs to traffic policy instance ${l.set.TrafficPolicyInstanceId}; create it by hand` };
  }
  if (l.set.AliasTarget) return resolveAlias(ctx, l, seen);
  return valuesOf(l);
}

/**
 * A hosted zone's record sets as canonical records. Apex SOA and NS belong to Route 53 and are
 * skipped with a note; aliases become the records they answer with (same zone) or a CNAME to the AWS
 * target; a routed name (weighted, latency, …) carries the values of all its record sets together,
 * with a note naming the policy the target does not carry. Nothing is dropped without a note or a problem.
 */
export function mapRecordSets(sets: ResourceRecordSet[], zone: { name: string; id: string }): SourceZoneContent {
  const content: SourceZoneContent = { records: [], problems: [], notes: [] };
  const groups = new Map<string, Listed[]>();
  for (const set of sets) {
    const type = (set.Type ?? '').toUpperCase();
    const decoded = decodeName(set.Name ?? '');
    const name = decoded === null ? null : relativeTo(decoded, zone.name);
    if (name === null) {
      content.problems.push({ name: set.Name ?? '?', type, message: 'the name holds characters a record name cannot carry; not migrated' });
      continue;
    }
    const k = key(type, name);
    groups.set(k, [...(groups.get(k) ?? []), { set, name, type }]);
  }

  const ctx: ZoneContext = { zone, groups };
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
      const r = resolve(ctx, member, new Set());
      if (!r.ok) {
        problems.push({
          name,
          type,
          message: `${member.set.SetIdentifier ? `record set "${member.set.SetIdentifier}": ` : ''}${r.message}`,
        });
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
    const policy = members.map((m) => policyOf(m.set)).find((p) => p !== null);
    if (policy) {
      const ids = members.map((m) => m.set.SetIdentifier ?? '?').join(', ');
      content.notes.push(
        `${type} ${name}: ${policy} routing is not carried (record sets ${ids}); the target answers with the values of all of them together${policy === 'failover' ? ', the secondary too while the primary is healthy' : ''}`,
      );
    }
    const checked = members.filter((m) => m.set.HealthCheckId !== undefined).length;
    if (checked > 0) {
      content.notes.push(
        `${type} ${name}: health checks are not carried (${checked} record set(s)); the target answers whether or not the endpoints are healthy`,
      );
    }
  }
  return content;
}
