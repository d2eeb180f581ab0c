import type { JobSlot, RunContext } from '@/jobs/run';
import type { Update } from '@/jobs/messages';

/**
 * What a runner gives a job run, with every update and save recorded: ids count up (`job-1`, …) and
 * the clock reads 1000, 1001, … so each call to it can be told apart.
 */
export function runContext(fetch: typeof globalThis.fetch, flushMs = 5) {
  const updates: Update[] = [];
  const saves: { at: number; how: 'now' | 'soon' }[] = [];
  let ids = 0;
  let clock = 1000;
  const ctx: RunContext<Update> = {
    fetch,
    now: () => clock++,
    newId: () => `job-${++ids}`,
    flushMs,
    emit: (u) => void updates.push(u),
    persister: {
      now: async () => void saves.push({ at: updates.length, how: 'now' }),
      soon: () => void saves.push({ at: updates.length, how: 'soon' }),
    },
  };
  return { ctx, updates, saves };
}

export const emptySlot = <J>(): JobSlot<J> => ({ job: null, abort: null });

/** A promise and the function that settles it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}
