import { z } from 'zod';
import { RawRecordSchema } from '../records';
import { ZoneNameSchema } from '../names';
import { AxfrSourceSchema } from './axfr';
import { AccountSourceSchema } from './account-source';
import { TargetAccountIdSchema, TargetTokenSchema } from './target-validate';
import { BearerTokenCredentialsSchema, ServicePrincipalCredentialsSchema, SubscriptionIdSchema } from './source-validate';

/**
 * `add` (the default): create what the target lacks, leave what it holds. `mirror`: every RRset the
 * source has answers exactly as the source says (other records of it removed, TTL and proxy set).
 */
export const MigrateModeSchema = z.enum(['add', 'mirror'], { error: 'mode is "add" or "mirror"' });
export type MigrateMode = z.infer<typeof MigrateModeSchema>;

/** How a zone is brought in line; each can be set for the whole request or per zone (the zone's wins). */
const modeFields = {
  mode: MigrateModeSchema.optional(),
  /** Mirror only: also remove the target's RRsets the source does not have (never what the target manages). */
  prune: z.boolean({ error: 'prune is true or false' }).optional(),
  /** Write even when mirror would remove or change more than 30 % of a zone's records (zones of 10 or more). */
  force: z.boolean({ error: 'force is true or false' }).optional(),
};

/** A zone's mode, prune and force, the zone's own settings before the request's. */
export function zoneMode(
  req: { mode?: MigrateMode | undefined; prune?: boolean | undefined; force?: boolean | undefined },
  zone: { mode?: MigrateMode | undefined; prune?: boolean | undefined; force?: boolean | undefined },
): { mode: MigrateMode; prune: boolean; force: boolean } {
  return { mode: zone.mode ?? req.mode ?? 'add', prune: zone.prune ?? req.prune ?? false, force: zone.force ?? req.force ?? false };
}

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
    /** Or read by a zone transfer (AXFR) from this server, which must allow it (to the companion's address or a TSIG key). */
    axfr: AxfrSourceSchema.optional(),
    /** Or read from another account at the target's provider, with that account's token. */
    cloudflare: AccountSourceSchema.optional(),
    /** Source resource group; found by listing the subscription when absent. */
    resourceGroup: z.string().max(90).optional(),
    ...modeFields,
  })
  .refine((zone) => [zone.records, zone.zoneFile, zone.axfr, zone.cloudflare].filter((x) => x !== undefined).length <= 1, {
    error: 'send a zone as records, as zoneFile, with axfr or with cloudflare: one of them',
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
    ...modeFields,
  })
  .superRefine((req, ctx) => {
    for (const [i, zone] of req.zones.entries()) {
      const { mode, prune } = zoneMode(req, zone);
      if (prune && mode !== 'mirror') {
        const own = zone.prune !== undefined;
        ctx.addIssue({
          code: 'custom',
          path: own ? ['zones', i, 'prune'] : ['prune'],
          message: 'prune removes what the source does not have, so it needs "mode": "mirror"',
        });
        return;
      }
    }
    const needSource = req.zones.some(
      (z) => z.records === undefined && z.zoneFile === undefined && z.axfr === undefined && z.cloudflare === undefined,
    );
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
