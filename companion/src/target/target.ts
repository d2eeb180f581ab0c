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
  /** Told what the call is waiting for when the target holds it up (a rate limit), so the stream is not silent. */
  report?: (message: string) => void;
}

/**
 * The engine's view of the destination provider. Records are canonical (names relative to the zone,
 * `@` for the apex); wire formats stay inside the adapter.
 */
export interface Target {
  /**
   * Told once, before any lookup, which zones the request will find or create: an adapter may then
   * find them all in fewer requests than one lookup each.
   */
  expectZones?(names: readonly string[]): void;
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

/** A zone's DNSSEC at the target. */
export interface TargetDnssec {
  /** As the target reports it: `disabled`, `pending`, `active`, `pending-disabled`, … */
  status: string;
  /** The DS the target gives for the zone (presentation form, canonical), when its DNSSEC is on. */
  ds: string | null;
}

/**
 * What the cutover check asks of the target beyond a migration: the zone without creating it, its
 * status, a new activation check, and its DNSSEC. A separate interface so that an adapter that only
 * migrates need not implement it.
 */
export interface CutoverTarget extends Target {
  /** The zone when it is in the account; null when it is not (never creates it). */
  lookupZone(name: string, opts: CallOptions): Promise<TargetZone | null>;
  /** The zone's status now (`pending` until the delegation points at the target, then `active`). */
  zoneStatus(zone: TargetZone, opts: CallOptions): Promise<string>;
  /** Asks the target to look at the delegation again; the outcome shows in `zoneStatus`. */
  requestActivationCheck(zone: TargetZone, opts: CallOptions): Promise<void>;
  dnssec(zone: TargetZone, opts: CallOptions): Promise<TargetDnssec>;
}
