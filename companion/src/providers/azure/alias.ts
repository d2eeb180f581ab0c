import { azureAliasTarget, copiedSetNote, type DnsRecordInput } from '@dnsferry/shared';
import { UpstreamError } from '../../errors';
import type { ArmClient } from './arm-client';
import { mapRecordSet, recordType, relName } from './mapping';
import { API_VERSION, PublicIpWireSchema, TrafficManagerWireSchema, type RecordSetWire } from './wire';

/** What an alias record set became: records to create plus a note, or the reason it could not be carried over. */
export type AliasOutcome = { ok: true; records: DnsRecordInput[]; note: string } | { ok: false; message: string };

export interface AliasContext {
  arm: ArmClient;
  zone: { subscriptionId: string; resourceGroup: string; name: string };
  /** Every record set of the zone by `TYPE name`, to resolve aliases to a record set of the same zone. */
  sets: Map<string, RecordSetWire>;
  signal: AbortSignal;
  /** One GET per target resource, however many aliases point at it. */
  cache: Map<string, Promise<unknown>>;
}

export const setKey = (type: string, name: string) => `${type.toUpperCase()} ${name.toLowerCase()}`;

/** Failures that say something about this one target (no access, gone) become the alias's problem; the rest stop the zone. */
function describeFailure(err: unknown): string {
  if (err instanceof UpstreamError && ['permission', 'not_found', 'invalid', 'conflict', 'upstream'].includes(err.kind)) {
    return `its target could not be read (${err.message})`;
  }
  throw err;
}

function fetchOnce(ctx: AliasContext, id: string, apiVersion: string): Promise<unknown> {
  const key = id.toLowerCase();
  let p = ctx.cache.get(key);
  if (!p) {
    p = ctx.arm.get(`${encodeURI(id.startsWith('/') ? id : `/${id}`)}?api-version=${apiVersion}`, ctx.signal);
    ctx.cache.set(key, p);
  }
  return p;
}

/**
 * Resolves an alias record set: to a record set of the same zone → a copy of its records; to a
 * Traffic Manager profile → a CNAME to the profile's DNS name; to a public IP → its current address
 * (a snapshot: Azure would have followed changes). Anything else cannot be expressed at the target.
 */
export async function resolveAlias(ctx: AliasContext, rs: RecordSetWire, seen: Set<string> = new Set()): Promise<AliasOutcome> {
  const type = recordType(rs);
  const name = relName(rs);
  const ttl = rs.properties.TTL && rs.properties.TTL >= 1 ? rs.properties.TTL : 1;
  const targetId = rs.properties.targetResource?.id ?? '';
  const target = azureAliasTarget(targetId, ctx.zone);
  if (target.kind === 'unsupported') return { ok: false, message: target.message };

  if (target.kind === 'record-set') {
    const key = setKey(target.type, target.name);
    if (seen.has(key)) return { ok: false, message: 'alias chain loops back on itself' };
    const targetSet = ctx.sets.get(key);
    if (!targetSet) return { ok: false, message: `alias target ${target.type} ${target.name} does not exist in this zone` };
    const mapped = mapRecordSet(targetSet);
    let records: DnsRecordInput[];
    if (mapped.kind === 'alias') {
      const inner = await resolveAlias(ctx, targetSet, new Set([...seen, setKey(type, name)]));
      if (!inner.ok) return { ok: false, message: `alias to ${target.type} ${target.name}, which is an alias whose ${inner.message}` };
      records = inner.records;
    } else if (mapped.kind === 'records') {
      records = mapped.records;
    } else {
      return { ok: false, message: `alias target ${target.type} ${target.name} holds no records` };
    }
    return { ok: true, records: records.map((r) => ({ ...r, name, ttl })), note: copiedSetNote(type, name, target, records.length) };
  }

  if (target.kind === 'traffic-manager') {
    let body: unknown;
    try {
      body = await fetchOnce(ctx, targetId, API_VERSION.trafficManager);
    } catch (err) {
      return { ok: false, message: describeFailure(err) };
    }
    const profile = TrafficManagerWireSchema.safeParse(body);
    const fqdn = profile.success ? profile.data.properties.dnsConfig?.fqdn : undefined;
    if (!fqdn) return { ok: false, message: `Traffic Manager profile ${target.name} has no DNS name` };
    const content = fqdn.replace(/\.$/, '').toLowerCase();
    return {
      ok: true,
      records: [{ type: 'CNAME', name, ttl, content }],
      note: `Alias ${type} ${name} → Traffic Manager profile ${target.name}: migrated as CNAME to ${content}${name === '@' ? ' (flattened at the apex by the target)' : ''}`,
    };
  }

  let body: unknown;
  try {
    body = await fetchOnce(ctx, targetId, API_VERSION.publicIp);
  } catch (err) {
    return { ok: false, message: describeFailure(err) };
  }
  const ip = PublicIpWireSchema.safeParse(body);
  const address = ip.success ? ip.data.properties.ipAddress : undefined;
  if (!address) return { ok: false, message: `public IP ${target.name} has no address allocated (a dynamic IP not in use)` };
  const family = address.includes(':') ? 'AAAA' : 'A';
  if (type !== family)
    return {
      ok: false,
      message: `alias of type ${type} points at public IP ${target.name}, whose address ${address} is ${family === 'A' ? 'IPv4' : 'IPv6'}`,
    };
  return {
    ok: true,
    records: [{ type: family, name, ttl, content: address.toLowerCase() }],
    note: `Alias ${type} ${name} → public IP ${target.name}: copied its current address ${address} as a snapshot; Azure kept it in step with the IP, the target will not`,
  };
}
