type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs a task that reports progress through a callback, and yields each report as an event while the
 * task runs, so a long read (a throttled source) is never a silent stream. Returns the task's result.
 */
export async function* reportWhile<T, E>(
  task: (report: (message: string) => void) => Promise<T>,
  toEvent: (message: string) => E,
): AsyncGenerator<E, T> {
  const queue: string[] = [];
  const state: { settled: Settled<T> | null; wake: () => void } = { settled: null, wake: () => undefined };
  const woken = () => new Promise<void>((resolve) => (state.wake = resolve));
  let next = woken();
  const settle = (s: Settled<T>) => {
    state.settled = s;
    state.wake();
  };
  task((message) => {
    queue.push(message);
    state.wake();
  }).then(
    (value) => settle({ ok: true, value }),
    (error: unknown) => settle({ ok: false, error }),
  );
  for (;;) {
    while (queue.length > 0) yield toEvent(queue.shift() as string);
    const done = state.settled;
    if (done) {
      if (!done.ok) throw done.error;
      return done.value;
    }
    await next;
    next = woken();
  }
}

/**
 * The same for a stream of outcomes (the target's writes): yields `{ item }` for each outcome and
 * `{ report }` for each report, as they come, so a write held up for minutes still shows in the stream.
 */
export async function* reportAlong<T, E>(
  source: (report: (message: string) => void) => AsyncIterable<T>,
  toEvent: (message: string) => E,
): AsyncGenerator<{ item: T } | { report: E }> {
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  const it = source((message) => {
    queue.push(message);
    wake?.();
  })[Symbol.asyncIterator]();
  let pending = it.next().then((step) => ({ step }));
  for (;;) {
    while (queue.length > 0) yield { report: toEvent(queue.shift() as string) };
    const reported = new Promise<null>((resolve) => (wake = () => resolve(null)));
    const next = await Promise.race([pending, reported]);
    wake = undefined;
    if (next === null) continue;
    while (queue.length > 0) yield { report: toEvent(queue.shift() as string) };
    if (next.step.done) return;
    yield { item: next.step.value };
    pending = it.next().then((step) => ({ step }));
  }
}
