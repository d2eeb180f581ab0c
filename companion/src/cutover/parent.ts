import type { Answer } from 'dns-packet';
import { DnsRecordSchema } from '@dnsferry/shared';
import type { DohClient } from '../dns/doh-client';
import { normalize, type QueryType } from '../dns/message';

/**
 * What the rest of the world sees of the zone's delegation, through the DoH resolver (DNSFERRY_DOH_URL):
 * the NS it delegates to, and the DS at the parent.
 */
export type Lookup<T> = { ok: true; value: T; ttl: number | null } | { ok: false; reason: string };

/**
 * The scan's DoH client writes any type dns-packet knows by name; its QueryType lists only what the scan
 * asks, so DS is named here.
 */
const DS = 'DS' as string as QueryType;

async function ask(doh: DohClient, zone: string, type: QueryType, signal: AbortSignal): Promise<Lookup<Answer[]>> {
  try {
    const reply = await doh.query(zone, type, signal);
    // NXDOMAIN: the name is not delegated at all, so there is nothing (no NS, no DS) at the parent.
    if (reply.rcode === 'NXDOMAIN') return { ok: true, value: [], ttl: null };
    if (reply.rcode !== 'NOERROR') return { ok: false, reason: `the resolver answered ${reply.rcode}` };
    const answers = reply.answers.filter((a) => a.name === zone && a.type === type);
    // A resolver that only has the referral shows the NS set in the authority section.
    const found = answers.length > 0 || type !== 'NS' ? answers : reply.authorities.filter((a) => a.name === zone && a.type === 'NS');
    const first = found[0];
    return { ok: true, value: found, ttl: first && 'ttl' in first ? (first.ttl ?? null) : null };
  } catch (err) {
    if (signal.aborted) throw err;
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** The name servers the parent delegates to now: lower case, no trailing dots, sorted. */
export async function delegationNs(doh: DohClient, zone: string, signal: AbortSignal): Promise<Lookup<string[]>> {
  const r = await ask(doh, zone, 'NS', signal);
  if (!r.ok) return r;
  const hosts = r.value.flatMap((a) => (a.type === 'NS' ? [normalize(a.data)] : []));
  return { ok: true, value: [...new Set(hosts)].sort(), ttl: r.ttl };
}

/** The DS records at the parent, canonical presentation form (`2371 13 2 1F98…`). */
export async function parentDs(doh: DohClient, zone: string, signal: AbortSignal): Promise<Lookup<string[]>> {
  const r = await ask(doh, zone, DS, signal);
  if (!r.ok) return r;
  const ds: string[] = [];
  for (const a of r.value) {
    if (a.type !== 'DS') continue;
    const content = `${a.data.keyTag} ${a.data.algorithm} ${a.data.digestType} ${Buffer.from(a.data.digest).toString('hex')}`;
    const parsed = DnsRecordSchema.safeParse({ type: 'DS', name: '@', ttl: a.ttl ?? 0, content });
    ds.push(parsed.success ? parsed.data.content : content.toUpperCase());
  }
  return { ok: true, value: [...new Set(ds)].sort(), ttl: r.ttl };
}
