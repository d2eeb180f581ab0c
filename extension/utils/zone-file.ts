import { DnsRecordSchema, RECORD_TYPES, relativeName, toAsciiHostname, type DnsRecord } from '@dnsferry/shared';

/** A line that could not become a record; shown to the user with its number, never dropped silently. */
export interface LineIssue {
  line: number;
  text: string;
  message: string;
}

export interface ParsedZone {
  /** The `$ORIGIN` of the text, when it has one. */
  origin: string | null;
  records: DnsRecord[];
  /** Line number (1-based) of each record, in the same order. */
  lines: number[];
  issues: LineIssue[];
}

const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
const TYPES = new Set<string>(RECORD_TYPES);
const DEFAULT_TTL = 3600;
/** Types whose content is a host name, which a zone file may write relative to the origin. */
const HOST_TYPES = new Set(['CNAME', 'MX', 'SRV', 'PTR', 'NS']);

/** Removes a `;` comment, honouring quotes. */
function stripComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === ';' && !quoted) return line.slice(0, i);
  }
  return line;
}

/** Splits on blanks, keeping quoted strings whole (with their quotes). */
function tokens(text: string): string[] {
  return text.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
}

function parseTtl(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  // BIND units: 1h30m, 2d, 1w
  const m = /^(?:(\d+)[wW])?(?:(\d+)[dD])?(?:(\d+)[hH])?(?:(\d+)[mM])?(?:(\d+)[sS])?$/.exec(token);
  if (!m || token === '') return null;
  const [, w, d, h, mi, s] = m.map((x) => Number(x ?? 0));
  return (w ?? 0) * 604800 + (d ?? 0) * 86400 + (h ?? 0) * 3600 + (mi ?? 0) * 60 + (s ?? 0);
}

/** Owner or target host as written in a zone file → absolute name without trailing dot (null if unusable). */
function absolute(name: string, origin: string | null): string | null {
  if (name === '@') return origin;
  if (name.endsWith('.')) return toAsciiHostname(name);
  if (!origin) return null;
  const ascii = toAsciiHostname(name);
  return ascii === null ? null : `${ascii}.${origin}`;
}

/** Joins parenthesised continuation lines; returns [first line number, logical line]. */
function logicalLines(text: string): Array<[number, string, string]> {
  const out: Array<[number, string, string]> = [];
  const raw = text.split(/\r?\n/);
  let start = 0;
  let acc = '';
  let original = '';
  let depth = 0;
  raw.forEach((line, i) => {
    const clean = stripComment(line);
    if (depth === 0) {
      start = i + 1;
      acc = '';
      original = line;
    } else original += `\n${line}`;
    for (const c of clean.replace(/"(?:[^"\\]|\\.)*"/g, '')) {
      if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
    }
    acc += (acc ? ' ' : '') + clean.replace(/"(?:[^"\\]|\\.)*"|[()]/g, (m) => (m === '(' || m === ')' ? ' ' : m));
    if (depth === 0) out.push([start, acc, original]);
  });
  if (depth > 0) out.push([start, acc, original]);
  return out;
}

/**
 * Reads a BIND-style zone file (or simply `name [ttl] type value` lines). `zone` is the zone the
 * records belong to; `$ORIGIN` in the text is used for relative names and proposed as the zone.
 */
