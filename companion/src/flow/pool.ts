import { Inbox } from './inbox';

export type Settled<T, R> = { item: T; ok: true; value: R } | { item: T; ok: false; error: unknown };

/**
 * Runs `work` over `items` with at most `concurrency` calls in flight and yields each outcome as
 * it settles (fastest first), so a consumer can report findings while the rest is still running.
 * `concurrency` may be a function, read whenever a call settles, so the limit can follow an
 * adaptive window; a lower limit only holds back new calls, it never cancels one.
 * `items` may be a live source that grows while the pool runs (a queue the consumer adds follow-up
 * work to): it is read again after each outcome is consumed, and the pool ends once nothing is in
 * flight and the source has nothing more.
 * A consumer that stops early leaves the calls in flight to their own signal.
 */
export async function* pool<T, R>(
  items: Iterable<T>,
  concurrency: number | (() => number),
  work: (item: T) => Promise<R>,
): AsyncGenerator<Settled<T, R>> {
  const limit = typeof concurrency === 'function' ? () => Math.max(1, concurrency()) : () => Math.max(1, concurrency);
  const source = items[Symbol.iterator]();
  // outcomes as they settle
  const settled = new Inbox<Settled<T, R>>();
  let running = 0;
  const launch = (): boolean => {
    const next = source.next();
    if (next.done) return false;
    const item = next.value;
    running++;
    const land = (outcome: Settled<T, R>) => settled.put(outcome);
    let call: Promise<R>;
    try {
      call = work(item);
    } catch (error) {
      call = Promise.reject(error);
    }
    call.then(
      (value) => land({ item, ok: true, value }),
      (error: unknown) => land({ item, ok: false, error }),
    );
    return true;
  };
  const fill = () => {
    while (running < limit() && launch());
  };
  fill();
  while (running > 0) {
    const outcome = await settled.take();
    running--;
    // the next call goes out before the consumer handles this outcome, so the resolver stays busy
    fill();
    yield outcome;
    fill();
  }
}
