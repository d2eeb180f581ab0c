import { z } from 'zod';
import { isHostname, isRelativeName, toAsciiHostname } from './names';

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'PTR', 'NS', 'SOA'] as const;
export const RecordTypeSchema = z.enum(RECORD_TYPES, { error: `expected one of ${RECORD_TYPES.join(', ')}` });
export type RecordType = z.infer<typeof RecordTypeSchema>;

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

/** 1 means "automatic" at the target; everything else is seconds. */
export const TtlSchema = z
  .number({ error: 'expected a TTL in seconds' })
  .int({ error: 'a TTL is a whole number of seconds' })
  .min(1, { error: 'a TTL is at least 1 (1 = automatic)' })
  .max(2147483647, { error: 'a TTL is at most 2147483647' });

const u16 = (what: string) =>
  z
    .number({ error: `expected ${what} (0-65535)` })
    .int({ error: `${what} is a whole number` })
    .min(0, { error: `${what} is 0-65535` })
    .max(65535, { error: `${what} is 0-65535` });

const hostContent = (what: string, allowRoot = false) =>
  z
    .string({ error: `expected ${what}` })
    .max(300)
    .transform((value, ctx) => {
      const v = value.trim();
      if (allowRoot && v === '.') return '.';
      const ascii = toAsciiHostname(v);
      if (ascii === null || !isHostname(ascii)) {
        ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 80)}" is not a valid ${what}` });
        return z.NEVER;
      }
      return ascii;
    });

/** CAA in presentation form: `0 issue "letsencrypt.org"`. */
export const CAA_PATTERN = /^\s*(\d{1,3})\s+([A-Za-z0-9]+)\s+(?:"((?:[^"\\]|\\.)*)"|(\S+))\s*$/;

const base = { name: RecordNameSchema, ttl: TtlSchema };

export const ARecordSchema = z.object({
  type: z.literal('A'),
  ...base,
  content: z.ipv4({ error: 'expected an IPv4 address' }),
});
export const AAAARecordSchema = z.object({
  type: z.literal('AAAA'),
  ...base,
  content: z.ipv6({ error: 'expected an IPv6 address' }),
});
export const CNAMERecordSchema = z.object({ type: z.literal('CNAME'), ...base, content: hostContent('host name') });
export const MXRecordSchema = z.object({
  type: z.literal('MX'),
  ...base,
  content: hostContent('mail server host name', true),
  priority: u16('priority'),
});
export const TXTRecordSchema = z.object({
  type: z.literal('TXT'),
  ...base,
  // Either one raw value, or RFC 1035 quoted character-strings (`"part one" "part two"`).
  content: z.string({ error: 'expected TXT content' }).max(8192, { error: 'TXT content is at most 8192 characters' }),
});
export const SRVRecordSchema = z.object({
  type: z.literal('SRV'),
  ...base,
  content: hostContent('target host name', true),
  priority: u16('priority'),
  weight: u16('weight'),
  port: u16('port'),
});
export const CAARecordSchema = z.object({
  type: z.literal('CAA'),
  ...base,
  content: z
    .string({ error: 'expected CAA content' })
    .max(2048)
    .refine((v) => {
      const m = CAA_PATTERN.exec(v);
      return m !== null && Number(m[1]) <= 255;
    }, { error: 'expected CAA content like 0 issue "letsencrypt.org"' }),
});
export const PTRRecordSchema = z.object({ type: z.literal('PTR'), ...base, content: hostContent('host name') });
export const NSRecordSchema = z.object({ type: z.literal('NS'), ...base, content: hostContent('name server host name') });
/** Accepted so a full zone can be sent as it is; the engine skips it (the target manages SOA). */
export const SOARecordSchema = z.object({ type: z.literal('SOA'), ...base, content: z.string().max(2048) });

/** The canonical record model: what clients send, what a scan returns, what the engine plans with. */
export const DnsRecordSchema = z.discriminatedUnion(
  'type',
  [
    ARecordSchema,
    AAAARecordSchema,
    CNAMERecordSchema,
    MXRecordSchema,
    TXTRecordSchema,
    SRVRecordSchema,
    CAARecordSchema,
    PTRRecordSchema,
    NSRecordSchema,
    SOARecordSchema,
  ],
  { error: `expected a record whose type is one of ${RECORD_TYPES.join(', ')}` },
);
export type DnsRecord = z.output<typeof DnsRecordSchema>;
export type DnsRecordInput = z.input<typeof DnsRecordSchema>;
