/**
 * Runs a task that reports progress through a callback, and yields each report as an event while the
 * task runs, so a long read (a throttled source) is never a silent stream. Returns the task's result.
 */
export async function* reportWhile<T, E>(
  task: (report: (message: string) => void) => Promise<T>,
  toEvent: (message: string) => E,
): AsyncGenerator<E, T> {
  let result: { value: T } | undefined;
  for await (const next of reportAlong(async function* (report) {
    yield await task(report);
  }, toEvent)) {
    if ('report' in next) yield next.report;
    else result = { value: next.item };
  }
  return (result as { value: T }).value;
}

/**
 * Runs a source of outcomes (the target's writes) that reports progress through a callback: yields
 * `{ item }` for each outcome and `{ report }` for each report, as they come, so a write held up for
 * minutes still shows in the stream. A failure of the source is thrown after the reports before it.
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
