/**
 * Runs up to `width` generators side by side and yields their values as they come, each tagged with
 * the index of its generator; a generator's own values stay in their order. When the consumer stops
 * early (or one generator fails), the others are asked to return.
 */
export async function* merge<T>(sources: Array<() => AsyncGenerator<T>>, width: number): AsyncGenerator<{ index: number; value: T }> {
  type Step = { index: number; it: AsyncGenerator<T> } & ({ step: IteratorResult<T> } | { error: unknown });
  const running = new Map<number, Promise<Step>>();
  const started = new Map<number, AsyncGenerator<T>>();
  let next = 0;
  // A step never rejects: a failure is carried as a value, so one left behind is never an unhandled rejection.
  const pull = (index: number, it: AsyncGenerator<T>) =>
    running.set(
      index,
      it.next().then(
        (step): Step => ({ index, it, step }),
        (error: unknown): Step => ({ index, it, error }),
      ),
    );
  const startNext = () => {
    const source = sources[next];
    if (!source) return;
    const index = next++;
    const it = source();
    started.set(index, it);
    pull(index, it);
  };
  for (let i = 0; i < width; i++) startNext();
  try {
    while (running.size > 0) {
      const s = await Promise.race(running.values());
      if ('error' in s) throw s.error;
      if (s.step.done) {
        running.delete(s.index);
        started.delete(s.index);
        startNext();
        continue;
      }
      yield { index: s.index, value: s.step.value };
      pull(s.index, s.it);
    }
  } finally {
    await Promise.allSettled([...started.values()].map((it) => it.return(undefined)));
  }
}
