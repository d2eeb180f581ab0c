import { z } from 'zod';

/**
 * Read the zone from another account at the target's provider (moving a zone between accounts):
 * its records as that account holds them, proxy, TTL and comments kept. The token is a credential
 * like the others: body only, never stored, logged or echoed.
 */
export const AccountSourceSchema = z.object({
  token: z
    .string({ error: 'cloudflare.token is the API token of the account the zone comes from' })
    .trim()
    .min(1, { error: 'cloudflare.token is empty' })
    .max(512, { error: 'cloudflare.token is too long for a token' })
    .regex(/^[\x21-\x7e]+$/, { error: 'cloudflare.token has characters a token cannot have' }),
  /** The zone's id in that account; found by its name when left out. */
  zoneId: z
    .string({ error: 'cloudflare.zoneId is the zone id' })
    .regex(/^[0-9a-f]{32}$/, { error: 'cloudflare.zoneId is 32 hexadecimal characters' })
    .optional(),
});
export type AccountSource = z.infer<typeof AccountSourceSchema>;
