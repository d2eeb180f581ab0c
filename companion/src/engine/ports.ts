import type { DnsRecord, ProviderFrom, RecordType } from '@dnsferry/shared';

/*
 * The engine's ports: where zones come from (`Source`) and where they go (`Target`, and `CutoverTarget`
 * for the check after a migration). The engine, the cutover check and the scan see only these; each
 * provider (`providers/<name>/`) implements the ones it can be, its wire types kept inside its folder.
 */

/** A zone at the target, found or created. */
export interface TargetZone {
  id: string;
  name: string;
  status: string;
  nameServers: string[];
  /** True when this request created it. */
  created: boolean;
  /** The zone's plan as the target names it (`Free`, `Pro`…), when it has plans. */
  plan?: string | undefined;
  /** When the target created the zone, as it reports it: what binds an undo's zone deletion to the run that created it. */
  createdOn?: string | undefined;
}

/** How many records the target lets a zone hold, and how many it holds now. */
export interface RecordQuota {
  /** The most records allowed. */
  limit: number;
  /** Records held now (counted as the target counts them: what it manages itself included). */
  used: number;
  /**
   * Whose quota it is: the zone's own; the account's, shared by all its zones; or the quota a zone the
   * run would create gets (a dry run of a zone not at the target yet).
   */
  scope: 'zone' | 'account' | 'new-zone';
  /** The plan the quota comes with, when the target says. */
  plan?: string | undefined;
}

/** A record at the target, with the id the target gave it. */
export interface HeldRecord {
  id: string;
  /** Canonical, relative to the zone, with the TTL and `proxied` the target holds. */
  record: DnsRecord;
  /** When the target created it, as it reports it (an undo removes only the record the run created). */
  createdOn?: string | undefined;
}

/**
 * Changes that land together or not at all: the records an RRset (or a name) loses, the ones whose
 * TTL or proxy are set in place, and the ones it gains. The target applies the removals first, so a
 * name is never left unanswered in between and a CNAME can take the place of other data.
 */
export interface ChangeSet {
  deletes: HeldRecord[];
  /** `after` differs from `before` only in TTL and `proxied`. */
  updates: Array<{ id: string; before: DnsRecord; after: DnsRecord }>;
  creates: DnsRecord[];
}

/** What became of one change set (`index` into the sets given). */
export type ChangeOutcome =
  /**
   * All of it landed; `createdIds` are the new records' ids, in the order of `creates`, and `createdOn`
   * when the target says it created each.
   */
  | { index: number; status: 'applied'; createdIds: string[]; createdOn?: Array<string | undefined> }
  /** A set of one create that the target already held (a race, or an answer lost and not retried). */
  | { index: number; status: 'exists'; detail?: string }
  /** None of it landed. */
  | { index: number; status: 'failed'; code?: number | string; message: string };

export interface CallOptions {
  signal: AbortSignal;
  /** Told what the call is waiting for when the target holds it up (a rate limit), so the stream is not silent. */
  report?: (message: string) => void;
}

/** What becomes of one record sent to the target: held, skipped (the target keeps its own), or refused. */
export type Disposition = { action: 'hold' } | { action: 'skip'; reason: string } | { action: 'fail'; reason: string };

/**
 * What the target holds and how, as the planner and the cutover check ask it: the provider's
 * capabilities (`providers/<name>/capabilities.ts`) as answers about one record.
 */
export interface TargetRules {
  /** What becomes of one record (owner name relative to the zone). */
  disposition(r: { type: RecordType; name: string }): Disposition;
  /** What the target serves at a name of its own accord, and a run must never remove (the apex NS). */
  isOwn(r: { type: RecordType; name: string }): boolean;
  /** A TTL brought into the target's range. */
  ttl(ttl: number): number;
  /** The TTL the target holds for a record (a proxied one's is the target's automatic TTL). */
  heldTtl(r: { ttl: number; proxied?: boolean }): number;
  /** Whether a record the target holds already answers with the TTL the source asks for. */
  sameTtl(source: DnsRecord, held: DnsRecord): boolean;
}

/**
 * The engine's view of the destination provider. Records are canonical (names relative to the zone,
 * `@` for the apex); wire formats stay inside the adapter.
 */
export interface Target {
  /** What it holds, skips or refuses, and the TTLs it keeps: its capabilities, stated by the provider. */
  readonly rules: TargetRules;
  /**
   * Told once, before any lookup, which zones the request will find or create: an adapter may then
   * find them all in fewer requests than one lookup each.
   */
  expectZones?(names: readonly string[]): void;
  /** Finds the zone in the account, or creates it (unless dryRun, which returns null when it does not exist). */
  findOrCreateZone(name: string, opts: CallOptions & { dryRun: boolean }): Promise<TargetZone | null>;
  /** Every record of the zone the target holds for a source (types it manages itself left out), all pages. */
  listRecords(zone: TargetZone, opts: CallOptions): Promise<HeldRecord[]>;
  /**
   * Applies change sets, each all or nothing, yielding one outcome per set as it settles. Never
   * applies a set twice, even when a write's outcome was unknown and it had to retry. Stops starting
   * new writes once `signal` aborts. The list is the target's from then on: it may let go of each set
   * (empty its place) once the set is on its way, so that a set written is held by nothing.
   */
  applyChanges(zone: TargetZone, sets: ChangeSet[], opts: CallOptions): AsyncIterable<ChangeOutcome>;
  /** Deletes a zone (an undo of a run that created it). */
  deleteZone(zone: TargetZone, opts: CallOptions): Promise<void>;
  /**
   * The zone's record quota and usage, read before its first write; for `null`, the quota a zone the
   * run would create gets. Null when the target sets no quota.
   */
  recordQuota?(zone: TargetZone | null, opts: CallOptions): Promise<RecordQuota | null>;
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

// Where zones come from

/** A record set at the source that could not be turned into records (e.g. an alias whose target is unknown). */
export interface SourceProblem {
  name: string;
  type: string;
  message: string;
}

export interface SourceZoneContent {
  /** Canonical records: names relative to the zone (`@` for the apex), no trailing dots. */
  records: DnsRecord[];
  /** Each counts as one failed record in the zone's result. */
  problems: SourceProblem[];
  /** Things worth telling the user (e.g. "alias www → public IP 20.1.2.3, copied as a snapshot"). */
  notes: string[];
}

/** How a read is told to stop, and who hears what happens while a long read goes on (pages read, throttling waited out). */
export interface ReadOptions {
  signal: AbortSignal;
  progress?: (message: string) => void;
}

/** Reads zones, each given as `Z`: the engine's `Source`, or the adapter a provider's source role hands a zone to. */
export interface ZoneReader<Z extends { name: string }> {
  readZone(zone: Z, opts: ReadOptions): Promise<SourceZoneContent>;
}

/**
 * The engine's view of where zones come from when the request does not carry their records: a zone
 * read from the provider its `from` names (`from.kind`), with what it says (credentials, server, hints).
 */
export type Source<F extends ProviderFrom = ProviderFrom> = ZoneReader<{
  name: string;
  from: F;
  /** The zone the records go to, when it is at the target already: a source must not read it back. */
  targetZoneId?: string | undefined;
}>;
