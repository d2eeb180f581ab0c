import { DnsRecordSchema, RECORD_TYPES, fqdn, relativeName, type DnsRecord } from '@dnsferry/shared';
import type { Answer, DnsReply } from '../dns/message';
import type { QueryType } from './query';
import { reportedTtl } from './ttl';
import { deniedCompactly } from './nsec';

/** DNSSEC's own records: how a zone is signed, never records of it to migrate (the target signs itself). */
const DNSSEC_TYPES: ReadonlySet<string> = new Set(['RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'DNSKEY', 'CDS', 'CDNSKEY']);

/** The records of one owner name and type, as seen in the replies (TTL: the largest seen). */
export interface RRset {
  name: string;
  type: string;
  answers: Map<string, Answer>;
  ttl: number;
  authoritative: boolean;
}

/**
 * What a scan has learned about a zone: the RRsets owned by the names it asked about, the
 * wildcards it detected, and the zone cuts (delegations) it met. Only records owned by the name
 * that was asked are kept: the rest of a CNAME chain belongs to other names (or other zones).
 */
export class Findings {
  readonly rrsets = new Map<string, RRset>();
  /** The same sets by owner name: asking about one name must not cost a pass over the whole zone. */
  private readonly byName = new Map<string, RRset[]>();
  /** Wildcard content per parent (`@` for the apex) and type, as content keys. */
  readonly wildcards = new Map<string, Map<string, Set<string>>>();
  /** Delegated names → their name servers (FQDNs). */
  readonly cuts = new Map<string, Set<string>>();
  private readonly outcomes = new Map<string, { nxdomain: boolean; nodata: Set<QueryType> }>();
  /**
   * Set when the zone's servers answer NODATA for names that do not exist (an online signer's
   * "black lies" seen without its NSEC): then only records prove that a name exists.
   */
  nodataProvesNothing = false;
  /** Random names (asked to find wildcards) that got NODATA rather than NXDOMAIN. */
  nodataProbes = 0;

  constructor(readonly zone: string) {}

  /** Takes in the reply to `name`/`type` (relative name); returns the RRsets it created. */
  absorb(name: string, type: QueryType, reply: DnsReply): RRset[] {
    const qname = fqdn(name, this.zone);
    const created = this.noteCuts(qname, reply);
    const owned = reply.answers.filter((a) => a.name === qname && (a.type === type || a.type === 'CNAME') && !DNSSEC_TYPES.has(a.type));
    const outcome = this.outcomes.get(name) ?? { nxdomain: false, nodata: new Set<QueryType>() };
    this.outcomes.set(name, outcome);
    // RFC 9824: a signer's NODATA whose NSEC says NXNAME is an NXDOMAIN
    const denied = reply.rcode === 'NXDOMAIN' || (owned.length === 0 && deniedCompactly(reply, qname));
    if (denied && owned.length === 0) outcome.nxdomain = true;
    else if (reply.rcode === 'NOERROR' && owned.length === 0 && !DNSSEC_TYPES.has(type)) outcome.nodata.add(type);
    if (type === 'NS' && name !== '@' && owned.some((a) => a.type === 'NS')) {
      this.addCut(name, owned.flatMap(nsHost));
    }
    return [...created, ...this.add(name, owned, reply.authoritative)];
  }

  /** Takes in the reply to a random name below `parent`: whatever answers is that parent's wildcard. */
  absorbWildcardProbe(parent: string, probe: string, type: QueryType, reply: DnsReply): RRset[] {
    const qname = fqdn(probe, this.zone);
    const owned = reply.answers.filter((a) => a.name === qname && (a.type === type || a.type === 'CNAME'));
    if (owned.length === 0 && reply.rcode === 'NOERROR' && !deniedCompactly(reply, qname)) this.nodataProbes++;
    if (owned.length === 0) return [];
    const byType = this.wildcards.get(parent) ?? new Map<string, Set<string>>();
    this.wildcards.set(parent, byType);
    for (const a of owned) {
      const keys = byType.get(a.type) ?? new Set<string>();
      keys.add(contentKey(a));
      byType.set(a.type, keys);
    }
    return this.add(parent === '@' ? '*' : `*.${parent}`, owned, reply.authoritative);
  }

  /** True when every record of the RRset is what a wildcard above it would answer. */
  isWildcardCopy(set: RRset): boolean {
    if (set.name === '*') return false;
    // `*.P` answering as a wildcard above P does: that wildcard's echo (a server that lets it
    // through an empty non-terminal), or a copy of it that the one above already covers
    const above = set.name.startsWith('*.') ? ancestors(set.name.slice(2)) : ancestors(set.name);
    return above.some((parent) => {
      const keys = this.wildcards.get(parent)?.get(set.type);
      return keys !== undefined && [...set.answers.keys()].every((k) => keys.has(k));
    });
  }

  /** Whether the name got NXDOMAIN (and no CNAME). */
  nxdomain(name: string): boolean {
    return this.outcomes.get(name)?.nxdomain ?? false;
  }

  /** The cut `name` is at or below, if any; such names belong to the child zone. */
  cutAbove(name: string): string | undefined {
    for (const cut of this.cuts.keys()) if (name === cut || name.endsWith(`.${cut}`)) return cut;
    return undefined;
  }

  /**
   * Whether a record set is one of this zone's: not a wildcard echo, not the apex NS, and not data
   * of a delegated child zone. At a cut only the NS and DS sets are the parent's (RFC 4035 §2.4: the
   * DS lives in the parent, and the child's DNSSEC chain breaks without it); the addresses of the
   * child's servers below it (glue) are not authoritative data of this zone (and a target such as
   * Cloudflare refuses records below a delegation), so they are reported, not listed.
   */
  belongsToZone(set: RRset): boolean {
    if (set.name === '@' && set.type === 'NS') return false; // the target assigns its own
    if (this.isWildcardCopy(set)) return false;
    const cut = this.cutAbove(set.name);
    return cut === undefined || (set.name === cut && (set.type === 'NS' || set.type === 'DS'));
  }

  /** Whether the name holds records of the zone's own (not only names below it). */
  hasRecords(name: string): boolean {
    return (this.byName.get(name) ?? []).some((s) => this.belongsToZone(s));
  }

  /** Glue: an address of a delegated zone's own server, below the cut. */
  isGlue(set: RRset): boolean {
    const cut = this.cutAbove(set.name);
    return (
      cut !== undefined &&
      set.name !== cut &&
      (set.type === 'A' || set.type === 'AAAA') &&
      (this.cuts.get(cut)?.has(fqdn(set.name, this.zone)) ?? false)
    );
  }

  /**
   * Whether the name exists in the zone (has records, or is an empty non-terminal). Below a
   * wildcard, NOERROR alone proves nothing; NODATA for a type the wildcard has does.
   */
  exists(name: string): boolean {
    if (this.hasRecords(name)) return true;
    const outcome = this.outcomes.get(name);
    if (!outcome || outcome.nxdomain || this.nodataProvesNothing) return false;
    const covering = new Set(ancestors(name).flatMap((p) => [...(this.wildcards.get(p)?.keys() ?? [])]));
    if (covering.size === 0) return outcome.nodata.size > 0;
    return [...outcome.nodata].some((t) => covering.has(t) || covering.has('CNAME'));
  }

  /** The zone's records in the canonical model, sorted: apex first, then by name, type, content. */
  records(): DnsRecord[] {
    const out: DnsRecord[] = [];
    for (const set of this.rrsets.values()) {
      if (!this.belongsToZone(set)) continue;
      const ttl = reportedTtl(set.ttl, set.authoritative);
      for (const a of set.answers.values()) {
        // SOA is reported, never listed: the target writes its own
        if (a.record === null || a.record.type === 'SOA') continue;
        const record = DnsRecordSchema.safeParse({ ...a.record, name: set.name, ttl });
        if (record.success) out.push(record.data);
      }
    }
    const order = (n: string) => (n === '@' ? '' : n);
    return out.sort(
      (a, b) =>
        order(a.name).localeCompare(order(b.name)) ||
        RECORD_TYPES.indexOf(a.type) - RECORD_TYPES.indexOf(b.type) ||
        a.content.localeCompare(b.content),
    );
  }

  private noteCuts(qname: string, reply: DnsReply): RRset[] {
    const created: RRset[] = [];
    // A referral (the zone's own server): NS of a name below the apex in the authority section.
    const ns = reply.authorities.filter((a) => a.type === 'NS');
    for (const a of ns) {
      const owner = relativeName(a.name, this.zone);
      if (owner === null || owner === '@' || !(qname === a.name || qname.endsWith(`.${a.name}`))) continue;
      this.addCut(owner, nsHost(a));
      created.push(...this.add(owner, [a], reply.authoritative));
      const targets = this.cuts.get(owner);
      const glue = reply.additionals.filter((g) => (g.type === 'A' || g.type === 'AAAA') && (targets?.has(g.name) ?? false));
      for (const g of glue) {
        const rel = relativeName(g.name, this.zone);
        if (rel !== null && this.cutAbove(rel) === owner) created.push(...this.add(rel, [g], reply.authoritative));
      }
    }
    // Through a recursive resolver: a child zone's SOA below the apex says where the cut is.
    for (const a of reply.authorities) {
      if (a.type !== 'SOA') continue;
      const owner = relativeName(a.name, this.zone);
      if (owner !== null && owner !== '@' && (qname === a.name || qname.endsWith(`.${a.name}`))) this.addCut(owner, []);
    }
    return created;
  }

  /** A delegation known without its servers' names (an NSEC listing NS without SOA at a name below the apex). */
  noteCut(name: string): void {
    this.addCut(name, []);
  }

  private addCut(name: string, servers: string[]): void {
    const set = this.cuts.get(name) ?? new Set<string>();
    for (const s of servers) set.add(s);
    this.cuts.set(name, set);
  }

  private add(name: string, answers: Answer[], authoritative: boolean): RRset[] {
    const created: RRset[] = [];
    for (const a of answers) {
      const key = `${name}|${a.type}`;
      let set = this.rrsets.get(key);
      if (!set) {
        set = { name, type: a.type, answers: new Map(), ttl: 0, authoritative: true };
        this.rrsets.set(key, set);
        const named = this.byName.get(name);
        if (named) named.push(set);
        else this.byName.set(name, [set]);
        created.push(set);
      }
      set.answers.set(contentKey(a), a);
      set.ttl = Math.max(set.ttl, a.ttl);
      set.authoritative &&= authoritative;
    }
    return created;
  }
}

/** Comparable form of an answer's data: the registry's canonical value (host names lower case, no trailing dot). */
export function contentKey(a: Answer): string {
  return `${a.type} ${a.text}`;
}

/** The server an NS answer names. */
const nsHost = (a: Answer): string[] => (a.record?.type === 'NS' ? [a.record.content] : []);

/** Parents of a relative name inside the zone, nearest first, ending with `@`. */
export function ancestors(name: string): string[] {
  if (name === '@') return [];
  const labels = name.split('.');
  const out: string[] = [];
  for (let i = 1; i < labels.length; i++) out.push(labels.slice(i).join('.'));
  out.push('@');
  return out;
}
