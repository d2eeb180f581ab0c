import { z } from 'zod';

const secret = (what: string, max = 4096) =>
  z
    .string({ error: `expected ${what}` })
    .trim()
    .min(1, { error: `${what} is empty` })
    .max(max, { error: `${what} is too long` });

const guidOrDomain = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .trim()
    .regex(/^(?:[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}|[A-Za-z0-9][A-Za-z0-9.-]{0,252})$/, {
      error: `${what} is a GUID (or, for a tenant, its domain name)`,
    });

export const ServicePrincipalCredentialsSchema = z.object({
  authMethod: z.literal('servicePrincipal'),
  tenantId: guidOrDomain('a tenant id'),
  clientId: guidOrDomain('a client id'),
  clientSecret: secret('a client secret', 1024),
});
export const BearerTokenCredentialsSchema = z.object({
  authMethod: z.literal('bearerToken'),
  /** An ARM access token, e.g. from `az account get-access-token`. */
  sourceToken: secret('a source bearer token', 16384).regex(/^[\t\n\r\x20-\x7e]+$/, {
    error: 'a source bearer token has only ASCII characters',
  }),
});
export const SourceCredentialsSchema = z.discriminatedUnion(
  'authMethod',
  [ServicePrincipalCredentialsSchema, BearerTokenCredentialsSchema],
  { error: 'authMethod is "servicePrincipal" or "bearerToken"' },
);
export type SourceCredentials = z.infer<typeof SourceCredentialsSchema>;

export const SourceValidateRequestSchema = SourceCredentialsSchema;
export type SourceValidateRequest = z.infer<typeof SourceValidateRequestSchema>;

export const SubscriptionSchema = z.object({ subscriptionId: z.string(), displayName: z.string() });
export const SourceValidateResponseSchema = z.object({
  success: z.literal(true),
  subscriptions: z.array(SubscriptionSchema),
});
export type SourceValidateResponse = z.infer<typeof SourceValidateResponseSchema>;
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionIdSchema = z
  .string({ error: 'expected a subscription id' })
  .regex(/^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/, { error: 'a subscription id is a GUID' });
