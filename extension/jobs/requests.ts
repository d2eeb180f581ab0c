import {
  isProxied,
  type CutoverRequest,
  type DnsRecord,
  type MigrateRequest,
  type ScanDepth,
  type ScanRequest,
  type UndoRequest,
} from '@dnsferry/shared';
import { canProxy, type ReviewRecord, type ReviewZone, type ZoneModes } from '@/utils/review-zones';
import type { SourceRequestFields } from '@/utils/source-side';
import type { UndoRun } from './undo-keeper';

/*
 * The request bodies the extension sends, built from plain data: the stores and the background
 * runs hand in what they hold, and nothing here reads a store.
 */

/** The review as it stands, and where it goes. */
export interface MigrateInput {
  target: { token: string; accountId: string };
  dryRun: boolean;
  zones: readonly ReviewZone[];
  /** Keys of the records left out. */
  excluded: ReadonlySet<string>;
  /** Keys of the records to proxy (only proxiable ones are looked at). */
  proxied: ReadonlySet<string>;
  /** The zones sent in mirror mode (stores/conflicts.ts). */
  modes: ZoneModes;
  /** What the chosen source adds for the zones it offers by name. */
  source: SourceRequestFields;
}

export interface BuiltMigrate {
  request: MigrateRequest;
  /** Records expected per zone, for the progress of zones sent by name. */
  expected: Record<string, number | null>;
  /** Keys of the records sent, per zone, in order: the stream's record events name them by position. */
  sentKeys: Record<string, string[]>;
}

/** The record as it is sent: with the proxying the user chose, when it differs from what the source said. */
function withProxying(r: ReviewRecord, proxied: ReadonlySet<string>): DnsRecord {
  if (!canProxy(r.record)) return r.record;
  const on = proxied.has(r.key);
  if (on === isProxied(r.record)) return r.record;
  const { proxied: _, ...rest } = r.record as DnsRecord & { proxied?: boolean };
  return (on ? { ...rest, proxied: true } : rest) as DnsRecord;
}

/** The migrate (or dry run) body for the review as it stands. */
export function migrateRequest(input: MigrateInput): BuiltMigrate {
  const { excluded, proxied, modes } = input;
  const expected: Record<string, number | null> = {};
  const sentKeys: Record<string, string[]> = {};
  const zones = input.zones
    .map((z) => {
      expected[z.name] = z.expected;
      const byName = { name: z.name, ...(z.resourceGroup ? { resourceGroup: z.resourceGroup } : {}), ...z.read, ...modes[z.name] };
      if (!z.groups) return byName;
      const chosen = z.ordered.filter((r) => !excluded.has(r.key));
      sentKeys[z.name] = chosen.map((r) => r.key);
      // A zone read by name with nothing deselected is read afresh (same order, so the same keys);
      // once the user leaves records out, exactly the chosen ones are sent.
      const sent = chosen.map((r) => withProxying(r, proxied));
      if (z.fromSource && chosen.length === z.ordered.length && sent.every((r, i) => r === chosen[i]?.record)) return byName;
      return { name: z.name, records: sent, ...modes[z.name] };
    })
    .filter((z) => !('records' in z) || z.records.length > 0);
  const request: MigrateRequest = {
    targetToken: input.target.token.trim(),
    targetAccountId: input.target.accountId,
    dryRun: input.dryRun,
    zones,
    ...input.source,
  };
  return { request, expected, sentKeys };
}

/**
 * The cutover check of the zones `migrated`: the migration's own body, so the records expected are
 * the ones that were sent (or read from the source again); by name when the review no longer has
 * them (a new session), so they are checked against what the target holds.
 */
export function cutoverRequest(built: MigrateRequest, migrated: readonly string[], requestActivation: boolean): CutoverRequest {
  const zones = built.zones.filter((z) => migrated.includes(z.name));
  if (zones.length) return { ...built, zones, requestActivation };
  return {
    targetToken: built.targetToken,
    targetAccountId: built.targetAccountId,
    zones: migrated.map((name) => ({ name })),
    requestActivation,
  };
}

/** Puts back the zones of a run from the undo data it kept, into the account it wrote to. */
export function undoRequest(run: UndoRun, targetToken: string, deleteZone: boolean): UndoRequest {
  return {
    targetToken,
    targetAccountId: run.accountId,
    zones: run.zones.map((undo) => ({ name: undo.zone, undo })),
    ...(deleteZone ? { deleteZone: true } : {}),
  };
}

/** How to scan: `transfer` asks the domain's own name servers for a zone transfer first; `names` are asked besides the guesses. */
export interface ScanOptions {
  transfer?: boolean;
  depth?: ScanDepth;
  names?: readonly string[];
}

export function scanRequest(domain: string, options: ScanOptions = {}): ScanRequest {
  return {
    domain,
    ...(options.transfer ? { transfer: true } : {}),
    ...(options.depth ? { depth: options.depth } : {}),
    ...(options.names && options.names.length > 0 ? { names: [...options.names] } : {}),
  };
}
