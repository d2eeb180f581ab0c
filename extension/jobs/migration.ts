import { API, zoneMode } from '@dnsferry/shared';
import { MIGRATION_CHANNEL, runEventJob } from './event-job-run';
import { occupy, type JobSlot, type RunContext } from './run';
import type { Command } from './messages';
import { createMigrationJob, type MigrationJob } from './migrate-events';
import { readScope } from '@/utils/source-side';

export const INTERRUPTED_STREAM =
  'The companion closed the stream before the end. Running it again is safe: records already at Cloudflare are skipped.';
export const CANCELLED = 'Stopped on request. Records written so far stay; running it again skips them.';

/**
 * Runs one migration in `slot`. What puts each zone back (`zone-complete`'s undo data) is kept as it
 * arrives, in `storage.local`, so the run can be undone even if the popup never sees its end.
 */
export async function runMigration(
  ctx: RunContext,
  slot: JobSlot<MigrationJob>,
  cmd: Extract<Command, { type: 'migration:start' }>,
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
  await runEventJob(ctx, slot, job, occupy(slot, job), {
    channel: MIGRATION_CHANNEL,
    companionUrl: cmd.companionUrl,
    call: { endpoint: API.migrate, body: request },
    interrupted: INTERRUPTED_STREAM,
    cancelled: CANCELLED,
    what: job.dryRun ? 'dry run' : 'migration',
    onEvent(event) {
      if (event.type !== 'zone-complete' || !event.result.undo || !ctx.undo) return;
      keeping.push(
        ctx.undo
          .keep(run, event.result.undo)
          .catch((err: unknown) => console.warn(`dnsferry: the undo data of ${event.zone} could not be kept`, err)),
      );
    },
  });
  await Promise.all(keeping);
}
