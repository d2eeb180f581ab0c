import { API } from '@dnsferry/shared';
import { streamNdjson } from '@/utils/companion';
import { applyCutoverEvent, createCutoverJob, endCutoverJob, type CutoverJob } from './cutover-state';
import { followStream, occupy, vacate, type JobSlot, type RunContext } from './run';
import type { Command } from './messages';

export const CHECK_INTERRUPTED = 'The companion closed the stream before the check finished. Checking again is safe: it writes nothing.';
export const CHECK_CANCELLED = 'Check stopped.';

/** Runs one cutover check in `slot`. Few events, each worth showing at once: no batching as for a migration. */
export async function runCutover(
  ctx: RunContext,
  slot: JobSlot<CutoverJob>,
  cmd: Extract<Command, { type: 'cutover:start' }>,
): Promise<void> {
  const { request } = cmd;
  const job = createCutoverJob({
    id: ctx.newId(),
    zones: request.zones.map((z) => z.name),
    requestActivation: request.requestActivation === true,
    now: ctx.now(),
  });
  const ac = occupy(slot, job);
  const send = () => {
    if (slot.job === job) ctx.emit({ type: 'cutover', job: structuredClone(job) });
  };
  send();
  void ctx.persister.now();
  try {
    const events = streamNdjson(cmd.companionUrl, API.cutoverCheck, request, { fetch: ctx.fetch, signal: ac.signal });
    await followStream(events, ac.signal, {
      event(event) {
        applyCutoverEvent(job, event);
        send();
      },
      closed() {
        if (job.status === 'done') job.finishedAt = ctx.now();
        else endCutoverJob(job, 'interrupted', CHECK_INTERRUPTED, ctx.now());
      },
      cancelled: () => endCutoverJob(job, 'cancelled', CHECK_CANCELLED, ctx.now()),
      failed: (error) => endCutoverJob(job, 'failed', error, ctx.now()),
      refused: (refusal) => ctx.emit({ type: 'companion:refused', what: 'switch check', refusal }),
    });
  } finally {
    vacate(slot, ac);
    send();
    await ctx.persister.now();
  }
}
