import { z } from 'zod';

/**
 * Pairing is a password-authenticated key exchange on the code the companion printed: CPace
 * (draft-irtf-cfrg-cpace) over ristretto255 with SHA-512, then key confirmation, the extension first.
 * The code never travels, and neither message lets whoever receives it test guesses at the code
 * offline: a program on the port that is not the companion learns whether one guess was right, no more.
 *
 * The CPace inputs, both sides:
 * - PRS = the normalised code (8 or 16 characters, no dash), ASCII;
 * - CI  = lv_cat(PAIR_CONTEXT, origin, port), with the extension's origin and the companion's port as
 *   the extension reached it (decimal), so a relay on another port derives another key;
 * - sid = the bytes of the extension's nonce; ADa = ADb = empty; the initiator/responder transcript.
 * 1. `/api/pair`: the extension sends `{ nonce, share: Ya }`, the companion answers `{ share: Yb }`.
 * 2. `/api/pair/confirm` (see pair-confirm.ts): the extension sends its tag Ta; only if it is right does
 *    the companion register the origin and answer with the key, sealed, and its own tag Tb.
 */
export const PAIR_CONTEXT = 'dnsferry-pair-v2';

/** The code's alphabet (Crockford base32: no I, L, O, U), shown in groups of 4: `ABCD-EFGH`. */
export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Accepts what a person types: lower case, spaces, dashes, and O/I/L for 0/1/1. Codes are 8
 * characters, or 16 when the companion saw many wrong codes (it prints which).
 */
export const PairingCodeSchema = z
  .string({ error: 'expected the pairing code the companion printed' })
  .max(60, { error: 'a pairing code is 8 or 16 characters' })
  .transform((s) => s.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1'))
  .pipe(
    z.string().regex(/^([0-9A-HJKMNP-TV-Z]{8}|[0-9A-HJKMNP-TV-Z]{16})$/, {
      error: 'a pairing code is 8 (or 16) letters and digits, like ABCD-2345',
    }),
  );

/** A random challenge (at least 128 bits), base64url. */
export const NonceSchema = z
  .string({ error: 'expected a nonce' })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, { error: 'a nonce is 22 to 128 base64url characters' });

/** base64url of an HMAC-SHA256 (32 bytes). */
export const MacSchema = z
  .string({ error: 'expected a base64url HMAC' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'expected a base64url HMAC-SHA256 (43 characters)' });

/** A CPace share: the 32-byte encoding of a ristretto255 element, base64url. */
export const ShareSchema = z
  .string({ error: 'expected a CPace share' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'a share is a ristretto255 element: 32 bytes, base64url (43 characters)' });

export const PairRequestSchema = z.object({ nonce: NonceSchema, share: ShareSchema });
export type PairRequest = z.infer<typeof PairRequestSchema>;

export const PairResponseSchema = z.object({ success: z.literal(true), share: ShareSchema });
export type PairResponse = z.infer<typeof PairResponseSchema>;
