import { relativeName } from '../names';
import { recordFromPresentation } from '../records/presentation';
import type { Token as RdataToken } from '../records/rdata';
import type { DnsRecord } from '../records/schema';
import { isAlias, translateDialects, type Dialects } from './dialects';
import { azureExport, explainEmptySet, naptrEmptyRegexp } from './azure-cli';
import { rdataTokens } from './lexer';
import { absoluteName } from './owner-name';
import { readingZone } from './reader';
import type { RrsetTtl } from './rrset-ttl';
import type { LineIssue, ParsedZone, ZoneEntry, ZoneNote } from './schema';

export { readZoneEntries, readingZoneEntries } from './reader';
export { LineIssueSchema, ParsedZoneSchema, ZoneEntriesSchema, ZoneEntrySchema, ZoneNoteSchema } from './schema';
export type { LineIssue, ParsedZone, ZoneEntries, ZoneEntry, ZoneNote } from './schema';

/**
 * Reads a zone file (or simply `name [ttl] type value` lines) into records, as BIND reads it.
 * `zone` is the zone the records belong to and the origin the text starts with; without it, the
 * text's first `$ORIGIN`. Names come back relative to the zone (`@` for the apex). Every line that
 * cannot become a record is an issue naming it; nothing is dropped silently. With `limit`, reading
 * stops once that many records (generated ones too) and issues are read and the file gives more
 * (`stoppedAt`).
 */
export function parseZoneFile(text: string, zone?: string, opts: { limit?: number } = {}): ParsedZone {
  const steps = parsingZoneFile(text, zone, opts);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** What a record costs besides its RDATA, in characters of work between two points where reading yields. */
const WORK_PER_RECORD = 64;
/** Work between two points where the records of a file read first and made after (no zone given) yield. */
const WORK_PER_STEP = 32_768;

/**
 * The same reading, as a generator that yields now and then (every few hundred records or 32 K
 * characters of RDATA, and wherever the reader does): a server reading a 16 MB file gives way to its
 * other callers there. With the zone given, each line becomes a record as it is read, so the lines
 * read are not held beside the records made of them.
 */
export function* parsingZoneFile(text: string, zone?: string, opts: { limit?: number } = {}): Generator<void, ParsedZone> {
  const azure = azureExport(text);
  const given = zone ? absoluteName(zone.endsWith('.') ? zone : `${zone}.`, '') : null;
  // Without the zone, names are made relative to the text's first $ORIGIN, known once it is read.
  const known = given && 'name' in given ? given.name : undefined;
  const records: DnsRecord[] = [];
  const lines: number[] = [];
  const recordSets: RrsetTtl[] = [];
  // cli53's and the Azure CLI's alias lines are set aside, and translated once the other records are read
  const aliases: ZoneEntry[] = [];
  const aliasSets: RrsetTtl[] = [];
  /** The lines with a cli53 routing comment (other than aliases): what translating needs of them. */
  const routedEntries: ZoneEntry[] = [];
  let routed = false;
  const fixNotes: ZoneNote[] = [];
  const pending: Array<{ entry: ZoneEntry; set: RrsetTtl }> = [];
  const failed: LineIssue[] = [];
  let physical: string[] | null = null;
  const issue = (into: LineIssue[], line: number, message: string) => {
    physical ??= text.split('\n');
    into.push({ line, text: (physical[line - 1] ?? '').trim().slice(0, 200), message });
  };
  const make = makeRecord(known ?? null);
  const convert = (entry: ZoneEntry, set: RrsetTtl, into = make, rdata: readonly RdataToken[] | null = null) => {
    const r = into(entry, rdata);
    if (typeof r === 'string') issue(failed, entry.line, r);
    else {
      records.push(r);
      lines.push(entry.line);
      recordSets.push(set);
    }
  };

  const read = yield* readingZone(text, zone, opts, (read, set, fields, from) => {
    routed ||= read.routing !== undefined;
    if (isAlias(read)) {
      aliases.push(read);
      aliasSets.push(set);
      return 0;
    }
    if (read.routing !== undefined) routedEntries.push(read);
    const fixed = azure ? naptrEmptyRegexp(read) : null;
    if (fixed) fixNotes.push(fixed.note);
    const entry = fixed ? fixed.entry : read;
    if (known === undefined) {
      pending.push({ entry, set });
      return 0;
    }
    // the lexer's fields, not split again, unless the entry was rewritten
    convert(entry, set, make, fields !== null && !fixed ? rdataTokens(fields, from) : null);
    return WORK_PER_RECORD + entry.rdata.length;
  });
  const zoneName = known ?? read.origin;
  if (pending.length > 0) {
    const late = makeRecord(zoneName);
    let work = 0;
    for (const { entry, set } of pending.splice(0)) {
      work += WORK_PER_RECORD + entry.rdata.length;
      if (work >= WORK_PER_STEP) {
        work = 0;
        yield;
      }
      convert(entry, set, late);
    }
  }
  // the file is read: every RRset's TTL is final
  for (let i = 0; i < records.length; i++) (records[i] as DnsRecord).ttl = (recordSets[i] as RrsetTtl).ttl;
  for (let i = 0; i < aliases.length; i++) (aliases[i] as ZoneEntry).ttl = (aliasSets[i] as RrsetTtl).ttl;

  const dialects: Dialects = { routedEntries, aliases, azureResourceGroup: azure?.resourceGroup ?? null, routed };
  const notes = fixNotes.length > 0 ? [...read.notes, ...fixNotes] : read.notes;
  const issues: LineIssue[] = [...(azure ? read.issues.map(explainEmptySet) : read.issues), ...failed];
  const translated = translateDialects(dialects, zoneName, records, lines);
  records.push(...translated.records);
  lines.push(...translated.lines);
  for (const i of translated.issues) issue(issues, i.line, i.message);
  issues.sort((a, b) => a.line - b.line);
  return {
    origin: read.origin,
    records,
    lines,
    issues,
    notes: translated.notes.length > 0 ? [...notes, ...translated.notes].sort((a, b) => a.line - b.line) : notes,
    ...(read.stoppedAt !== undefined ? { stoppedAt: read.stoppedAt } : {}),
  };
}

/**
 * An entry read into a record of the zone `zoneName` (names relative to it), or why it cannot be
 * one. The record's TTL is the entry's as read; the caller gives it its RRset's once the file is read.
 */
function makeRecord(zoneName: string | null): (entry: ZoneEntry, tokens: readonly RdataToken[] | null) => DnsRecord | string {
  const suffix = `.${zoneName ?? ''}`;
  return (entry, tokens) => {
    let name = entry.owner;
    if (zoneName) {
      // the owner is canonical (lower case, no trailing dot) unless it ends with an escaped dot
      const relative = entry.owner.endsWith('.')
        ? relativeName(entry.owner, zoneName)
        : entry.owner === zoneName
          ? '@'
          : entry.owner.endsWith(suffix)
            ? entry.owner.slice(0, -(zoneName.length + 1))
            : null;
      if (relative === null) return `${entry.owner} is not inside the zone ${zoneName}`;
      name = relative;
    }
    const r = recordFromPresentation({ type: entry.type, name, ttl: entry.ttl, rdata: entry.rdata, origin: entry.origin || null, tokens });
    if (!r.ok) return r.message;
    // Cloudflare's export tags every record; only the types its proxy serves keep the flag.
    if (entry.proxied !== undefined && (r.record.type === 'A' || r.record.type === 'AAAA' || r.record.type === 'CNAME'))
      return { ...r.record, proxied: entry.proxied };
    return r.record;
  };
}
