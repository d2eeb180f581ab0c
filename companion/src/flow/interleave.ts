import { Inbox } from './inbox';

/**
 * Runs up to `width` generators at once and yields their values as they come, each tagged with the
 * index of its job; a generator's own values keep their order, and it is pulled again only once its
 * previous value was taken, so the consumer's pace is still the backpressure. Jobs are taken from
 * `jobs` one at a time as slots free (a queue may be filled while it runs). Returns each generator's
 * result by job index. Once `signal` aborts no job is started; those running wind down on their own
 * signal. When the consumer stops early, or a job fails (the failure is passed on), the jobs still
 * running are asked to return, so their clean-up runs.
 */
export async function* interleave<E, R>(
  jobs: Iterable<() => AsyncGenerator<E, R>>,
  width: number,
  signal?: AbortSignal,
): AsyncGenerator<{ index: number; value: E }, R[]> {
  type Step = { index: number; gen: AsyncGenerator<E, R> } & ({ step: IteratorResult<E, R> } | { error: unknown });
  const queue = jobs[Symbol.iterator]();
  const results: R[] = [];
  // the generators running: each has one step asked for, settling or waiting in `ready`
  const started = new Map<number, AsyncGenerator<E, R>>();
  // steps as they settle
  const ready = new Inbox<Step>();
  let next = 0;
  // A step never rejects: a failure is carried as a value, so one left behind is never an unhandled rejection.
  const pull = (index: number, gen: AsyncGenerator<E, R>) => {
    void gen
      .next()
      .then(
        (step): Step => ({ index, gen, step }),
        (error: unknown): Step => ({ index, gen, error }),
      )
      .then((s) => ready.put(s));
  };
  const start = (): void => {
    if (signal?.aborted) return;
    const job = queue.next();
    if (job.done) return;
    const index = next++;
    const gen = job.value();
    started.set(index, gen);
    pull(index, gen);
  };
  for (let slot = 0; slot < Math.max(1, width); slot++) start();
  try {
    while (started.size > 0) {
      const s = await ready.take();
      if ('error' in s) throw s.error;
      if (s.step.done) {
        started.delete(s.index);
        results[s.index] = s.step.value;
        start();
        continue;
      }
      yield { index: s.index, value: s.step.value };
      pull(s.index, s.gen);
    }
  } finally {
    await Promise.allSettled([...started.values()].map((gen) => gen.return(undefined as R)));
  }
  return results;
}

/** The values alone, the result passed through; closing it closes what it reads. */
export async function* untagged<E, R>(tagged: AsyncGenerator<{ value: E }, R>): AsyncGenerator<E, R> {
  try {
    for (let s = await tagged.next(); ; s = await tagged.next()) {
      if (s.done) return s.value;
      yield s.value.value;
    }
  } finally {
    await tagged.return(undefined as R);
  }
}

/** What a job of `inOrder` hands `interleave`: its items, then how it ended. */
type Step<T> = { item: T } | { end: true; failed: false } | { end: true; failed: true; error: unknown };

/** A job whose failure is a value: `inOrder` decides when it is thrown. */
async function* guarded<T>(job: () => AsyncIterable<T>): AsyncGenerator<Step<T>, void> {
  try {
    for await (const item of job()) yield { item };
  } catch (error) {
    yield { end: true, failed: true, error };
    return;
  }
  yield { end: true, failed: false };
}

/**
 * `interleave` with the values in job order: the first running job's values stream as they come,
 * a later job's wait their turn (a job that finished early frees its slot all the same), so the
 * consumer sees the sequence one job at a time would give (a zone's `[i/N]` stays monotone), only
 * sooner. Once `signal` aborts no job starts; the running ones go on until they stop on that signal
 * themselves, and what they did is still yielded (their writes happened). If a job fails, no job
 * starts after it; the others running finish, what they did is yielded, then its error is thrown.
 */
export async function* inOrder<T>(jobs: Iterable<() => AsyncIterable<T>>, width: number, signal: AbortSignal): AsyncGenerator<T> {
  const source = jobs[Symbol.iterator]();
  let failed = false;
  const guardedJobs: Iterable<() => AsyncGenerator<Step<T>, void>> = {
    [Symbol.iterator]: () => ({
      next: () => {
        const job = failed ? undefined : source.next();
        return !job || job.done ? { done: true, value: undefined } : { done: false, value: () => guarded(job.value) };
      },
    }),
  };
  const held: Array<{ items: T[]; ended: boolean; failure?: { error: unknown } }> = [];
  let head = 0;
  for await (const { index, value } of interleave(guardedJobs, width, signal)) {
    const job = (held[index] ??= { items: [], ended: false });
    if ('item' in value) job.items.push(value.item);
    else {
      job.ended = true;
      if (value.failed) {
        job.failure = { error: value.error };
        failed = true;
      }
    }
    if (failed) continue; // what the others do is yielded once they are done
    for (let h = held[head]; h; h = held[head]) {
      yield* h.items.splice(0);
      if (!h.ended) break;
      head++;
    }
  }
  const rest = held.slice(head).filter((job) => job !== undefined);
  const first = rest.find((job) => job.failure)?.failure;
  for (const job of rest) yield* job.items;
  if (first) throw first.error;
}
