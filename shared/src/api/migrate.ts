import { z } from 'zod';
import { RawRecordSchema } from '../records';
import { ZoneNameSchema } from '../names';
import { AxfrSourceSchema } from './axfr';
import { AccountSourceSchema } from './account-source';
import { RRsetChoicesSchema, refineRRsetChoices } from './rrset-choices';
import { TargetAccountIdSchema, TargetTokenSchema } from './target-validate';
import {
  HostedZoneIdSchema,
  RecordsTableTextSchema,
  ResourceGroupSchema,
  ZoneFileTextSchema,
  ZoneFromSchema,
  type ZoneFrom,
} from './zone-from';
import {
  BearerTokenCredentialsSchema,
  ServicePrincipalCredentialsSchema,
  SubscriptionIdSchema,
  sourceCredentialsSchema,
  type Route53Credentials,
  type SourceCredentials,
} from './source-validate';

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
  /**
   * When the records to create would pass the zone's record quota at the target: write those that fit
   * (in the order sent) and fail the rest, instead of failing the zone before anything is written.
   */
  partial: z.boolean({ error: 'partial is true or false' }).optional(),
};

type ModeFields = {
  mode?: MigrateMode | undefined;
  prune?: boolean | undefined;
  force?: boolean | undefined;
  partial?: boolean | undefined;
};

/** A zone's mode, prune, force and partial, the zone's own settings before the request's. */
export function zoneMode(req: ModeFields, zone: ModeFields): { mode: MigrateMode; prune: boolean; force: boolean; partial: boolean } {
  return {
    mode: zone.mode ?? req.mode ?? 'add',
    prune: zone.prune ?? req.prune ?? false,
    force: zone.force ?? req.force ?? false,
    partial: zone.partial ?? req.partial ?? false,
  };
}

/** The fields of a zone that say where its records come from, each of which becomes its `from`. */
const FORM_FIELDS = ['records', 'zoneFile', 'table', 'axfr', 'cloudflare', 'resourceGroup', 'hostedZoneId'] as const;

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
    zoneFile: ZoneFileTextSchema.optional(),
    /**
     * Or the text of a records table copied from a DNS host's dashboard: a header row naming the columns
     * (type, name, value, TTL…), then one record a row. Rows that cannot become a record fail in the
     * stream, naming their row.
     */
    table: RecordsTableTextSchema.optional(),
    /** Or read by a zone transfer (AXFR) from this server, which must allow it (to the companion's address or a TSIG key). */
    axfr: AxfrSourceSchema.optional(),
    /** Or read from another account at the target's provider, with that account's token. */
    cloudflare: AccountSourceSchema.optional(),
    /** Source resource group (Azure); found by listing the subscription when absent. */
    resourceGroup: ResourceGroupSchema.optional(),
    /** Source hosted zone id (Route 53, `Z…`); found by listing the hosted zones when absent. */
    hostedZoneId: HostedZoneIdSchema.optional(),
    /**
     * Or where the records come from, said in one field (`kind` and what that kind needs), as the
     * companion reads every form above: instead of them, not beside them.
     */
    from: ZoneFromSchema.optional(),
    ...modeFields,
    /**
     * What to do with particular RRsets where the target already holds records (`keep`, `replace`,
     * `add`), in one run; every RRset not listed follows the zone's mode (add: `add`, mirror: `replace`).
     */
    rrsets: RRsetChoicesSchema.optional(),
  })
  .refine((zone) => [zone.records, zone.zoneFile, zone.table, zone.axfr, zone.cloudflare].filter((x) => x !== undefined).length <= 1, {
    error: 'send a zone as records, as zoneFile, as table, with axfr or with cloudflare: one of them',
    path: ['zoneFile'],
  })
  .superRefine((zone, ctx) => {
    if (zone.from !== undefined) {
      const beside = FORM_FIELDS.find((f) => zone[f] !== undefined);
      if (beside)
        ctx.addIssue({ code: 'custom', path: [beside], message: `send a zone's source either as "from" or as ${beside}, not both` });
    }
    if (zone.rrsets) refineRRsetChoices(zone.name, zone.rrsets, ctx, ['rrsets']);
  });
