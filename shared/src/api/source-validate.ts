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

/**
 * AWS Route 53: an access key id and its secret, and the session token of temporary (STS) keys. Named
 * by `provider`, which is what tells a request's source apart (absent: Azure, as before it existed).
 */
export const Route53CredentialsSchema = z.object({
  provider: z.literal('route53'),
  accessKeyId: z
    .string({ error: 'expected an access key id' })
    .trim()
    .regex(/^[A-Z0-9]{16,128}$/, { error: 'an access key id is 16 to 128 capital letters and digits (AKIA… or ASIA…)' }),
  secretAccessKey: secret('a secret access key', 256),
  /** Only with temporary keys (ASIA…), e.g. from `aws sts get-session-token` or an SSO login. */
  sessionToken: secret('a session token', 8192)
    .regex(/^[\x21-\x7e]+$/, { error: 'a session token has only printable ASCII characters' })
    .optional(),
});
export type Route53Credentials = z.infer<typeof Route53CredentialsSchema>;
/** The keys alone, where the provider is named already (a zone's `from`). */
export const Route53KeysSchema = Route53CredentialsSchema.omit({ provider: true });
export type Route53Keys = z.infer<typeof Route53KeysSchema>;

/** `provider: "azure"` may name Azure explicitly; its fields are the same either way. */
export const AzureProviderField = { provider: z.literal('azure').optional() };
export const AUTH_METHOD_ERROR = { error: 'authMethod is "servicePrincipal" or "bearerToken"' };
export const PROVIDER_ERROR = { error: 'provider is "azure" or "route53"' };

/**
 * A source named by its credentials: Route 53 by its keys, or Azure by its authMethod, with the
 * fields a request adds to Azure's (a subscription, whether `provider` may be left out).
 */
export function sourceCredentialsSchema<const T extends z.ZodRawShape & { provider: z.ZodType }>(azure: T) {
  return z.discriminatedUnion(
    'provider',
    [
      z.discriminatedUnion(
        'authMethod',
        [ServicePrincipalCredentialsSchema.extend(azure), BearerTokenCredentialsSchema.extend(azure)],
        AUTH_METHOD_ERROR,
      ),
      Route53CredentialsSchema,
    ],
    PROVIDER_ERROR,
  );
}

/** Route 53 by its keys, or Azure (the default when `provider` is absent) by its authMethod. */
export const SourceValidateRequestSchema = sourceCredentialsSchema(AzureProviderField);
export type SourceValidateRequest = z.infer<typeof SourceValidateRequestSchema>;

export const SubscriptionSchema = z.object({ subscriptionId: z.string(), displayName: z.string() });
export const SourceValidateResponseSchema = z.object({
  success: z.literal(true),
  /** Azure's subscriptions; empty for Route 53, whose keys name one account (its zones: /api/source/zones). */
  subscriptions: z.array(SubscriptionSchema),
});
export type SourceValidateResponse = z.infer<typeof SourceValidateResponseSchema>;
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionIdSchema = z
  .string({ error: 'expected a subscription id' })
  .regex(/^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/, { error: 'a subscription id is a GUID' });
