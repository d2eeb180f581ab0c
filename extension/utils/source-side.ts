import type { AccountSource, AxfrSource, DnsRecord, EdgeAddress, MigrateRequest } from '@dnsferry/shared';

/**
 * How the companion reads a zone offered by name, when the zone itself says so (a transfer, another
 * account), or where the source keeps it (a Route 53 hosted zone's id, so it is not looked up by name).
 */
export type ZoneRead = { axfr: AxfrSource } | { cloudflare: AccountSource } | { hostedZoneId: string };

/**
 * A zone a source offers: its records, when the extension holds them (a scan, a paste), or only its
 * name, for the companion to read during the run (Azure DNS, a zone transfer, another account).
 * A scan's records may carry edge addresses (`edge`): the set-apart ones are offered unchecked.
 */
export type OfferedZone =
  | { name: string; records: DnsRecord[]; edge?: readonly EdgeAddress[] }
  | { name: string; records?: undefined; expected: number | null; resourceGroup?: string; read?: ZoneRead };

/** What a migrate request carries to read the zones offered by name: the source's credentials and where to look. */
export type SourceRequestFields = Omit<MigrateRequest, 'targetToken' | 'targetAccountId' | 'zones' | 'dryRun' | 'mode' | 'prune' | 'force'>;

/**
 * What the review and the request need of a source, whichever it is. Each source store gives one
 * (`side`); `stores/source.ts` names the chosen one. A new source is a store that gives it too.
 */
export interface SourceSide {
  zones: OfferedZone[];
  /** Sent with the migrate request when a zone is offered by name; empty otherwise. */
  request: SourceRequestFields;
  /**
   * What a dry run read of a zone offered by name stands for: reads are kept per `scope/zone` (an Azure
   * subscription, a transfer's server, another account, Route 53); `readScope` gives it for a sent request.
   */
  scope: string;
  /** The source sees every name of a zone, so prune (remove what the source lacks) can be offered. */
  wholeZones: boolean;
  /** The source step's tab hint. */
  hint: string;
}

/**
 * What the zones a request reads by name are read from: the Azure subscription, the transfer's server,
 * another account or Route 53 (their token and keys are credentials, so only the kind is named). A dry
 * run's reads are kept under it, and a source's `scope` gives the same string.
 */
export function readScope(request: Pick<MigrateRequest, 'subscriptionId' | 'zones' | 'source'>): string {
  if (request.subscriptionId) return request.subscriptionId;
  if (request.source?.provider === 'route53') return ROUTE53_SCOPE;
  for (const z of request.zones) {
    if (z.axfr) return axfrScope(z.axfr);
    if (z.cloudflare) return ACCOUNT_SCOPE;
  }
  return '';
}
export const axfrScope = (axfr: Pick<AxfrSource, 'server' | 'port'>): string => `axfr:${axfr.server}:${axfr.port ?? 53}`;
export const ACCOUNT_SCOPE = 'cloudflare';
export const ROUTE53_SCOPE = 'route53';
