/**
 * How fast queries may go to a DNS server: at most `perSecond` a second, in bursts of at most `burst`
 * (a token bucket). One cutover check asks the target's name servers through one
 * (DNSFERRY_CUTOVER_QPS), so a body of 100,000 names cannot turn the companion into a flood of
 * thousands of queries a second at someone's name servers; the scans share one per resolver
 * (DNSFERRY_SCAN_QPS, ../scan/resolver-pace.ts).
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
