import { DnsRecordSchema, quoteBytes, quoteTxt as quoteStrings, type DnsRecord, type DnsRecordInput } from '@dnsferry/shared';
import type { SourceProblem } from '../../engine/ports';
import { CAPABILITIES } from './capabilities';
import type { RecordSetWire } from './wire';

/** The types whose record sets are copied (SOA is Azure's own). */
const COPIED = CAPABILITIES.types.filter((t) => t !== 'SOA');

/** What one Azure record set becomes, before aliases are resolved. */
export type SetOutcome =
  | { kind: 'records'; records: DnsRecordInput[]; notes: string[] }
  | { kind: 'alias'; targetId: string }
  | { kind: 'skipped'; note: string }
  | { kind: 'problem'; message: string };

/** `Microsoft.Network/dnszones/A` (any casing) → `A`. */
export function recordType(rs: Pick<RecordSetWire, 'type'>): string {
  return (rs.type.split('/').pop() ?? rs.type).toUpperCase();
}

/** Record-set names are already relative (`@` for the apex, `_sip._tcp`, `*`). */
export function relName(rs: Pick<RecordSetWire, 'name'>): string {
  const n = rs.name.trim().toLowerCase();
  return n === '' ? '@' : n;
}

/** Host names come with a trailing dot; the canonical form has none (a lone `.` is the null MX/SRV target). */
function host(name: string): string {
  const t = name.trim();
  return t === '.' ? '.' : t.replace(/\.$/, '').toLowerCase();
}

const encoder = new TextEncoder();
/** Azure's TXT strings (text) → the shared TXT codec's quoted form; an empty list is one empty string. */
export function quoteTxt(strings: string[]): string {
  return quoteStrings(strings.map((t) => encoder.encode(t)));
}

function caaContent(r: { flags: number; tag: string; value: string }): string {
  return `${r.flags} ${r.tag} ${quoteBytes(encoder.encode(r.value))}`;
}

/**
 * Maps one record set without looking anything up. Each TXT `value[]` array is one record: its strings
 * are never split into records nor joined into one string. Apex NS and SOA belong to the zone's host and
 * are skipped; types the canonical model has no place for are problems, never silent drops.
 */
export function mapRecordSet(rs: RecordSetWire): SetOutcome {
  const type = recordType(rs);
  const name = relName(rs);
  const p = rs.properties;
  const aliasId = p.targetResource?.id;
  if (aliasId) {
    if (!['A', 'AAAA', 'CNAME'].includes(type))
      return { kind: 'problem', message: `an alias of type ${type} is not something Azure DNS defines; not migrated` };
    return { kind: 'alias', targetId: aliasId };
  }
  if (type === 'SOA') return { kind: 'skipped', note: 'SOA not copied: the target writes its own' };
  if (type === 'NS' && name === '@')
    return { kind: 'skipped', note: "Apex NS (Azure's name servers) not copied: the target assigns its own" };

  const notes: string[] = [];
  let ttl = p.TTL ?? 0;
  if (ttl < 1) {
    notes.push(`${type} ${name}: TTL ${p.TTL ?? 'missing'} at Azure became automatic (1) at the target`);
    ttl = 1;
  }
  const base = { name, ttl };
  let records: DnsRecordInput[];
  switch (type) {
    case 'A':
      records = (p.ARecords ?? []).map((r) => ({ ...base, type: 'A', content: r.ipv4Address }));
      break;
    case 'AAAA':
      records = (p.AAAARecords ?? []).map((r) => ({ ...base, type: 'AAAA', content: r.ipv6Address.toLowerCase() }));
      break;
    case 'CNAME':
      records = p.CNAMERecord ? [{ ...base, type: 'CNAME', content: host(p.CNAMERecord.cname) }] : [];
      break;
    case 'MX':
      records = (p.MXRecords ?? []).map((r) => ({ ...base, type: 'MX', content: host(r.exchange), priority: r.preference }));
      break;
    case 'NS':
      records = (p.NSRecords ?? []).map((r) => ({ ...base, type: 'NS', content: host(r.nsdname) }));
      break;
    case 'PTR':
      records = (p.PTRRecords ?? []).map((r) => ({ ...base, type: 'PTR', content: host(r.ptrdname) }));
      break;
    case 'SRV':
      records = (p.SRVRecords ?? []).map((r) => ({
        ...base,
        type: 'SRV',
        content: host(r.target),
        priority: r.priority,
        weight: r.weight,
        port: r.port,
      }));
      break;
    case 'TXT':
      records = (p.TXTRecords ?? []).map((r) => ({ ...base, type: 'TXT', content: quoteTxt(r.value) }));
      break;
    case 'CAA':
      records = (p.caaRecords ?? []).map((r) => ({ ...base, type: 'CAA', content: caaContent(r) }));
      break;
    case 'DS':
      records = (p.DSRecords ?? []).map((r) => ({
        ...base,
        type: 'DS',
        content: `${r.keyTag} ${r.algorithm} ${r.digest.algorithmType} ${r.digest.value}`,
      }));
      break;
    case 'TLSA':
      records = (p.TLSARecords ?? []).map((r) => ({
        ...base,
        type: 'TLSA',
        content: `${r.usage} ${r.selector} ${r.matchingType} ${r.certAssociationData}`,
      }));
      break;
    case 'NAPTR':
      // An empty replacement means the root (`.`): the record rewrites with its regexp instead.
      records = (p.NAPTRRecords ?? []).map((r) => ({
        ...base,
        type: 'NAPTR',
        content: `${r.order} ${r.preference} ${quoteBytes(encoder.encode(r.flags))} ${quoteBytes(encoder.encode(r.services))} ${quoteBytes(encoder.encode(r.regexp))} ${r.replacement.trim() === '' ? '.' : r.replacement}`,
      }));
      break;
    default:
      return {
        kind: 'problem',
        message: `${type} records cannot be carried over by dnsferry (Azure DNS record sets it reads: ${COPIED.join(', ')}); add them at the target by hand`,
      };
  }
  if (records.length === 0)
    return { kind: 'skipped', note: `${type} ${name} is an empty record set at Azure (it answers nothing); nothing to copy` };
  return { kind: 'records', records, notes };
}

/** Validates mapped records against the shared contract, so the engine only ever sees canonical ones. */
export function canonicalize(inputs: DnsRecordInput[]): { records: DnsRecord[]; problems: SourceProblem[] } {
  const records: DnsRecord[] = [];
  const problems: SourceProblem[] = [];
  for (const input of inputs) {
    const parsed = DnsRecordSchema.safeParse(input);
    if (parsed.success) records.push(parsed.data);
    else
      problems.push({
        name: input.name,
        type: input.type,
        message: `${parsed.error.issues[0]?.message ?? 'invalid record'}; not migrated`,
      });
  }
  return { records, problems };
}
