/**
 * The arithmetic of the discovery bench (./discovery.ts), kept apart from the servers so it can be
 * checked on its own: what a zone holds (read from BIND's own canonical print of it), and how a scan's
 * findings compare with it.
 */
import { recordFromPresentation, recordKey, type DnsRecord } from '@dnsferry/shared';

/** Types the target signs or writes itself: never migrated, so never counted. */
const DNSSEC_TYPES = new Set(['RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'DNSKEY', 'CDS', 'CDNSKEY']);

/** One record of the zone: owner relative to the zone (`@` for the apex), lower case; its identity. */
export interface ZoneRecord {
  name: string;
  type: string;
  /** recordKey() of the canonical record, or `type|name|rdata` as written when dnsferry cannot read the type. */
  key: string;
}

/** A zone as the bench compares against it: only what dnsferry would migrate. */
export interface ZoneTruth {
  zone: string;
  /** `name|type` of every RRset to migrate. */
  rrsets: Set<string>;
  /** recordKey() of every record to migrate. */
  records: Set<string>;
  /** `name|type` of what is left out (apex SOA and NS, DNSSEC records, names below a delegation). */
  leftOut: Set<string>;
}

/** The owner name relative to `zone`, lower case; null when outside it. */
export function relativeOwner(owner: string, zone: string): string | null {
  const o = owner.toLowerCase().replace(/\.$/, '');
  const z = zone.toLowerCase().replace(/\.$/, '');
  if (o === z) return '@';
  return o.endsWith(`.${z}`) ? o.slice(0, -z.length - 1) : null;
}

/**
 * The records of `named-compilezone -s full` output: one record a line, `owner TTL class type rdata`,
 * every owner absolute. Comments and blank lines are skipped.
 */
export function parseCompiledZone(text: string, zone: string): ZoneRecord[] {
  const out: ZoneRecord[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith(';')) continue;
    const m = /^(\S+)\s+(\d+)\s+IN\s+(\S+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`not a record line of named-compilezone -s full: ${line.slice(0, 120)}`);
    const [, owner, ttl, type, rdata] = m as unknown as [string, string, string, string, string];
    const name = relativeOwner(owner, zone);
    if (name === null) throw new Error(`${owner} is outside ${zone}`);
    const parsed = recordFromPresentation({ type, name, ttl: Number(ttl), rdata, origin: `${zone}.` });
    const key = parsed.ok ? recordKey({ ...parsed.record, name }) : `${type.toUpperCase()}|${name}|${rdata.trim()}`;
    out.push({ name, type: parsed.ok ? parsed.record.type : type.toUpperCase(), key });
  }
  return out;
}

/** What dnsferry would migrate of these records: no apex SOA/NS, no DNSSEC records, nothing below a zone cut. */
export function zoneTruth(zone: string, records: readonly ZoneRecord[]): ZoneTruth {
  const cuts = new Set(records.filter((r) => r.type === 'NS' && r.name !== '@').map((r) => r.name));
  const below = (name: string) => [...cuts].some((cut) => name !== cut && name.endsWith(`.${cut}`));
  const truth: ZoneTruth = { zone, rrsets: new Set(), records: new Set(), leftOut: new Set() };
  for (const r of records) {
    const set = `${r.name}|${r.type}`;
    if ((r.name === '@' && (r.type === 'SOA' || r.type === 'NS')) || DNSSEC_TYPES.has(r.type) || below(r.name)) truth.leftOut.add(set);
    else {
      truth.rrsets.add(set);
      truth.records.add(r.key);
    }
  }
  return truth;
}

/**
 * Which depths a scan request takes, from whether its schema parses `{ depth }`: a depth it does not
 * know must be refused (an object schema drops unknown keys, so an accepted `deep` alone proves nothing).
 */
export function acceptedDepths(parses: (depth: string) => boolean): { deep: boolean; quick: boolean } {
  const validated = !parses('no-such-depth');
  return { deep: validated && parses('deep'), quick: validated && parses('quick') };
}

/** How one scan did against the zone. */
export interface Comparison {
  zoneRRsets: number;
  /** RRsets of the zone of which the scan reported at least one record. */
  foundRRsets: number;
  /** Records the scan reported (each once). */
  reported: number;
  /** Reported records the zone does not hold: each one would be an invented record in the target. */
  notInZone: number;
  /** Their `name|type`, for the report. */
  inventedRRsets: string[];
  /** `name|type` of the zone's RRsets of which nothing was reported: what the scan missed. */
  missedRRsets: string[];
}

/** Compares a scan's records with the zone; the scan's own names are relative, as its `done` event gives them. */
export function compareScan(truth: ZoneTruth, reported: readonly DnsRecord[]): Comparison {
  // each record once, however many times the scan listed it (in `records` and again among `edge`)
  const unique = new Map(reported.map((r) => [recordKey({ ...r, name: r.name.toLowerCase() }), r] as const));
  const found = new Set<string>();
  const invented = new Set<string>();
  let notInZone = 0;
  for (const [key, r] of unique) {
    const set = `${r.name.toLowerCase()}|${r.type}`;
    if (truth.records.has(key)) found.add(set);
    else if (!truth.leftOut.has(set)) {
      notInZone++;
      invented.add(set);
    }
  }
  return {
    zoneRRsets: truth.rrsets.size,
    foundRRsets: [...found].filter((s) => truth.rrsets.has(s)).length,
    reported: unique.size,
    notInZone,
    inventedRRsets: [...invented].sort(),
    missedRRsets: [...truth.rrsets].filter((s) => !found.has(s)).sort(),
  };
}

export const recall = (c: Pick<Comparison, 'zoneRRsets' | 'foundRRsets'>) => (c.zoneRRsets === 0 ? 1 : c.foundRRsets / c.zoneRRsets);
export const precision = (c: Pick<Comparison, 'reported' | 'notInZone'>) =>
  c.reported === 0 ? 1 : (c.reported - c.notInZone) / c.reported;

/** One scan of one zone, as the bench prints it. */
export interface DiscoveryRow extends Comparison {
  zone: string;
  mode: string;
  queries: number | null;
  ms: number;
}

export function totals(rows: readonly DiscoveryRow[]): Comparison & { queries: number | null; ms: number } {
  const sum = (f: (r: DiscoveryRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    zoneRRsets: sum((r) => r.zoneRRsets),
    foundRRsets: sum((r) => r.foundRRsets),
    reported: sum((r) => r.reported),
    notInZone: sum((r) => r.notInZone),
    inventedRRsets: rows.flatMap((r) => r.inventedRRsets.map((s) => `${s} (${r.zone})`)),
    missedRRsets: rows.flatMap((r) => r.missedRRsets.map((s) => `${s} (${r.zone})`)),
    queries: rows.some((r) => r.queries === null) ? null : sum((r) => r.queries ?? 0),
    ms: sum((r) => r.ms),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const COLUMNS: Array<[string, number]> = [
  ['zone', 20],
  ['RRsets', 6],
  ['found', 5],
  ['recall', 7],
  ['reported', 8],
  ['invented', 8],
  ['precision', 9],
  ['queries', 7],
  ['time', 8],
];
const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(COLUMNS[0]![1]) : c.padStart(COLUMNS[i]![1]))).join(' | ');

/** The per-zone table of one pass and mode, with its total line. */
export function formatDiscovery(title: string, rows: readonly DiscoveryRow[]): string[] {
  const line = (zone: string, c: Comparison & { queries: number | null; ms: number }) =>
    row([
      zone,
      String(c.zoneRRsets),
      String(c.foundRRsets),
      pct(recall(c)),
      String(c.reported),
      String(c.notInZone),
      pct(precision(c)),
      c.queries === null ? '?' : String(c.queries),
      `${(c.ms / 1000).toFixed(1)} s`,
    ]);
  const all = totals(rows);
  const out = [title, row(COLUMNS.map(([h]) => h))];
  for (const r of rows) out.push(line(r.zone, r));
  out.push(line('total', all));
  if (all.inventedRRsets.length > 0)
    out.push(`  reported but not in the zone: ${all.inventedRRsets.slice(0, 20).join(', ')}${all.inventedRRsets.length > 20 ? ', …' : ''}`);
  return out;
}
