import { z } from 'zod';
import { RawRecordSchema } from '../records';
import { AccountSourceSchema } from './account-source';
import { AxfrSourceSchema } from './axfr';
import { Route53KeysSchema, SourceCredentialsSchema, SubscriptionIdSchema } from './source-validate';

/*
 * Where one zone's records come from, as one field. A request may say it in several ways (a zone's
 * `records`, `zoneFile`, `table`, `axfr`, `cloudflare`, or the request's `source` or Azure fields with
 * the zone's hint); the contract turns each into this union once, and the companion reads nothing else.
 * A new source is one member here, one folder in `companion/src/providers/` and one row in its table.
 */

export const ZoneFileTextSchema = z.string({ error: 'zoneFile is the text of a zone file' });
export const RecordsTableTextSchema = z.string({ error: 'table is the text of a records table copied from a DNS host' });
/** An Azure resource group, as Azure limits its name. */
export const ResourceGroupSchema = z.string().max(90);
/** A Route 53 hosted zone id, with or without its `/hostedzone/` prefix. */
export const HostedZoneIdSchema = z
  .string({ error: 'hostedZoneId is a Route 53 hosted zone id' })
  .trim()
  .regex(/^(?:\/hostedzone\/)?Z[A-Z0-9]{1,31}$/, { error: 'hostedZoneId is a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ' });

export const FROM_KIND_ERROR = { error: 'from.kind is records, zoneFile, table, axfr, cloudflare, azure or route53' };

export const ZoneFromSchema = z.discriminatedUnion(
  'kind',
  [
    /** Records the client sends itself; each one's values are checked on their own, in the stream. */
    z.object({ kind: z.literal('records'), records: z.array(RawRecordSchema) }),
    /** The text of a zone file (BIND format), read with the zone's name as its origin. */
    z.object({ kind: z.literal('zoneFile'), text: ZoneFileTextSchema }),
    /** The text of a records table copied from a DNS host's dashboard (a header row, then a record a row). */
    z.object({ kind: z.literal('table'), text: RecordsTableTextSchema }),
    /** A zone transfer (AXFR) from this server. */
    z.object({ kind: z.literal('axfr'), ...AxfrSourceSchema.shape }),
    /** Another account at the target's provider, with that account's token. */
    z.object({ kind: z.literal('cloudflare'), ...AccountSourceSchema.shape }),
    /** Azure DNS: a subscription, and the zone's resource group when known (else found by listing). */
    z.object({
      kind: z.literal('azure'),
      credentials: SourceCredentialsSchema,
      subscriptionId: SubscriptionIdSchema,
      resourceGroup: ResourceGroupSchema.optional(),
    }),
    /** Route 53: an AWS account's keys, and the zone's hosted zone id when known (else found by listing). */
    z.object({ kind: z.literal('route53'), credentials: Route53KeysSchema, hostedZoneId: HostedZoneIdSchema.optional() }),
  ],
  FROM_KIND_ERROR,
);
export type ZoneFrom = z.infer<typeof ZoneFromSchema>;
export type FromKind = ZoneFrom['kind'];
/** The member of one kind. */
export type FromOf<K extends FromKind> = Extract<ZoneFrom, { kind: K }>;

/** What the request carries itself, read by the companion; every other kind is read from a provider. */
export type CarriedFrom = FromOf<'records' | 'zoneFile' | 'table'>;
/** Read from a provider, whose name is its kind. */
export type ProviderFrom = Exclude<ZoneFrom, CarriedFrom>;

export const isCarried = (from: ZoneFrom): from is CarriedFrom =>
  from.kind === 'records' || from.kind === 'zoneFile' || from.kind === 'table';
