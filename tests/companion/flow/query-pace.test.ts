import { describe, expect, it } from 'vitest';
import { QueryPace } from '@dnsferry/companion/flow/query-pace';

/** A clock that only moves when the pace sleeps on it. */
function manualClock() {
  let t = 0;
  return {
    now: () => t,
    sleep: (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      t += ms;
      return Promise.resolve();
    },
    get elapsed() {
      return t;
    },
  };
}

describe('QueryPace', () => {
  it('lets a burst go at once, then one query per 1/rate seconds', async () => {
    const clock = manualClock();
    const pace = new QueryPace(100, 10, clock);
    const sentAt: number[] = [];
    for (let i = 0; i < 30; i++) {
      await pace.take();
      sentAt.push(clock.elapsed);
    }
    expect(sentAt.slice(0, 10)).toEqual(Array(10).fill(0));
    // the 20 after the burst: 10 ms apart, at 100 a second
    expect(sentAt[29]).toBeCloseTo(200, 6);
    expect(sentAt[20]! - sentAt[19]!).toBeCloseTo(10, 6);
  });

  it('holds the rate for queries asked side by side', async () => {
    const clock = manualClock();
    const pace = new QueryPace(50, 5, clock);
    await Promise.all(Array.from({ length: 55 }, () => pace.take()));
    // 5 at once, then 50 at 50 a second: at least a second
    expect(clock.elapsed).toBeGreaterThanOrEqual(1000 - 1e-6);
  });

  it('stops waiting when the client goes away', async () => {
    const pace = new QueryPace(1, 1, manualClock());
    await pace.take();
    const gone = new AbortController();
    gone.abort(new Error('client gone'));
    await expect(pace.take(gone.signal)).rejects.toThrow('client gone');
  });
});