export type MigrateZone = z.infer<typeof MigrateZoneSchema>;

const azureSource = { provider: z.literal('azure'), subscriptionId: SubscriptionIdSchema };

/** The source named explicitly: Azure (credentials and subscription) or Route 53 (keys). */
export const MigrateSourceSchema = sourceCredentialsSchema(azureSource);

/** Azure's fields at the top of the body, as before `source` existed; they keep working. */
const AZURE_FIELDS = ['sourceToken', 'subscriptionId', 'authMethod', 'tenantId', 'clientId', 'clientSecret'] as const;

export const MigrateRequestSchema = z
  .object({
    targetToken: TargetTokenSchema,
    targetAccountId: TargetAccountIdSchema,
    zones: z.array(MigrateZoneSchema).min(1, { error: 'at least one zone is needed' }),
    /** Where zones sent without records are read from, naming its provider. */
    source: MigrateSourceSchema.optional(),
    /** Or Azure's credentials as separate fields, used only for zones sent without records. */
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
          message: 'prune removes what the source does not have, so it works only in mirror mode',
        });
        return;
      }
    }
    refineSource(
      req,
      ctx,
      req.zones.some(
        (z) =>
          z.from === undefined &&
          z.records === undefined &&
          z.zoneFile === undefined &&
          z.table === undefined &&
          z.axfr === undefined &&
          z.cloudflare === undefined,
      ),
    );
  });
export type MigrateRequest = z.infer<typeof MigrateRequestSchema>;

/** The source fields of a request (migrate's, and the cutover check's, which shares them). */
type SourceFields = Pick<MigrateRequest, 'source' | (typeof AZURE_FIELDS)[number]>;

/**
 * The rules of a request's source, so that `sourceOf` can hand over typed credentials without parsing
 * again: `source`, or Azure's fields, not both; when zones are to be read from the source (`needSource`)
 * or a subscription is named, Azure's fields complete and agreeing with `authMethod` (which decides when
 * given; otherwise a `sourceToken` means a bearer token, the three service-principal fields a service principal).
 */
export function refineSource(req: SourceFields, ctx: z.RefinementCtx, needSource: boolean): void {
  if (req.source !== undefined) {
    const mixed = AZURE_FIELDS.find((f) => req[f] !== undefined);
    if (mixed)
      ctx.addIssue({
        code: 'custom',
        path: [mixed],
        message: `send the source either as "source" or as ${mixed} and its fields, not both`,
      });
    return;
  }
  const sp = req.tenantId !== undefined || req.clientId !== undefined || req.clientSecret !== undefined;
  if (needSource) {
    if (!req.subscriptionId) {
      ctx.addIssue({
        code: 'custom',
        path: ['subscriptionId'],
        message: 'zones without records are read from the source: send "source", or subscriptionId with Azure credentials',
      });
    }
    if (!req.sourceToken && !sp) {
      ctx.addIssue({
        code: 'custom',
        path: ['sourceToken'],
        message: 'zones without records are read from the source: send "source", or sourceToken, or tenantId/clientId/clientSecret',
      });
      return;
    }
  }
  if (!needSource && !req.subscriptionId) return;
  const method = req.authMethod ?? (req.sourceToken !== undefined ? 'bearerToken' : sp ? 'servicePrincipal' : undefined);
  if (method === 'bearerToken' && req.sourceToken === undefined) {
    ctx.addIssue({ code: 'custom', path: ['sourceToken'], message: 'sourceToken is required with authMethod "bearerToken"' });
  }
  if (method === 'servicePrincipal') {
    for (const f of ['tenantId', 'clientId', 'clientSecret'] as const) {
      if (req[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: `${f} is required with a service principal` });
    }
  }
}

