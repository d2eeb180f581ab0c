import { API, isProxied, zoneMode, type DnsRecord, type MigrateRequest } from '@dnsferry/shared';
import { canProxy, type ReviewRecord, type ReviewZone, type ZoneModes } from '@/utils/review-zones';
import { readScope, type SourceRequestFields } from '@/utils/source-side';
import { runEventJob, type EventJobUpdate } from './event-job';
import { createMigrationJob, type MigrationJob } from './migrate-events';
import { occupy, type JobSlot, type RunContext } from './run';

/*
 * A migration (or a dry run): its request, built from plain data (the review store hands in what it
 * holds, nothing here reads a store), and its run. Its state and reducer are migrate-events.ts, which
 * an undo shares.
 */

/** Popup → background: run `request`. */
export interface MigrationStart {
  type: 'migration:start';
  companionUrl: string;
  request: MigrateRequest;
  /** Records expected per zone when the request does not carry them (read from the source). */
  expected: Record<string, number | null>;
}

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

export const INTERRUPTED_STREAM =
  'The companion closed the stream before the end. Running it again is safe: records already at Cloudflare are skipped.';
export const CANCELLED = 'Stopped on request. Records written so far stay; running it again skips them.';
export const INTERRUPTED_BY_RESTART =
  'The extension restarted while this was running, so its end was not seen; the counts are what it saw before, and more may have landed. Running it again is safe: records already at Cloudflare are skipped.';

/**
 * Runs one migration in `slot`. What puts each zone back is kept as it arrives, in `storage.local`:
 * each landed write's undo from the event that reports it, then a finished zone's whole undo data, so
 * the run can be undone for what landed even if the popup never sees its end, or the companion dies
 * in the middle of it.
 */
export async function runMigration(
  ctx: RunContext<EventJobUpdate<'migration'>>,
  slot: JobSlot<MigrationJob>,
  cmd: MigrationStart,
): Promise<void> {
  const { request } = cmd;
  const job = createMigrationJob({
    id: ctx.newId(),
    dryRun: request.dryRun === true,
    zones: request.zones.map((z) => {
      const { mode, prune } = zoneMode(request, z);
      return {
        name: z.name,
        expected: z.records ? z.records.length : (cmd.expected[z.name] ?? null),
        fromSource: z.records === undefined,
        mode,
        prune,
      };
    }),
    now: ctx.now(),
    ...(readScope(request) ? { subscriptionId: readScope(request) } : {}),
  });
  const run = { id: job.id, accountId: request.targetAccountId, startedAt: job.startedAt };
  const keeping: Array<Promise<void>> = [];
  const zoneIds = new Map<string, string>();
  const kept = (what: string, p: Promise<void>) =>
    keeping.push(p.catch((err: unknown) => console.warn(`dnsferry: the undo data of ${what} could not be kept`, err)));
  await runEventJob(ctx, slot, job, occupy(slot, job), {
    kind: 'migration',
    companionUrl: cmd.companionUrl,
    call: { endpoint: API.migrate, body: request },
    interrupted: INTERRUPTED_STREAM,
    cancelled: CANCELLED,
    what: job.dryRun ? 'dry run' : 'migration',
    onEvent(event) {
      if (!ctx.undo) return;
      if (event.type === 'success' && event.zoneId) zoneIds.set(event.zone, event.zoneId);
      if (event.type === 'zone-complete' && event.result.undo) kept(event.zone, ctx.undo.keep(run, event.result.undo));
      else if ((event.type === 'record' || event.type === 'remove' || event.type === 'success') && event.undo) {
        // every write comes after its zone's success, which names the zone id
        const zoneId = zoneIds.get(event.zone);
        if (zoneId) kept(event.zone, ctx.undo.add(run, { name: event.zone, zoneId }, event.undo));
      }
    },
  });
  await Promise.all(keeping);
}
