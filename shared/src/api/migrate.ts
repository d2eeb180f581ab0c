import { z } from 'zod';
import { RawRecordSchema } from '../records';
import { ZoneNameSchema } from '../names';
import { TargetAccountIdSchema, TargetTokenSchema } from './target-validate';
import { BearerTokenCredentialsSchema, ServicePrincipalCredentialsSchema, SubscriptionIdSchema } from './source-validate';

export const MigrateZoneSchema = z
  .object({
    name: ZoneNameSchema,
    /**
     * Records the client sends itself (manual source or a scan result). Without them, the zone is read from
     * the source. Each record's values are checked on their own: a bad one fails in the stream, not the request.
     */
    records: z.array(RawRecordSchema).optional(),
    /**
     * Or the text of a zone file (BIND format), read as BIND reads it with the zone's name as its origin.
     * Lines that cannot become a record fail in the stream, naming their line number.
     */
    zoneFile: z.string({ error: 'zoneFile is the text of a zone file' }).optional(),
    /** Source resource group; found by listing the subscription when absent. */
    resourceGroup: z.string().max(90).optional(),
  })
  .refine((zone) => zone.records === undefined || zone.zoneFile === undefined, {
    error: 'send a zone either as records or as zoneFile, not both',
    path: ['zoneFile'],
  });
export type MigrateZone = z.infer<typeof MigrateZoneSchema>;

export const MigrateRequestSchema = z
  .object({
    targetToken: TargetTokenSchema,
    targetAccountId: TargetAccountIdSchema,
    zones: z.array(MigrateZoneSchema).min(1, { error: 'at least one zone is needed' }),
    /** Source credentials, used only for zones sent without records. */
    sourceToken: BearerTokenCredentialsSchema.shape.sourceToken.optional(),
    subscriptionId: SubscriptionIdSchema.optional(),
    authMethod: z.enum(['servicePrincipal', 'bearerToken']).optional(),
    tenantId: ServicePrincipalCredentialsSchema.shape.tenantId.optional(),
    clientId: ServicePrincipalCredentialsSchema.shape.clientId.optional(),
    clientSecret: ServicePrincipalCredentialsSchema.shape.clientSecret.optional(),
    /** Plan only: same events and counts, nothing written. */
    dryRun: z.boolean().optional(),
  })
  .superRefine((req, ctx) => {
    const needSource = req.zones.some((z) => z.records === undefined && z.zoneFile === undefined);
    if (!needSource) return;
    if (!req.subscriptionId) {
      ctx.addIssue({
        code: 'custom',
        path: ['subscriptionId'],
        message: 'zones without records are read from the source: subscriptionId is required',
      });
    }
    const sp = req.tenantId !== undefined || req.clientId !== undefined || req.clientSecret !== undefined;
    if (!req.sourceToken && !sp) {
      ctx.addIssue({
        code: 'custom',
        path: ['sourceToken'],
        message: 'zones without records are read from the source: send sourceToken, or tenantId/clientId/clientSecret',
      });
    }
    if (!req.sourceToken && sp) {
      for (const f of ['tenantId', 'clientId', 'clientSecret'] as const) {
        if (req[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: `${f} is required with a service principal` });
      }
    }
  });
export type MigrateRequest = z.infer<typeof MigrateRequestSchema>;