/** A request's source with its credentials typed, as the adapters take them. */
export type SourceSpec =
  { provider: 'azure'; credentials: SourceCredentials; subscriptionId: string } | { provider: 'route53'; credentials: Route53Credentials };

/**
 * The source a request names, from fields its schema has already checked (`refineSource`): nothing is
 * parsed again. Undefined when the request names none.
 */
export function sourceOf(req: SourceFields): SourceSpec | undefined {
  const src = req.source;
  if (src?.provider === 'route53') return { provider: 'route53', credentials: src };
  if (src) {
    const { provider: _provider, subscriptionId, ...credentials } = src;
    return { provider: 'azure', credentials, subscriptionId };
  }
  const { subscriptionId, sourceToken, tenantId, clientId, clientSecret } = req;
  if (!subscriptionId) return undefined;
  const method = req.authMethod ?? (sourceToken !== undefined ? 'bearerToken' : undefined);
  if (method === 'bearerToken' && sourceToken !== undefined) {
    return { provider: 'azure', credentials: { authMethod: 'bearerToken', sourceToken }, subscriptionId };
  }
  if (method !== 'bearerToken' && tenantId !== undefined && clientId !== undefined && clientSecret !== undefined) {
    return { provider: 'azure', credentials: { authMethod: 'servicePrincipal', tenantId, clientId, clientSecret }, subscriptionId };
  }
  return undefined;
}

/** A zone as the companion works on it: where its records come from in `from` (none: the request does not say). */
export type SourcedZone = Omit<MigrateZone, (typeof FORM_FIELDS)[number]>;

/**
 * Each zone with where its records come from as one field: its own `from`, or its own form (records,
 * zoneFile, table, axfr, cloudflare), else the source the request names (`source`, or Azure's fields) with the
 * zone's hint for it (resourceGroup, hostedZoneId). For a request its schema has parsed: nothing is
 * checked again. The request's zones are taken out (its array left empty), so that each zone's records
 * are held once, by the zone the engine lets go of when it is done.
 */
export function zonesFrom(req: SourceFields & { zones: MigrateZone[] }): SourcedZone[] {
  const named = namedFrom(sourceOf(req));
  return req.zones.splice(0).map(({ records, zoneFile, table, axfr, cloudflare, resourceGroup, hostedZoneId, from, ...zone }) => {
    const found = from ?? formOf({ records, zoneFile, table, axfr, cloudflare }) ?? named?.({ resourceGroup, hostedZoneId });
    return found ? { ...zone, from: found } : zone;
  });
}

/** A zone's own form as its `from` (the schema lets a zone give one at most). */
function formOf(z: Pick<MigrateZone, 'records' | 'zoneFile' | 'table' | 'axfr' | 'cloudflare'>): ZoneFrom | undefined {
  if (z.records !== undefined) return { kind: 'records', records: z.records };
  if (z.zoneFile !== undefined) return { kind: 'zoneFile', text: z.zoneFile };
  if (z.table !== undefined) return { kind: 'table', text: z.table };
  if (z.axfr !== undefined) return { kind: 'axfr', ...z.axfr };
  if (z.cloudflare !== undefined) return { kind: 'cloudflare', ...z.cloudflare };
  return undefined;
}

type Hints = { resourceGroup?: string | undefined; hostedZoneId?: string | undefined };

/** The `from` of the zones the request's source reads, given a zone's hints; one credentials object for them all. */
function namedFrom(spec: SourceSpec | undefined): ((hints: Hints) => ZoneFrom) | undefined {
  if (spec?.provider === 'azure') {
    const { credentials, subscriptionId } = spec;
    return ({ resourceGroup }) => ({
      kind: 'azure',
      credentials,
      subscriptionId,
      ...(resourceGroup !== undefined ? { resourceGroup } : {}),
    });
  }
  if (spec?.provider === 'route53') {
    const { provider: _provider, ...credentials } = spec.credentials;
    return ({ hostedZoneId }) => ({ kind: 'route53', credentials, ...(hostedZoneId !== undefined ? { hostedZoneId } : {}) });
  }
  return undefined;
}
