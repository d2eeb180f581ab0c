import { z } from 'zod';

/**
 * ARM response bodies as they arrive (api-version 2023-07-01-preview for DNS: the first that returns DS,
 * TLSA and NAPTR record sets). Only what the adapter reads is declared; unknown fields are ignored.
 * Record data is optional everywhere: aliases carry none.
 */

export const PageSchema = z.object({
  value: z.array(z.unknown()),
  nextLink: z.string().nullish(),
});

export const SubscriptionWireSchema = z.object({
  subscriptionId: z.string(),
  displayName: z.string(),
  state: z.string().optional(),
});

export const ZoneWireSchema = z.object({
  id: z.string(),
  name: z.string(),
  properties: z
    .object({
      numberOfRecordSets: z.number().int().nullish(),
      zoneType: z.string().nullish(),
    })
    .optional(),
});

const int = z.number().int();

const RecordSetPropertiesSchema = z.object({
  TTL: int.nullish(),
  fqdn: z.string().nullish(),
  targetResource: z.object({ id: z.string().nullish() }).nullish(),
  ARecords: z.array(z.object({ ipv4Address: z.string() })).nullish(),
  AAAARecords: z.array(z.object({ ipv6Address: z.string() })).nullish(),
  CNAMERecord: z.object({ cname: z.string() }).nullish(),
  MXRecords: z.array(z.object({ preference: int, exchange: z.string() })).nullish(),
  NSRecords: z.array(z.object({ nsdname: z.string() })).nullish(),
  PTRRecords: z.array(z.object({ ptrdname: z.string() })).nullish(),
  SRVRecords: z.array(z.object({ priority: int, weight: int, port: int, target: z.string() })).nullish(),
  TXTRecords: z.array(z.object({ value: z.array(z.string()) })).nullish(),
  /** Lower camel case on the wire, unlike every other record array. */
  caaRecords: z.array(z.object({ flags: int, tag: z.string(), value: z.string() })).nullish(),
  SOARecord: z.object({ host: z.string().nullish(), email: z.string().nullish() }).nullish(),
  DSRecords: z.array(z.object({ keyTag: int, algorithm: int, digest: z.object({ algorithmType: int, value: z.string() }) })).nullish(),
  TLSARecords: z.array(z.object({ usage: int, selector: int, matchingType: int, certAssociationData: z.string() })).nullish(),
  NAPTRRecords: z
    .array(z.object({ order: int, preference: int, flags: z.string(), services: z.string(), regexp: z.string(), replacement: z.string() }))
    .nullish(),
});
const PROPERTY_NAMES = new Map(Object.keys(RecordSetPropertiesSchema.shape).map((k) => [k.toLowerCase(), k]));

export const RecordSetWireSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** e.g. `Microsoft.Network/dnszones/A` (`dnsZones` in the API's examples): compare case-insensitively. */
  type: z.string(),
  // Property casing differs between api-versions and even between examples (`caaRecords`, `DSRecords`,
  // `ARecords` vs `aRecords`): read them case-insensitively.
  properties: z.preprocess(
    (p) =>
      typeof p === 'object' && p !== null
        ? Object.fromEntries(Object.entries(p).map(([k, v]) => [PROPERTY_NAMES.get(k.toLowerCase()) ?? k, v]))
        : p,
    RecordSetPropertiesSchema,
  ),
});
export type RecordSetWire = z.infer<typeof RecordSetWireSchema>;

export const PublicIpWireSchema = z.object({
  name: z.string(),
  properties: z.object({
    ipAddress: z.string().nullish(),
    publicIPAddressVersion: z.string().nullish(),
    publicIPAllocationMethod: z.string().nullish(),
  }),
});

export const TrafficManagerWireSchema = z.object({
  name: z.string(),
  properties: z.object({
    dnsConfig: z.object({ fqdn: z.string().nullish(), relativeName: z.string().nullish() }).nullish(),
  }),
});

/** ARM's error envelope. */
export const CloudErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string().optional() }),
});

export const API_VERSION = {
  subscriptions: '2022-12-01',
  dns: '2023-07-01-preview',
  publicIp: '2023-09-01',
  trafficManager: '2022-04-01',
} as const;
