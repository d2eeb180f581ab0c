/**
 * How fast one cutover check may ask the target's name servers: at most `perSecond` queries a second,
 * in bursts of at most `burst` (a token bucket). The number of queries is bounded by the request's
 * record limit; this bounds their rate, so a body of 100,000 names cannot turn the companion into a
 * flood of thousands of queries a second at someone's name servers (DNSFERRY_CUTOVER_QPS).
 */
export class QueryPace {
  private tokens: number;
  private last: number;

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly clock: { now(): number; sleep(ms: number, signal?: AbortSignal): Promise<void> } = realClock,
  ) {
    this.tokens = burst;
    this.last = clock.now();
  }

  /** Resolves when one more query may go; rejects when `signal` aborts first. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.perSecond) / 1000);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens--;
        return;
      }
      await this.clock.sleep(((1 - this.tokens) * 1000) / this.perSecond, signal);
    }
  }
}

const realClock = {
  now: () => performance.now(),
  sleep: (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
