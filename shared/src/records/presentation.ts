import { RdataError, RdataReader, tokenize, type Token } from './rdata';
import { RECORD_SPECS, isRecordType, typeByCode, type RecordType } from './registry';
import { DnsRecordSchema, type DnsRecord } from './schema';
import type { RecordValue } from './spec';
import { WireReader, fromHex } from './wire-reader';

export type FromPresentation = { ok: true; record: DnsRecord } | { ok: false; message: string };

/** `TYPE257` → CAA; a mnemonic stays as it is (upper case). */
export function typeMnemonic(type: string): string {
  const t = type.toUpperCase();
  const m = /^TYPE(\d{1,5})$/.exec(t);
  return m ? (typeByCode(Number(m[1])) ?? t) : t;
}

/**
 * One record from its presentation form, as a zone file writes it: `rdata` is the RDATA text, with
 * relative names completed by `origin` and `\DDD` escapes read as bytes (UTF-8 text). RFC 3597's
 * `\# length hex` is read for every known type.
 */
export function recordFromPresentation(input: {
  type: string;
  name: string;
  ttl: number;
  rdata: string;
  origin: string | null;
  /** `rdata` split already, exactly as `tokenize` splits it (a zone file's lexer has done it): not split again. */
  tokens?: readonly Token[] | null;
}): FromPresentation {
  // a zone file's types come as the registry spells them already
  const type = isRecordType(input.type) ? input.type : typeMnemonic(input.type);
  if (!isRecordType(type)) return { ok: false, message: `record type ${input.type} is not supported` };
  try {
    const tokens = input.tokens ?? tokenize(input.rdata);
    const generic = tokens[0]?.raw === '\\#' && !tokens[0].quoted;
    const value = generic
      ? fromGeneric(
          type,
          tokens.slice(1).map((t) => t.raw),
        )
      : RECORD_SPECS[type].parse(new RdataReader(tokens, input.origin, input.rdata));
    return build(type, input.name, input.ttl, value, !generic);
  } catch (err) {
    if (err instanceof RdataError) return { ok: false, message: err.message };
    throw err;
  }
}

/** The record with its fields in the order the schema gives them (an event's JSON is the same either way). */
function inSchemaOrder(type: RecordType, name: string, ttl: number, v: RecordValue): DnsRecord {
  // each shape made whole at once (an MX or SRV record grown field by field carries a second object for them)
  if (v.priority === undefined && v.weight === undefined && v.port === undefined)
    return { type, name, ttl, content: v.content } as DnsRecord;
  if (v.priority !== undefined && v.weight === undefined && v.port === undefined)
    return { type, name, ttl, content: v.content, priority: v.priority } as DnsRecord;
  if (v.priority !== undefined && v.weight !== undefined && v.port !== undefined)
    return { type, name, ttl, content: v.content, priority: v.priority, weight: v.weight, port: v.port } as DnsRecord;
  const record: Record<string, unknown> = { type, name, ttl, content: v.content };
  if (v.priority !== undefined) record.priority = v.priority;
  if (v.weight !== undefined) record.weight = v.weight;
  if (v.port !== undefined) record.port = v.port;
  return record as DnsRecord;
}

/** One record from wire RDATA (a DNS answer); `offset`/`length` locate it in `message` for name compression. */
export function recordFromWire(
  type: RecordType,
  name: string,
  ttl: number,
  message: Uint8Array,
  offset: number,
  length: number,
): FromPresentation {
  try {
    const w = new WireReader(message, offset, length);
    const value = RECORD_SPECS[type].read(w);
    w.finish();
    return build(type, name, ttl, value);
  } catch (err) {
    if (err instanceof RdataError) return { ok: false, message: err.message };
    throw err;
  }
}

function fromGeneric(type: RecordType, parts: string[]): RecordValue {
  const [len, ...hex] = parts;
  if (len === undefined || !/^\d+$/.test(len)) throw new RdataError('\\# needs the RDATA length');
  const bytes = fromHex(hex.join(''));
  if (bytes.length !== Number(len)) throw new RdataError(`\\# says ${len} bytes but has ${bytes.length}`);
  const w = new WireReader(bytes);
  const value = RECORD_SPECS[type].read(w);
  w.finish();
  return value;
}

/**
 * Types whose value, as their codec writes it, the record schema takes exactly as it is (it reads
 * the same text back to the same text, or keeps the text as it is): for them a record just read
 * needs no second reading. With each, the longest content the fast way takes (the schema's bound,
 * or a host name's).
 */
const READ_ONCE: ReadonlyMap<RecordType, number> = new Map<RecordType, number>([
  ['A', 253],
  ['AAAA', 253],
  ['CNAME', 253],
  ['NS', 253],
  ['PTR', 253],
  ['MX', 253],
  ['SRV', 253],
  ['TXT', 8192],
  ['CAA', 8192],
  // written or signed by the target: the schema keeps their text as it is
  ['SOA', 8192],
  ['DNSKEY', 8192],
  ['CDS', 8192],
  ['CDNSKEY', 8192],
  ['RRSIG', 8192],
  ['NSEC', 8192],
  ['NSEC3', 8192],
  ['NSEC3PARAM', 8192],
]);
/**
 * A relative owner name the schema keeps unchanged: `isRelativeName` for lower-case ASCII in one
 * expression (labels of letters, digits, `_` and inner `-`, a `*` only first), at most 253 characters.
 */
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const PLAIN_NAME = new RegExp(`^(?:\\*|${LABEL})(?:\\.${LABEL})*$`);
const MAX_TTL = 2147483647;

/**
 * `value` is what the type's codec read from presentation text (`fromText`): then, for the types
 * above, the schema's own checks are made here (they could not fail or change anything else) and
 * the value is not read a second time. Anything else, a wire value included, goes through the schema.
 */
function build(type: RecordType, name: string, ttl: number, value: RecordValue, fromText = false): FromPresentation {
  if (
    fromText &&
    value.content.length <= (READ_ONCE.get(type) ?? -1) &&
    Number.isInteger(ttl) &&
    ttl >= 0 &&
    ttl <= MAX_TTL &&
    (name === '@' || (name.length <= 253 && PLAIN_NAME.test(name)))
  )
    return { ok: true, record: inSchemaOrder(type, name, ttl, value) };
  // Host names in the record model carry no trailing dot; MX and SRV keep the root `.` (no service).
  const parsed = DnsRecordSchema.safeParse({ type, name, ttl, ...value });
  if (parsed.success) return { ok: true, record: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? `not a valid ${type} record` };
}
