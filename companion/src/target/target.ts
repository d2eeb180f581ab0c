import type { DnsRecord } from '@dnsferry/shared';

/** A zone at the target, found or created. */
export interface TargetZone {
  id: string;
  name: string;
  status: string;
  nameServers: string[];
  /** True when this request created it. */
  created: boolean;
}

/** What became of one record the engine asked the target to create. */
export type CreateOutcome =
  | { index: number; status: 'created' }
  | { index: number; status: 'exists'; detail?: string }
  | { index: number; status: 'failed'; code?: number | string; message: string };

export interface CallOptions {
  signal: AbortSignal;
}

/**
 * The engine's view of the destination provider. Records are canonical (names relative to the zone,
 * `@` for the apex); wire formats stay inside the adapter.
 */
export interface Target {
  /** Finds the zone in the account, or creates it (unless dryRun, which returns null when it does not exist). */
  findOrCreateZone(name: string, opts: CallOptions & { dryRun: boolean }): Promise<TargetZone | null>;
  /** Every record of the zone, all pages, canonical. */
  listRecords(zone: TargetZone, opts: CallOptions): Promise<DnsRecord[]>;
  /**
   * Creates records, yielding one outcome per input record (indexes into `records`) as they land.
   * Never creates a record twice, even when a write's outcome was unknown and it had to retry.
   * Stops starting new writes once `signal` aborts.
   */
  createRecords(zone: TargetZone, records: DnsRecord[], opts: CallOptions): AsyncIterable<CreateOutcome>;
}
