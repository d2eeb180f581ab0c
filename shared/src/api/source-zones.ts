import { z } from 'zod';
import { AzureProviderField, SubscriptionIdSchema, sourceCredentialsSchema } from './source-validate';

const azureZones = { ...AzureProviderField, subscriptionId: SubscriptionIdSchema };

/** Azure: the credentials and one subscription. Route 53: the keys alone (they name one account). */
export const SourceZonesRequestSchema = sourceCredentialsSchema(azureZones);
export type SourceZonesRequest = z.infer<typeof SourceZonesRequestSchema>;

export const SourceZoneSchema = z.object({
  name: z.string(),
  /** Azure (always there): the resource group that holds the zone; send it back as `zones[].resourceGroup`. */
  resourceGroup: z.string().optional(),
  /** Route 53 (always there): the hosted zone id (`Z…`); send it back as `zones[].hostedZoneId`. */
  id: z.string().optional(),
  /** Record sets at the source, as the provider counts them (SOA and apex NS included). */
  recordCount: z.number().int(),
});
export const SourceZonesResponseSchema = z.object({ success: z.literal(true), zones: z.array(SourceZoneSchema) });
export type SourceZonesResponse = z.infer<typeof SourceZonesResponseSchema>;
export type SourceZone = z.infer<typeof SourceZoneSchema>;
