export type Settled<T, R> = { item: T; ok: true; value: R } | { item: T; ok: false; error: unknown };

/**
 * Runs `work` over `items` with at most `concurrency` calls in flight and yields each outcome as
 * it settles (fastest first), so a consumer can report findings while the rest is still running.
 * A consumer that stops early leaves the calls in flight to their own signal.
 */
export async function* pool<T, R>(items: Iterable<T>, concurrency: number, work: (item: T) => Promise<R>): AsyncGenerator<Settled<T, R>> {
  const source = items[Symbol.iterator]();
  const running = new Map<number, Promise<{ id: number; outcome: Settled<T, R> }>>();
  let nextId = 0;
  const launch = (): boolean => {
    const next = source.next();
    if (next.done) return false;
    const id = nextId++;
    const item = next.value;
    running.set(
      id,
      work(item).then(
        (value) => ({ id, outcome: { item, ok: true as const, value } }),
        (error: unknown) => ({ id, outcome: { item, ok: false as const, error } }),
      ),
    );
    return true;
  };
  while (running.size < Math.max(1, concurrency) && launch());
  while (running.size > 0) {
    const { id, outcome } = await Promise.race(running.values());
    running.delete(id);
    launch();
    yield outcome;
  }
}
