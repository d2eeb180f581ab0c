import { z } from 'zod';

export const TargetTokenSchema = z
  .string({ error: 'expected the target API token' })
  .trim()
  .min(1, { error: 'the target API token is empty' })
  .max(512, { error: 'the target API token is too long' })
  .regex(/^[\x21-\x7e]+$/, { error: 'the target API token has characters a token cannot have' });

export const TargetAccountIdSchema = z
  .string({ error: 'expected a target account id' })
  .regex(/^[0-9a-f]{32}$/, { error: 'a target account id is 32 hexadecimal characters' });

export const TargetValidateRequestSchema = z.object({
  targetToken: TargetTokenSchema,
  /** Only needed to verify an account-owned token whose prefix does not say so. */
  targetAccountId: TargetAccountIdSchema.optional(),
});
export type TargetValidateRequest = z.infer<typeof TargetValidateRequestSchema>;

export const TargetAccountSchema = z.object({ id: z.string(), name: z.string() });
export const TargetValidateResponseSchema = z.object({
  success: z.literal(true),
  accounts: z.array(TargetAccountSchema),
  token: z.object({ status: z.string(), expiresOn: z.string().optional() }),
});
export type TargetValidateResponse = z.infer<typeof TargetValidateResponseSchema>;
export type TargetAccount = z.infer<typeof TargetAccountSchema>;
