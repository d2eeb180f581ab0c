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
