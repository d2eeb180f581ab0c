import { z } from 'zod';

/**
 * Pairing: the extension shows that the person at the keyboard read the code the companion printed,
 * the companion shows it printed that code, and the extension receives a key for its origin. The key
 * is sent once, in this answer.
 */

/** The code's alphabet (Crockford base32: no I, L, O, U), 8 characters shown as `ABCD-EFGH`. */
export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Accepts what a person types: lower case, spaces, a dash, and O/I/L for 0/1/1. */
export const PairingCodeSchema = z
  .string({ error: 'expected the pairing code the companion printed' })
  .max(40, { error: 'a pairing code is 8 characters' })
  .transform((s) => s.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1'))
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{8}$/, { error: 'a pairing code is 8 letters and digits, like ABCD-2345' }));

/** A random challenge (at least 128 bits), base64url. */
export const NonceSchema = z
  .string({ error: 'expected a nonce' })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, { error: 'a nonce is 22 to 128 base64url characters' });

/** base64url of an HMAC-SHA256 (32 bytes). */
export const MacSchema = z
  .string({ error: 'expected a base64url HMAC' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'expected a base64url HMAC-SHA256 (43 characters)' });

/**
 * The code never travels: each side proves it knows it, the extension first.
 * - request:  `codeProof = HMAC(code, PAIR_CONTEXT + "extension\n" + origin + "\n" + nonce)`
 * - answer:   `codeProof = HMAC(code, PAIR_CONTEXT + "companion\n" + origin + "\n" + port + "\n" + nonce + "\n" + key)`
 * where `code` is the normalised code (8 characters, no dash) and `port` the companion's listening port.
 * A server that is not the companion does not know the code, so it cannot answer, and the extension
 * keeps no key from it.
 */
export const PAIR_CONTEXT = 'dnsferry-pair-v1\n';

export const PairRequestSchema = z.object({ nonce: NonceSchema, codeProof: MacSchema });
export type PairRequest = z.infer<typeof PairRequestSchema>;

export const PairResponseSchema = z.object({
  success: z.literal(true),
  /** HMAC key for this extension's origin (32 bytes, base64url). Keep it; it is never sent again. */
  key: MacSchema,
  /** A public name of this companion's identity, to tell two companions apart. */
  companionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  codeProof: MacSchema,
});
export type PairResponse = z.infer<typeof PairResponseSchema>;
