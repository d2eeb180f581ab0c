import { describe, expect, it } from 'vitest';
import { pool, type Settled } from '@dnsferry/companion/flow/pool';

/** Calls that settle when the test says so, counting how many are open. */
function gate() {
  const waiting: Array<() => void> = [];
  let open = 0;
  let maxOpen = 0;
  return {
    work: (n: number) =>
      new Promise<number>((resolve, reject) => {
        open++;
        maxOpen = Math.max(maxOpen, open);
        waiting.push(() => {
          open--;
          if (n < 0) reject(new Error(`item ${n}`));
          else resolve(n * 10);
        });
      }),
    release: () => waiting.shift()?.(),
    get open() {
      return open;
    },
    get maxOpen() {
      return maxOpen;
    },
  };
}

async function drain<T, R>(gen: AsyncGenerator<Settled<T, R>>, g: { release(): void }): Promise<Array<Settled<T, R>>> {
  const out: Array<Settled<T, R>> = [];
  for (;;) {
    const next = gen.next();
    await Promise.resolve();
    g.release();
    const r = await next;
    if (r.done) return out;
    out.push(r.value);
  }
}

describe('pool', () => {
  it('yields every outcome, values and errors, with at most `concurrency` calls open', async () => {
    const g = gate();
    const outcomes = await drain(pool([1, 2, -3, 4, 5, 6], 2, g.work), g);
    expect(outcomes.map((o) => (o.ok ? o.value : (o.error as Error).message))).toEqual([10, 20, 'item -3', 40, 50, 60]);
    expect(g.maxOpen).toBe(2);
  });

  it('reads a function limit as calls settle: a lower limit holds back new calls only', async () => {
    const g = gate();
    let limit = 4;
    const gen = pool([1, 2, 3, 4, 5, 6, 7, 8], () => limit, g.work);
    const first = gen.next();
    await Promise.resolve();
    expect(g.open).toBe(4);
    limit = 1;
    g.release();
    await first;
    // three still open, none launched in place of the one that settled
    expect(g.open).toBe(3);
    g.release();
    g.release();
    g.release();
    await gen.next();
    await gen.next();
    await gen.next();
    expect(g.open).toBe(1);
    limit = 3;
    g.release();
    await gen.next();
    expect(g.open).toBe(3);
    const rest = await drain(gen, g);
    expect(rest).toHaveLength(3);
    expect(g.open).toBe(0);
  });

  it('turns a call that throws before returning a promise into an error outcome', async () => {
    const outcomes: Array<Settled<number, number>> = [];
    const work = (n: number): Promise<number> => {
      if (n === 2) throw new Error('sync');
      return Promise.resolve(n);
    };
    for await (const o of pool([1, 2, 3], 3, work)) outcomes.push(o);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
  });

  it('reads a live source again after each outcome: what the consumer adds runs, even once nothing was in flight', async () => {
    const waiting = [1];
    const live: Iterable<number> = {
      [Symbol.iterator]: () => ({
        next: () => {
          const n = waiting.shift();
          return n === undefined ? { done: true, value: undefined } : { done: false, value: n };
        },
      }),
    };
    const seen: number[] = [];
    for await (const o of pool(live, 2, (n: number) => Promise.resolve(n))) {
      seen.push(o.item);
      if (o.item < 4) waiting.push(o.item + 1, o.item + 10);
    }
    expect(seen.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 11, 12, 13]);
  });
});
