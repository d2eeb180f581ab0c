import { z } from 'zod';
import { isZoneName, toAsciiHostname } from '../names';

/** The TSIG algorithms (RFC 8945 §6) a transfer may be signed with; HMAC-MD5 is not offered. */
export const TSIG_ALGORITHMS = ['hmac-sha256', 'hmac-sha384', 'hmac-sha512', 'hmac-sha224', 'hmac-sha1'] as const;
export type TsigAlgorithm = (typeof TSIG_ALGORITHMS)[number];

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
/** Loose on purpose: the socket refuses what is not an IPv6 address, naming it. */
const IPV6 = /^[0-9a-f:.]+$/i;

/** `ns1.example.com`, `192.0.2.53` or `2001:db8::53` (brackets allowed); what a TCP connection can be opened to. */
const ServerSchema = z
  .string({ error: 'axfr.server is the name or address of the server to ask for the transfer' })
  .max(253, { error: 'axfr.server is longer than a host name can be' })
  .transform((raw, ctx) => {
    const s = raw.trim().replace(/^\[(.*)\]$/, '$1');
    if (IPV4.test(s) || (s.includes(':') && IPV6.test(s))) return s;
    const host = toAsciiHostname(s);
    if (host !== null && isZoneName(host)) return host;
    ctx.addIssue({ code: 'custom', message: `axfr.server "${raw.slice(0, 64)}" is neither a host name nor an IP address` });
    return z.NEVER;
  });

export const TsigKeySchema = z.object({
  /** The key's name, as the server's configuration names it (`key "transfer-key" { … }`). */
  name: z
    .string({ error: 'axfr.tsig.name is the name of the key' })
    .max(253)
    .transform((raw, ctx) => {
      const host = toAsciiHostname(raw);
      if (host !== null) return host;
      ctx.addIssue({ code: 'custom', message: `axfr.tsig.name "${raw.slice(0, 64)}" is not a key name (a domain name)` });
      return z.NEVER;
    }),
  algorithm: z.enum(TSIG_ALGORITHMS, { error: `axfr.tsig.algorithm is one of ${TSIG_ALGORITHMS.join(', ')}` }),
  /** The shared secret in base64, as `tsig-keygen` prints it. A credential: never stored, logged or echoed. */
  secret: z
    .string({ error: 'axfr.tsig.secret is the key in base64' })
    .max(512, { error: 'axfr.tsig.secret is longer than any TSIG key' })
    .refine((s) => /^[A-Za-z0-9+/]+={0,2}$/.test(s.trim()) && s.trim().length % 4 === 0, {
      error: 'axfr.tsig.secret is not base64 (as tsig-keygen prints it)',
    }),
});
export type TsigKey = z.output<typeof TsigKeySchema>;

/**
 * Read the zone by a zone transfer (AXFR, RFC 5936) from `server`: the one place where a request names a
 * server the companion connects to (TCP, DNS only).
 */
export const AxfrSourceSchema = z.object({
  server: ServerSchema,
  port: z.number({ error: 'axfr.port is a number' }).int().min(1).max(65535, { error: 'axfr.port is 1–65535' }).optional(),
  tsig: TsigKeySchema.optional(),
});
export type AxfrSource = z.output<typeof AxfrSourceSchema>;
