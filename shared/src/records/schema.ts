import { z } from 'zod';
import { isHostname, isRelativeName, toAsciiHostname } from '../names';
import { RdataError, RdataReader, tokenize } from './rdata';
import { RECORD_SPECS, RECORD_TYPES, type RecordType } from './registry';
import { HELD_TYPES } from './target-rules';

export const RecordTypeSchema = z.enum(RECORD_TYPES, { error: `expected one of ${RECORD_TYPES.join(', ')}` });

/**
 * Owner name as a client sends it: relative (`www`), `@` for the apex, or a FQDN inside the zone
 * (with or without trailing dot). The engine makes it relative; here it is only made ASCII.
 */
export const RecordNameSchema = z
  .string({ error: 'expected a record name' })
  .max(300, { error: 'a record name has at most 253 characters' })
  .transform((value, ctx) => {
    const v = value.trim();
    if (v === '@' || v === '') return '@';
    const absolute = v.endsWith('.');
    const ascii = toAsciiHostname(v);
    if (ascii === null || !isRelativeName(ascii)) {
      ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 80)}" is not a valid record name` });
      return z.NEVER;
    }
    return absolute ? `${ascii}.` : ascii;
  });

/** 0 is read as written; the engine brings any TTL into the target's range, 1 meaning "automatic". */
export const TtlSchema = z
  .number({ error: 'expected a TTL in seconds' })
  .int({ error: 'a TTL is a whole number of seconds' })
  .min(0, { error: 'a TTL is not negative' })
  .max(2147483647, { error: 'a TTL is at most 2147483647' });

const u16 = (what: string) =>
  z
    .number({ error: `expected ${what} (0-65535)` })
    .int({ error: `${what} is a whole number` })
    .min(0, { error: `${what} is 0-65535` })
    .max(65535, { error: `${what} is 0-65535` });

/** MX and SRV targets: a host name (FQDN, trailing dot optional), `.` for "no service". */
const hostContent = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .max(300)
    .transform((value, ctx) => {
      const v = value.trim();
      if (v === '.') return '.';
      const ascii = toAsciiHostname(v);
      if (ascii === null || !isHostname(ascii)) {
        ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 80)}" is not a valid ${what}` });
        return z.NEVER;
      }
      return ascii;
    });

/** `content` in presentation form, read and written back canonical by the type's own codec. */
const presentation = (type: RecordType) =>
  z
    .string({ error: `expected ${type} content` })
    .max(8192, { error: `${type} content is at most 8192 characters` })
    .transform((value, ctx) => {
      try {
        const reader = new RdataReader(tokenize(value), null);
        const v = RECORD_SPECS[type].parse(reader);
        return v.content;
      } catch (err) {
        if (!(err instanceof RdataError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
        return z.NEVER;
      }
    });

/**
 * A note kept with the record where the source has one (a Cloudflare record's comment); never part of
 * its identity. One line, as the target keeps it.
 */
const comment = z
  .string({ error: 'comment is text' })
  .max(500, { error: 'comment is at most 500 characters' })
  .refine((c) => !/[\r\n]/.test(c), { error: 'comment is one line' })
  .optional();
const base = { name: RecordNameSchema, ttl: TtlSchema, comment };
/** Whether the target serves the record through its proxy; absent = DNS only, as the source served it. */
const proxied = z.boolean({ error: 'proxied is true or false' }).optional();

function member<T extends RecordType>(type: T) {
  return z.object({ type: z.literal(type), ...base, content: presentation(type) });
}

const MEMBERS = {
  A: z.object({ type: z.literal('A'), ...base, content: presentation('A'), proxied }),
  AAAA: z.object({ type: z.literal('AAAA'), ...base, content: presentation('AAAA'), proxied }),
  CNAME: z.object({ type: z.literal('CNAME'), ...base, content: presentation('CNAME'), proxied }),
  MX: z.object({ type: z.literal('MX'), ...base, content: hostContent('mail server host name'), priority: u16('priority') }),
  // Either one raw value, or RFC 1035 quoted character-strings (`"part one" "part two"`); kept as sent.
  TXT: z.object({
    type: z.literal('TXT'),
    ...base,
    content: z.string({ error: 'expected TXT content' }).max(8192, { error: 'TXT content is at most 8192 characters' }),
  }),
  SRV: z.object({
    type: z.literal('SRV'),
    ...base,
    content: hostContent('target host name'),
    priority: u16('priority'),
    weight: u16('weight'),
    port: u16('port'),
  }),
  CAA: member('CAA'),
  PTR: member('PTR'),
  NS: member('NS'),
  DS: member('DS'),
  TLSA: member('TLSA'),
  SSHFP: member('SSHFP'),
  HTTPS: member('HTTPS'),
  SVCB: member('SVCB'),
  NAPTR: member('NAPTR'),
  LOC: member('LOC'),
  URI: member('URI'),
  CERT: member('CERT'),
  SMIMEA: member('SMIMEA'),
  OPENPGPKEY: member('OPENPGPKEY'),
  // The target writes or signs these itself: accepted as written so a whole zone can be sent, then skipped.
  SOA: z.object({ type: z.literal('SOA'), ...base, content: z.string().max(8192) }),
  DNSKEY: z.object({ type: z.literal('DNSKEY'), ...base, content: z.string().max(8192) }),
  CDS: z.object({ type: z.literal('CDS'), ...base, content: z.string().max(8192) }),
  CDNSKEY: z.object({ type: z.literal('CDNSKEY'), ...base, content: z.string().max(8192) }),
  RRSIG: z.object({ type: z.literal('RRSIG'), ...base, content: z.string().max(8192) }),
  NSEC: z.object({ type: z.literal('NSEC'), ...base, content: z.string().max(8192) }),
  NSEC3: z.object({ type: z.literal('NSEC3'), ...base, content: z.string().max(8192) }),
  NSEC3PARAM: z.object({ type: z.literal('NSEC3PARAM'), ...base, content: z.string().max(8192) }),
} satisfies { [T in RecordType]: z.ZodObject<{ type: z.ZodLiteral<T> } & z.ZodRawShape> };

/** The canonical record model: what clients send, what a scan returns, what the engine plans with. */
export const DnsRecordSchema = z.discriminatedUnion(
  'type',
  Object.values(MEMBERS) as unknown as [(typeof MEMBERS)['A'], ...(typeof MEMBERS)[RecordType][]],
  {
    error: (iss) => {
      const t = (iss.input as { type?: unknown } | undefined)?.type;
      return typeof t === 'string'
        ? `record type ${t.slice(0, 20)} is not supported (supported: ${HELD_TYPES.join(', ')})`
        : `expected a record whose type is one of ${HELD_TYPES.join(', ')}`;
    },
  },
);
export type DnsRecord = z.output<typeof DnsRecordSchema>;
export type DnsRecordInput = z.input<typeof DnsRecordSchema>;

/**
 * A record as a request carries it before its values are checked: an object with a string `type` and
 * `name`. A record whose values are wrong fails on its own, in the stream, not the whole request.
 */
export const RawRecordSchema = z.looseObject({
  type: z.string({ error: 'expected a record type' }).max(20),
  name: z.string({ error: 'expected a record name' }).max(300),
});
export type RawRecord = z.infer<typeof RawRecordSchema>;
