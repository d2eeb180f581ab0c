import type { RecordType } from '@dnsferry/shared';
import type { DohClient } from '../dns/doh-client';
import type { Answer } from '../dns/message';

/**
 * What the rest of the world sees of the zone's delegation, through the DoH resolver (DNSFERRY_DOH_URL):
 * the NS it delegates to, and the DS at the parent.
 */
export type Lookup<T> = { ok: true; value: T; ttl: number | null } | { ok: false; reason: string };

async function ask(doh: DohClient, zone: string, type: RecordType, signal: AbortSignal): Promise<Lookup<Answer[]>> {
  try {
    const reply = await doh.query(zone, type, signal);
    // NXDOMAIN: the name is not delegated at all, so there is nothing (no NS, no DS) at the parent.
    if (reply.rcode === 'NXDOMAIN') return { ok: true, value: [], ttl: null };
    if (reply.rcode !== 'NOERROR') return { ok: false, reason: `the resolver answered ${reply.rcode}` };
    const answers = reply.answers.filter((a) => a.name === zone && a.type === type);
    // A resolver that only has the referral shows the NS set in the authority section.
    const found = answers.length > 0 || type !== 'NS' ? answers : reply.authorities.filter((a) => a.name === zone && a.type === 'NS');
    const first = found[0];
    return { ok: true, value: found, ttl: first ? first.ttl : null };
  } catch (err) {
    if (signal.aborted) throw err;
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** The name servers the parent delegates to now: lower case, no trailing dots, sorted. */
export async function delegationNs(doh: DohClient, zone: string, signal: AbortSignal): Promise<Lookup<string[]>> {
  const r = await ask(doh, zone, 'NS', signal);
  if (!r.ok) return r;
  const hosts = r.value.flatMap((a) => (a.record?.type === 'NS' ? [a.record.content] : []));
  return { ok: true, value: [...new Set(hosts)].sort(), ttl: r.ttl };
}

/** The DS records at the parent, canonical presentation form (`2371 13 2 1F98…`). */
export async function parentDs(doh: DohClient, zone: string, signal: AbortSignal): Promise<Lookup<string[]>> {
  const r = await ask(doh, zone, 'DS', signal);
  if (!r.ok) return r;
  // the registry's canonical form; RDATA it cannot read still shows, as RFC 3597 writes it
  const ds = r.value.map((a) => a.text);
  return { ok: true, value: [...new Set(ds)].sort(), ttl: r.ttl };
}
