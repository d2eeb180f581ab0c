/**
 * Runs up to `width` generators at once and yields their values as they come, interleaved; each
 * generator is pulled only after its previous value was taken, so the consumer's pace is still the
 * backpressure. Returns each generator's result in the order the jobs were given. Once `signal`
 * aborts no job is started; those running wind down on the same signal.
 */
export async function* sideBySide<E, R>(
  jobs: Iterator<() => AsyncGenerator<E, R>>,
  width: number,
  signal: AbortSignal,
): AsyncGenerator<E, R[]> {
  const results: R[] = [];
  type Pull = { slot: number; order: number; gen: AsyncGenerator<E, R>; step: IteratorResult<E, R> };
  const pending = new Map<number, Promise<Pull>>();
  let started = 0;
  const pull = (slot: number, order: number, gen: AsyncGenerator<E, R>) =>
    pending.set(
      slot,
      gen.next().then((step) => ({ slot, order, gen, step })),
    );
  const start = (slot: number): void => {
    if (signal.aborted) return;
    const next = jobs.next();
    if (next.done) return;
    pull(slot, started++, next.value());
  };
  for (let slot = 0; slot < Math.max(1, width); slot++) start(slot);
  while (pending.size > 0) {
    const { slot, order, gen, step } = await Promise.race(pending.values());
    pending.delete(slot);
    if (step.done) {
      results[order] = step.value;
      start(slot);
      continue;
    }
    yield step.value;
    pull(slot, order, gen);
  }
  return results;
}
