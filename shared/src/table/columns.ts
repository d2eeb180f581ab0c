import type { TableColumn, TableSeparator } from './schema';
import { headingStarts, splitCells } from './cells';

/**
 * Column headings as dashboards write them (any case, around spaces and a trailing colon):
 * GoDaddy's Type/Name/Data/TTL, Namecheap's Type/Host/Value/TTL, Squarespace's Host/Type/Priority/TTL/Data,
 * Cloudflare's Type/Name/Content/Proxy status/TTL, cPanel's Name/TTL/Type/Record.
 */
const HEADINGS: Record<string, TableColumn> = {
  type: 'type',
  'record type': 'type',
  name: 'name',
  host: 'name',
  hostname: 'name',
  'host name': 'name',
  'record name': 'name',
  value: 'value',
  content: 'value',
  data: 'value',
  'points to': 'value',
  target: 'value',
  answer: 'value',
  address: 'value',
  // cPanel's Zone Editor calls the value "Record"
  record: 'value',
  ttl: 'ttl',
  'time to live': 'ttl',
  priority: 'priority',
  pref: 'priority',
  preference: 'priority',
  weight: 'weight',
  port: 'port',
  'proxy status': 'proxy',
  proxied: 'proxy',
  proxy: 'proxy',
};

/** The column a heading names, or null. */
export function columnOf(heading: string): TableColumn | null {
  const key = heading
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .replace(/\s*:$/, '');
  return HEADINGS[key] ?? null;
}

export interface Header {
  separator: TableSeparator;
  /** Where each heading starts, for a space-aligned table whose rows leave cells empty. */
  starts: number[];
  /** What each cell of the header names, in order; null for a heading that is not read. */
  columns: Array<TableColumn | null>;
  /** The headings not read, as written. */
  ignored: string[];
}

/**
 * The line as a header row, or null: cells separated by tabs, commas or runs of two or more spaces
 * (tried in that order; the first that names the type, name and value columns decides, for the whole
 * table), no column named twice.
 */
export function readHeader(line: string): Header | null {
  for (const separator of ['tab', 'comma', 'spaces'] as const) {
    if (separator === 'tab' && !line.includes('\t')) continue;
    const cells = splitCells(line, separator);
    if (cells === null || cells.length < 3) continue;
    const columns = cells.map(columnOf);
    const named = columns.filter((c): c is TableColumn => c !== null);
    if (new Set(named).size !== named.length) continue;
    if (!['type', 'name', 'value'].every((c) => named.includes(c as TableColumn))) continue;
    const starts = separator === 'spaces' ? headingStarts(line) : [];
    return { separator, columns, starts, ignored: cells.filter((c, i) => columns[i] === null && c.trim() !== '').map((c) => c.trim()) };
  }
  return null;
}
