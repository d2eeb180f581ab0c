import { isRelativeName, toAsciiHostname } from '../names';
import { recordFromPresentation, typeMnemonic } from '../records/presentation';
import { DnsRecordSchema, type DnsRecord } from '../records/schema';
import type { TableColumn } from './schema';
import { dashboardTtl } from './ttl';

/** A record; or why the row is not one, as an issue, or as a note when nothing is lost (`skipped`). */
export type RowResult = { ok: true; record: DnsRecord; notes: string[] } | { ok: false; message: string; skipped?: true };

/** Cells dashboards fill when a field does not apply. */
const EMPTY = /^(?:-|–|—|n\/a)$/i;

/** The fields before the target that a column may hold instead of the value: MX, SRV, URI. */
const LEADING: Partial<Record<string, readonly TableColumn[]>> = {
  MX: ['priority'],
  SRV: ['priority', 'weight', 'port'],
  URI: ['priority', 'weight'],
};

/** Types whose value is a host name, where a dashboard writes `@` for the zone itself. */
const HOST_VALUE = new Set(['CNAME', 'MX', 'NS', 'PTR', 'SRV']);

/**
 * One row of a copied records table as a record of the registry, or what is wrong with it. `cells`
 * are the row's cells in the order of `columns`; `zone` is ASCII, lower case, no trailing dot. Names
 * may be `@`, empty, relative, or absolute (with the zone, with or without the trailing dot); values
 * are absolute, as dashboards show them, with `@` for the zone.
 */
export function recordFromRow(cells: readonly string[], columns: ReadonlyArray<TableColumn | null>, zone: string): RowResult {
  const cell = (column: TableColumn): string => {
    const at = columns.indexOf(column);
    const v = at === -1 ? '' : (cells[at] ?? '').trim();
    return EMPTY.test(v) ? '' : v;
  };
  const notes: string[] = [];

  const written = cell('type');
  if (written === '') return { ok: false, message: 'the row has no type' };
  let type = typeMnemonic(written.replace(/\s+record$/i, '').trim());
  if (/redirect|forward|masked|frame/i.test(written)) {
    return {
      ok: false,
      message: `"${written}" is the DNS host's web redirect, not a DNS record: create it again at the target (a redirect rule)`,
    };
  }
  // Dashboards show the SOA as a sentence ("Primary nameserver: …"); the target writes its own anyway.
  if (type === 'SOA') return { ok: false, message: "the SOA row is the old host's own: the target writes its own SOA", skipped: true };
  if (type === 'ALIAS' || type === 'ANAME') {
    notes.push(`the ${type} record is read as a CNAME (the target flattens a CNAME at the apex, as ${type} did)`);
    type = 'CNAME';
  }

  const name = relativeOwner(cell('name'), zone);
  if (typeof name !== 'string') return { ok: false, message: name.error };

  const ttlCell = cell('ttl');
  const ttl = ttlCell === '' ? 1 : dashboardTtl(ttlCell);
  if (ttl === null) return { ok: false, message: `"${ttlCell}" is not a TTL (seconds, or as "1 Hour", "30 min", "Automatic")` };

  let value = cell('value');
  if (value === '') return { ok: false, message: 'the row has no value' };
  if (value.endsWith('…')) return { ok: false, message: 'the value is cut short (it ends with "…"): copy it whole from the record itself' };

  const leading = LEADING[type];
  if (leading) {
    const full = withLeadingFields(type, value, leading, cell);
    if ('error' in full) return { ok: false, message: full.error };
    value = full.value;
  }
  if (HOST_VALUE.has(type)) value = value.replace(/(^|\s)@(?=\s|$)/g, `$1${zone}.`);

  let record: DnsRecord;
  if (type === 'TXT') {
    // Dashboards show a TXT value as its text, not as quoted strings: one value, spaces and all.
    const parsed = DnsRecordSchema.safeParse({ type, name, ttl, content: value });
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'not a valid TXT record' };
    record = parsed.data;
  } else {
    const r = recordFromPresentation({ type, name, ttl, rdata: value, origin: null });
    if (!r.ok) return { ok: false, message: r.message };
    record = r.record;
  }

  const proxy = cell('proxy');
  if (proxy !== '' && (record.type === 'A' || record.type === 'AAAA' || record.type === 'CNAME')) {
    if (/^(?:proxied|on|yes|true)$/i.test(proxy)) record = { ...record, proxied: true };
    else if (/^(?:dns only|dns-only|off|no|false)$/i.test(proxy)) record = { ...record, proxied: false };
    else return { ok: false, message: `the proxy status "${proxy}" is neither "Proxied" nor "DNS only"` };
  }
  return { ok: true, record, notes };
}

/** A row's name relative to the zone (`@` for the apex), or why it is not one. */
function relativeOwner(written: string, zone: string): string | { error: string } {
  if (written === '' || written === '@') return '@';
  const absolute = written.endsWith('.');
  const ascii = toAsciiHostname(written);
  if (ascii === null) return { error: `"${written}" is not a valid name` };
  let name: string;
  if (ascii === zone) name = '@';
  else if (ascii.endsWith(`.${zone}`)) name = ascii.slice(0, -(zone.length + 1));
  else if (absolute) return { error: `${ascii} is not inside the zone ${zone}` };
  else name = ascii;
  if (!isRelativeName(name)) return { error: `"${written}" is not a valid record name` };
  return name;
}

/**
 * The value with the fields a dashboard shows in their own columns put in front: `mail.example.com`
 * and Priority 10 → `10 mail.example.com`. A value that already holds them (`10 mail.example.com`)
 * is taken as it is; when a column says otherwise, the row is refused rather than one of them chosen.
 */
function withLeadingFields(
  type: string,
  written: string,
  leading: readonly TableColumn[],
  cell: (c: TableColumn) => string,
): { value: string } | { error: string } {
  // GoDaddy-style "mail.example.com (Priority: 10)"
  const suffix = /^(.*?)\s*\(\s*priority:?\s*(\d+)\s*\)$/i.exec(written);
  const columns = leading.map((c) => (c === 'priority' && suffix ? (suffix[2] ?? '') : cell(c)));
  const value = suffix ? (suffix[1] ?? '') : written;
  const tokens = value.split(/\s+/);
  const needed = leading.length + 1;
  const missing = needed - tokens.length;
  if (missing <= 0) {
    for (const [i, c] of leading.entries()) {
      const given = columns[i] ?? '';
      if (given !== '' && given !== tokens[i]) return { error: `the ${c} column says ${given} but the value gives ${tokens[i] ?? ''}` };
    }
    return { value };
  }
  const front = columns.slice(0, missing);
  const absent = leading.slice(0, missing).filter((_, i) => front[i] === '');
  if (absent.length > 0) {
    const example = type === 'MX' ? '10 mail.example.com' : type === 'SRV' ? '10 5 443 sip.example.com' : '10 1 "https://example.com/"';
    const where = absent.length === 1 ? 'its own column' : 'their own columns';
    return {
      error: `${type === 'URI' ? 'a' : 'an'} ${type} record needs its ${absent.join(', ')}: in ${where}, or in the value (${example})`,
    };
  }
  return { value: `${front.join(' ')} ${value}` };
}
