import { readHeader, type Header } from './columns';
import { splitAtColumns, splitCells } from './cells';
import { recordFromRow } from './row';
import type { ParsedTable, RowIssue } from './schema';
import type { DnsRecord } from '../records/schema';
import type { ZoneNote } from '../zone-file/schema';

/** Lines looked at for the header row: a copied page section may start with its title. */
const HEADER_WITHIN = 10;
/** Lines one quoted CSV cell may run across. */
const MAX_CELL_LINES = 50;
/** Rows read between two points where a server may give way to its other callers. */
const ROWS_PER_STEP = 512;

const NO_HEADER =
  'no header row naming the columns: a copied table starts with its headings, such as "Type", "Name" (or "Host"), "Value" (or "Data", "Content", "Points to") and "TTL"';

/** Whether `text` is a records table (its first lines hold a header row) rather than a zone file. */
export function looksLikeTable(text: string): boolean {
  return tableHeader(text) !== null;
}

/** The table's first header row as the reader reads it (its line, columns and separator); null when `text` has none. */
export function tableHeader(text: string): ParsedTable['header'] {
  const found = findHeader(text.split(/\r?\n/, HEADER_WITHIN * 4));
  return found ? { line: found.at + 1, columns: found.header.columns, separator: found.header.separator } : null;
}

function findHeader(lines: readonly string[]): { at: number; header: Header } | null {
  let seen = 0;
  for (let at = 0; at < lines.length && seen < HEADER_WITHIN; at++) {
    const line = lines[at] ?? '';
    if (line.trim() === '') continue;
    seen++;
    const header = readHeader(line);
    if (header) return { at, header };
  }
  return null;
}

/** A line with one cell and no digit: a heading between tables ("Squarespace Defaults", "Custom records"). */
const isTitle = (cells: readonly string[]) => cells.filter((c) => c !== '').length === 1 && !/\d/.test(cells.join(''));

/**
 * Reads a records table copied from a DNS host's dashboard into records of the registry: a header
 * row naming the columns in any order and case, then one record per row. `zone` (ASCII, lower case,
 * no trailing dot) makes names relative. Every row that cannot become a record is an issue naming
 * its row and line; nothing is dropped silently. With `limit`, reading stops once that many records
 * and issues are read and the table gives more (`stoppedAt`).
 */
export function parseRecordsTable(text: string, zone: string, opts: { limit?: number } = {}): ParsedTable {
  const steps = readingRecordsTable(text, zone, opts);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** The same reading, as a generator that yields every few hundred rows, where a server may give way. */
export function* readingRecordsTable(text: string, zone: string, opts: { limit?: number } = {}): Generator<void, ParsedTable> {
  const lines = text.split(/\r?\n/);
  const records: DnsRecord[] = [];
  const recordLines: number[] = [];
  const issues: RowIssue[] = [];
  const notes: ZoneNote[] = [];
  const found = findHeader(lines);
  if (!found) {
    const first = lines.findIndex((l) => l.trim() !== '');
    const line = Math.max(0, first) + 1;
    return {
      header: null,
      records,
      lines: recordLines,
      issues: [{ row: 1, line, text: (lines[line - 1] ?? '').trim().slice(0, 200), message: NO_HEADER }],
      notes,
    };
  }
  for (let at = 0; at < found.at; at++) {
    const before = (lines[at] ?? '').trim();
    if (before !== '') notes.push({ line: at + 1, message: `"${before.slice(0, 80)}" is before the header row: not read` });
  }
  let header = found.header;
  const described = { line: found.at + 1, columns: header.columns, separator: header.separator };
  const describeHeader = (line: number, h: Header) => {
    if (h.ignored.length > 0) notes.push({ line, message: `columns not read: ${h.ignored.join(', ')}` });
    if (!h.columns.includes('ttl')) notes.push({ line, message: 'no TTL column: the records get the automatic TTL' });
  };
  describeHeader(found.at + 1, header);

  const limit = opts.limit ?? Infinity;
  let row = 0;
  let stoppedAt: number | undefined;
  for (let at = found.at + 1; at < lines.length; at++) {
    const line = at + 1;
    let raw = lines[at] ?? '';
    if (raw.trim() === '') continue;
    let cells = splitCells(raw, header.separator, header.columns.length);
    // a quoted CSV cell with a line break in it goes on in the next lines
    for (let more = 0; cells === null && more < MAX_CELL_LINES && at + 1 < lines.length; more++) {
      raw += `\n${lines[++at] ?? ''}`;
      cells = splitCells(raw, header.separator, header.columns.length);
    }
    const again = readHeader(raw);
    if (again) {
      // each table of a page (Squarespace's presets) may have its own header
      header = again;
      if (again.columns.join() !== described.columns.join() || again.separator !== described.separator) describeHeader(line, again);
      continue;
    }
    if (cells !== null && isTitle(cells)) {
      notes.push({ line, message: `"${raw.trim().slice(0, 80)}" is read as a title between tables: nothing is migrated from it` });
      continue;
    }
    if (records.length + issues.length >= limit) {
      stoppedAt = line;
      break;
    }
    row++;
    if (row % ROWS_PER_STEP === 0) yield;
    const issue = (message: string) => issues.push({ row, line, text: raw.trim().slice(0, 200), message });
    if (cells === null) {
      issue('a quoted cell is not closed');
      continue;
    }
    // a space-aligned row that leaves a cell empty: cut where the header's headings start
    if (header.separator === 'spaces' && cells.length < header.columns.length) cells = splitAtColumns(raw, header.starts) ?? cells;
    const named = header.columns.filter((c) => c !== null).length;
    if (cells.length > header.columns.length) {
      issue(`the row has ${cells.length} cells and the header ${header.columns.length}: is a cell split in two?`);
      continue;
    }
    const result = recordFromRow(cells, header.columns, zone);
    if (!result.ok && result.skipped) {
      notes.push({ line, message: `row ${row}: ${result.message}` });
      continue;
    }
    if (!result.ok) {
      const short = cells.length < named ? ` (the row has ${cells.length} cells, the header names ${named} columns)` : '';
      issue(`${result.message}${short}`);
      continue;
    }
    records.push(result.record);
    recordLines.push(line);
    for (const message of result.notes) notes.push({ line, message: `row ${row}: ${message}` });
  }
  notes.sort((a, b) => a.line - b.line);
  return {
    header: described,
    records,
    lines: recordLines,
    issues,
    notes,
    ...(stoppedAt !== undefined ? { stoppedAt } : {}),
  };
}
