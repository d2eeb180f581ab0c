import { relativeName } from '../names';
import { recordFromPresentation } from '../records/presentation';
import type { DnsRecord } from '../records/schema';
import { separateDialects, translateDialects } from './dialects';
import { absoluteName } from './owner-name';
import { readingZoneEntries } from './reader';
import type { LineIssue, ParsedZone } from './schema';

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

/**
 * Records, or characters of RDATA, read between two points where a server may give way to its other
 * callers: a record of 200,000 characters costs as much as thousands of short ones.
 */
const WORK_PER_STEP = 32_768;
/** What a record costs besides its RDATA, in characters. */
const WORK_PER_RECORD = 64;

/**
 * The same reading, as a generator that yields now and then (every few hundred records or 32 K
 * characters of RDATA, and wherever the reader does): a server reading a 16 MB file gives way to its
 * other callers there.
 */
export function* parsingZoneFile(text: string, zone?: string, opts: { limit?: number } = {}): Generator<void, ParsedZone> {
  // cli53's and the Azure CLI's alias lines are set aside, and translated once the other records are read
  const read = separateDialects(yield* readingZoneEntries(text, zone, opts), text);
  const given = zone ? absoluteName(zone.endsWith('.') ? zone : `${zone}.`, '') : null;
  const zoneName = given && 'name' in given ? given.name : read.origin;
  const records: DnsRecord[] = [];
  const lines: number[] = [];
  const issues: LineIssue[] = [...read.issues];
  let physical: string[] | null = null;
  const issue = (line: number, message: string) => {
    physical ??= text.split('\n');
    issues.push({ line, text: (physical[line - 1] ?? '').trim().slice(0, 200), message });
  };

  const { entries } = read;
  const suffix = `.${zoneName ?? ''}`;
  let work = 0;
  for (let at = 0; at < entries.length; at++) {
    const entry = entries[at] as (typeof entries)[number];
    work += WORK_PER_RECORD + entry.rdata.length;
    if (work >= WORK_PER_STEP) {
      work = 0;
      yield;
    }
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
      if (relative === null) {
        issue(entry.line, `${entry.owner} is not inside the zone ${zoneName}`);
        continue;
      }
      name = relative;
    }
    const r = recordFromPresentation({ type: entry.type, name, ttl: entry.ttl, rdata: entry.rdata, origin: entry.origin || null });
    if (!r.ok) {
      issue(entry.line, r.message);
      continue;
    }
    let record = r.record;
    // Cloudflare's export tags every record; only the types its proxy serves keep the flag.
    if (entry.proxied !== undefined && (record.type === 'A' || record.type === 'AAAA' || record.type === 'CNAME'))
      record = { ...record, proxied: entry.proxied };
    records.push(record);
    lines.push(entry.line);
  }
  const translated = translateDialects(read, zoneName, records, lines);
  records.push(...translated.records);
  lines.push(...translated.lines);
  for (const i of translated.issues) issue(i.line, i.message);
  issues.sort((a, b) => a.line - b.line);
  return {
    origin: read.origin,
    records,
    lines,
    issues,
    notes: translated.notes.length > 0 ? [...read.notes, ...translated.notes].sort((a, b) => a.line - b.line) : read.notes,
    ...(read.stoppedAt !== undefined ? { stoppedAt: read.stoppedAt } : {}),
  };
}
