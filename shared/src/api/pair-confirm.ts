import { z } from 'zod';
import { MacSchema, NonceSchema } from './pair';

/**
 * The second step of pairing (see pair.ts), key confirmation as the CPace draft suggests:
 * `mac_key = SHA-512("CPaceMac" || sid || ISK)`.
 * - request: `confirm = Ta = HMAC-SHA-512(mac_key, lv_cat(Ya, ""))`; a wrong one is a wrong code.
 * - answer:  `sealedKey = key XOR SHA-512(lv_cat(KEY_WRAP_CONTEXT, ISK))[0..32]` and
 *            `confirm = Tb = HMAC-SHA-512(mac_key, lv_cat(Yb, "", sealedKey))`.
 * The extension keeps the key only if Tb is right: a server that is not the companion cannot make it.
 */
export const KEY_WRAP_CONTEXT = 'dnsferry-key-wrap-v2';

/** base64url of an HMAC-SHA-512 (64 bytes). */
export const TagSchema = z
  .string({ error: 'expected a key-confirmation tag' })
  .regex(/^[A-Za-z0-9_-]{86}$/, { error: 'a key-confirmation tag is an HMAC-SHA-512: 86 base64url characters' });

export const PairConfirmRequestSchema = z.object({ nonce: NonceSchema, confirm: TagSchema });
export type PairConfirmRequest = z.infer<typeof PairConfirmRequestSchema>;

export const PairConfirmResponseSchema = z.object({
  success: z.literal(true),
  /** The key for this extension's origin (32 bytes), sealed under the session key. It is never sent again. */
  sealedKey: MacSchema,
  /** A public name of this companion's identity, to tell two companions apart. */
  companionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  confirm: TagSchema,
});
export type PairConfirmResponse = z.infer<typeof PairConfirmResponseSchema>;