export function parseZoneFile(text: string, zone?: string): ParsedZone {
  const records: DnsRecord[] = [];
  const lines: number[] = [];
  const issues: LineIssue[] = [];
  let origin: string | null = null;
  let fileOrigin: string | null = null;
  let defaultTtl = DEFAULT_TTL;
  let lastOwner: string | null = null;
  const targetZone = () => (zone ? toAsciiHostname(zone) : null) ?? origin;

  for (const [lineNo, logical, original] of logicalLines(text)) {
    if (logical.trim() === '') continue;
    const issue = (message: string) => issues.push({ line: lineNo, text: original.trim().slice(0, 200), message });
    const toks = tokens(logical);
    const first = toks[0] ?? '';

    if (first.startsWith('$')) {
      const directive = first.toUpperCase();
      if (directive === '$ORIGIN' && toks[1]) {
        origin = toAsciiHostname(toks[1]);
        fileOrigin ??= origin;
        if (origin === null) issue(`"${toks[1]}" is not a valid origin`);
      } else if (directive === '$TTL' && toks[1] && parseTtl(toks[1]) !== null) {
        defaultTtl = parseTtl(toks[1]) ?? DEFAULT_TTL;
      } else issue(`${first} is not supported here (only $ORIGIN and $TTL)`);
      continue;
    }
    if (origin === null && zone) origin = toAsciiHostname(zone);

    // owner: omitted when the line starts with a blank
    let i = 0;
    let owner: string | null;
    if (/^\s/.test(logical)) owner = lastOwner;
    else {
      owner = toks[0] ?? null;
      i = 1;
    }
    let ttl: number | null = null;
    while (i < toks.length) {
      const t = toks[i] ?? '';
      if (CLASSES.has(t.toUpperCase())) i++;
      else if (ttl === null && parseTtl(t) !== null && !TYPES.has(t.toUpperCase())) {
        ttl = parseTtl(t);
        i++;
      } else break;
    }
    const type = (toks[i] ?? '').toUpperCase();
    const rdata = toks.slice(i + 1);
    if (owner === null) {
      issue('this line has no owner name and none comes before it');
      continue;
    }
    lastOwner = owner;
    if (!TYPES.has(type)) {
      issue(type ? `record type ${type} is not supported (supported: ${RECORD_TYPES.join(', ')})` : 'no record type on this line');
      continue;
    }
    if (rdata.length === 0) {
      issue(`a ${type} record needs a value`);
      continue;
    }

    const zoneName = targetZone();
    const ownerAbs = absolute(owner, origin);
    let name: string;
    if (!zoneName) {
      name = owner; // no zone known yet: the schema judges the name as written
    } else if (ownerAbs === null) {
      issue(`"${owner}" is not a valid name`);
      continue;
    } else {
      const rel = relativeName(ownerAbs, zoneName);
      if (rel === null) {
        issue(`${ownerAbs} is not inside the zone ${zoneName}`);
        continue;
      }
      name = rel;
    }

    const host = (t: string | undefined) => {
      if (t === undefined) return '';
      if (t === '.') return '.';
      return absolute(t, origin) ?? t;
    };
    const candidate: Record<string, unknown> = { type, name, ttl: ttl ?? defaultTtl };
    if (type === 'MX') {
      candidate.priority = Number(rdata[0]);
      candidate.content = host(rdata[1]);
      if (rdata.length !== 2) {
        issue('an MX record is written "priority host", e.g. 10 mail.example.com.');
        continue;
      }
    } else if (type === 'SRV') {
      if (rdata.length !== 4) {
        issue('an SRV record is written "priority weight port target"');
        continue;
      }
      candidate.priority = Number(rdata[0]);
      candidate.weight = Number(rdata[1]);
      candidate.port = Number(rdata[2]);
      candidate.content = host(rdata[3]);
    } else if (HOST_TYPES.has(type)) {
      if (rdata.length !== 1) {
        issue(`a ${type} record has one host name as its value`);
        continue;
      }
      candidate.content = host(rdata[0]);
    } else {
      candidate.content = rdata.join(' ');
    }
    if (Number.isNaN(candidate.priority) || Number.isNaN(candidate.weight) || Number.isNaN(candidate.port)) {
      issue(`the numbers of this ${type} record are not numbers`);
      continue;
    }
    const parsed = DnsRecordSchema.safeParse(candidate);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      issue(first ? `${first.path.length ? `${first.path.join('.')}: ` : ''}${first.message}` : 'not a valid record');
      continue;
    }
    records.push(parsed.data);
    lines.push(lineNo);
  }
  return { origin: fileOrigin, records, lines, issues };
}
