import { z } from 'zod';
import { MacSchema, NonceSchema } from './pair';

/**
 * Before the extension sends a credential, the companion proves it holds the key of the pairing:
 * `proof = base64url(HMAC-SHA256(key, PROOF_CONTEXT + origin + "\n" + port + "\n" + nonce))`, where `port`
 * is the port the companion listens on: a relay on another port cannot pass the proof on.
 */
export const PROOF_CONTEXT = 'dnsferry-proof-v1\n';

export const PairProofRequestSchema = z.object({ nonce: NonceSchema });
export type PairProofRequest = z.infer<typeof PairProofRequestSchema>;

export const PairProofResponseSchema = z.object({
  success: z.literal(true),
  companionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  proof: MacSchema,
});
export type PairProofResponse = z.infer<typeof PairProofResponseSchema>;
