import { z } from 'zod';
import { BearerTokenCredentialsSchema, ServicePrincipalCredentialsSchema, SubscriptionIdSchema } from './source-validate';

export const SourceZonesRequestSchema = z.discriminatedUnion(
  'authMethod',
  [
    ServicePrincipalCredentialsSchema.extend({ subscriptionId: SubscriptionIdSchema }),
    BearerTokenCredentialsSchema.extend({ subscriptionId: SubscriptionIdSchema }),
  ],
  { error: 'authMethod is "servicePrincipal" or "bearerToken"' },
);
export type SourceZonesRequest = z.infer<typeof SourceZonesRequestSchema>;

export const SourceZoneSchema = z.object({
  name: z.string(),
  resourceGroup: z.string(),
  /** Record sets at the source, as Azure counts them (SOA and apex NS included). */
  recordCount: z.number().int(),
});
export const SourceZonesResponseSchema = z.object({ success: z.literal(true), zones: z.array(SourceZoneSchema) });
export type SourceZonesResponse = z.infer<typeof SourceZonesResponseSchema>;
export type SourceZone = z.infer<typeof SourceZoneSchema>;
