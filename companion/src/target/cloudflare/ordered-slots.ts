/**
 * Runs up to `slots` jobs at once and yields their results in the jobs' order, so a consumer sees
 * the same sequence as with one job at a time (a zone's `[i/N]` stays monotone), only sooner: the
 * first running job's results stream as they come, the later ones' wait their turn. Once `signal`
 * aborts no job is started; the ones running go on until they stop on that signal themselves, and
 * what they did is still yielded (their writes happened). If a job fails, the others running are
 * waited for and what they did is yielded too, then its error is thrown.
 */
interface Running<T> {
  items: T[];
  done: boolean;
  error?: { cause: unknown };
}

export async function* inOrder<T>(jobs: Iterable<() => AsyncIterable<T>>, slots: number, signal: AbortSignal): AsyncGenerator<T> {
  const source = jobs[Symbol.iterator]();
  const running: Array<Running<T>> = [];
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const launch = (): boolean => {
    if (signal.aborted) return false;
    const next = source.next();
    if (next.done) return false;
    const job: Running<T> = { items: [], done: false };
    running.push(job);
    void (async () => {
      try {
        for await (const item of next.value()) {
          job.items.push(item);
          notify();
        }
      } catch (cause) {
        job.error = { cause };
      } finally {
        job.done = true;
        notify();
      }
    })();
    return true;
  };
  // a slot is free when a job is done, even one whose results still wait for those before it
  const fill = () => {
    let active = running.filter((j) => !j.done).length;
    while (active < Math.max(1, slots) && launch()) active++;
  };

  for (;;) {
    fill();
    const head = running[0];
    if (!head) return;
    if (head.items.length > 0) {
      yield* head.items.splice(0);
      continue;
    }
    if (!head.done) {
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    running.shift();
    if (head.error) {
      for (const rest of running) while (!rest.done) await new Promise<void>((resolve) => (wake = resolve));
      for (const rest of running) yield* rest.items;
      throw head.error.cause;
    }
  }
}
