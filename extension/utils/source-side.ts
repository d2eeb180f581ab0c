import type { DnsRecord, MigrateRequest } from '@dnsferry/shared';

/**
 * A zone a source offers: its records, when the extension holds them (a scan, a paste), or only its
 * name, for the companion to read during the run (Azure DNS).
 */
export type OfferedZone =
  { name: string; records: DnsRecord[] } | { name: string; records?: undefined; expected: number | null; resourceGroup?: string };

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
  /** What a dry run read of a zone offered by name stands for: reads are kept per `scope/zone` (an Azure subscription). */
  scope: string;
  /** The source sees every name of a zone, so prune (remove what the source lacks) can be offered. */
  wholeZones: boolean;
  /** The source step's tab hint. */
  hint: string;
}
