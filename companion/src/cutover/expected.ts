import { DnsRecordSchema, isCarried, rrsetKey, type DnsRecord, type SourcedZone } from '@dnsferry/shared';
import { canonicalize } from '../records/canonical';
import type { Slice } from '../flow/fair-share';
import { readRecordsTable, readZoneFile, type RecordBudget } from '../records/record-budget';
import type { Source, TargetRules } from '../engine/ports';

/** What the zone should hold, and where that came from. */
export interface Expected {
  /** Canonical, relative to the zone; only what the target's name servers are expected to answer. */
  records: DnsRecord[];
  /** `the request`, `the zone file`, `the table`, `the source`, `the target's own records`. */
  from: string;
  /** Records that are not checked, each with why (`DNSKEY @: the target signs the zone itself`). */
  excluded: string[];
  /** The reader's or the source's notes, for info events. */
  notes: string[];
  /** RRsets (`name|TYPE`) the request keeps both ways (`rrsets`: add): the target's own records may answer beside these. */
  alongside: Set<string>;
}

/**
 * The expected records of one zone, in the order migrate reads them: the request's records, its zone
 * file or table, the source (when credentials came), or else what the target itself holds (listed once).
 * Apex NS and SOA are the target's own and are left out without a word; what the target cannot hold
 * is left out and named.
 */
export async function expectedRecords(
  entry: SourcedZone,
  deps: { source?: Source; targetRecords: () => Promise<DnsRecord[]>; rules: TargetRules },
  signal: AbortSignal,
  budget?: RecordBudget,
  /** The caller's share of the event loop: a large zone file is read giving way to other callers. */
  slice?: Slice,
): Promise<Expected> {
  const zone = entry.name;
  const excluded: string[] = [];
  const notes: string[] = [];
  let incoming: unknown[];
  let from: string;
  const source = entry.from;
  if (source?.kind === 'records') {
    incoming = source.records;
    from = 'the request';
  } else if (source?.kind === 'zoneFile') {
    const parsed = await readZoneFile(source.text, zone, budget, slice);
    incoming = parsed.records;
    from = 'the zone file';
    for (const n of parsed.notes) notes.push(`line ${n.line}: ${n.message}`);
    for (const i of parsed.issues) excluded.push(`line ${i.line}: ${i.message}`);
  } else if (source?.kind === 'table') {
    const parsed = await readRecordsTable(source.text, zone, budget, slice);
    incoming = parsed.records;
    from = 'the table';
    for (const n of parsed.notes) notes.push(`line ${n.line}: ${n.message}`);
    for (const i of parsed.issues) excluded.push(`row ${i.row} (line ${i.line}): ${i.message}`);
  } else if (source && !isCarried(source) && deps.source) {
    const content = await deps.source.readZone({ name: zone, from: source }, { signal });
    incoming = content.records;
    from = 'the source';
    notes.push(...content.notes);
    for (const p of content.problems) excluded.push(`${p.type} ${p.name}: ${p.message}`);
  } else {
    incoming = await deps.targetRecords();
    from = "the target's own records";
  }

  const records: DnsRecord[] = [];
  for (const raw of incoming) {
    const parsed = DnsRecordSchema.safeParse(raw);
    const label = describe(raw);
    if (!parsed.success) {
      excluded.push(`${label}: ${parsed.error.issues[0]?.message ?? 'not a valid record'}`);
      continue;
    }
    const r = canonicalize(parsed.data, zone);
    if (r === null) {
      excluded.push(`${label}: the name is outside the zone ${zone}`);
      continue;
    }
    if (r.name === '@' && (r.type === 'NS' || r.type === 'SOA')) continue;
    const held = deps.rules.disposition(r);
    if (held.action === 'hold') records.push(r);
    else excluded.push(`${r.type} ${r.name}: ${held.reason}`);
  }
  return { ...asChosen(zone, entry.rrsets ?? [], records, excluded), from, notes };
}

/**
 * The RRsets the request chose per RRset are expected as the migration left them: a kept one is the
 * target's (not compared, and named), one kept both ways answers with the target's records beside.
 */
function asChosen(
  zone: string,
  rrsets: NonNullable<SourcedZone['rrsets']>,
  records: DnsRecord[],
  excluded: string[],
): Pick<Expected, 'records' | 'excluded' | 'alongside'> {
  const alongside = new Set<string>();
  if (rrsets.length === 0) return { records, excluded, alongside };
  const kept = new Set<string>();
  for (const c of rrsets) {
    const key = rrsetKey(zone, c.name, c.type);
    if (key !== null && c.action === 'keep') kept.add(key);
    if (key !== null && c.action === 'add') alongside.add(key);
  }
  const told = new Set<string>();
  const compared = records.filter((r) => {
    const key = `${r.name}|${r.type}`;
    if (!kept.has(key)) return true;
    if (!told.has(key)) excluded.push(`${r.type} ${r.name}: the target's records are kept as they are (rrsets: keep)`);
    told.add(key);
    return false;
  });
  return { records: compared, excluded, alongside };
}

function describe(raw: unknown): string {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as { type?: unknown; name?: unknown };
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '?');
  return `${text(r.type).slice(0, 20)} ${text(r.name).slice(0, 100)}`;
}
