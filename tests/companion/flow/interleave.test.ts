import { describe, expect, it } from 'vitest';
import { liveHeap } from '../../support/live-heap';
import { interleave, untagged } from '@dnsferry/companion/flow/interleave';

/** Lets the other jobs run: a turn of the event loop, not a wait on the clock. */
const tick = () => new Promise((r) => setImmediate(r));

function job(name: string, steps: number, running: { now: number; max: number }) {
  return async function* (): AsyncGenerator<string, string> {
    running.now++;
    running.max = Math.max(running.max, running.now);
    try {
      for (let i = 1; i <= steps; i++) {
        await tick();
        yield `${name}${i}`;
      }
      return `${name} done`;
    } finally {
      running.now--;
    }
  };
}

async function drain<E, R>(gen: AsyncGenerator<E, R>) {
  const events: E[] = [];
  for (;;) {
    const s = await gen.next();
    if (s.done) return { events, result: s.value };
    events.push(s.value);
  }
}

describe('interleave: results, order and width', () => {
  it('runs at most `width` jobs at once, keeps each job in its own order, returns results in job order', async () => {
    const running = { now: 0, max: 0 };
    const jobs = [job('a', 3, running), job('b', 1, running), job('c', 2, running), job('d', 2, running)];
    const { events, result } = await drain(untagged(interleave(jobs, 2, new AbortController().signal)));
    expect(running.max).toBe(2);
    expect(result).toEqual(['a done', 'b done', 'c done', 'd done']);
    expect(events.sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'c2', 'd1', 'd2']);
    for (const name of ['a', 'c', 'd']) {
      const own = events.filter((e) => e.startsWith(name));
      expect(own).toEqual([...own].sort());
    }
  });

  it('interleaves: a short job finishes while a long one runs', async () => {
    const running = { now: 0, max: 0 };
    const { events } = await drain(
      untagged(interleave([job('long', 4, running), job('short', 1, running)], 2, new AbortController().signal)),
    );
    expect(events.indexOf('short1')).toBeLessThan(events.indexOf('long4'));
  });

  it('with width 1 it is one job after another', async () => {
    const running = { now: 0, max: 0 };
    const { events } = await drain(untagged(interleave([job('a', 2, running), job('b', 2, running)], 1, new AbortController().signal)));
    expect(events).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(running.max).toBe(1);
  });

  it('starts no job once the signal aborts', async () => {
    const running = { now: 0, max: 0 };
    const controller = new AbortController();
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((n) => () => {
      started.push(n);
      return job(n, 1, running)();
    });
    const gen = untagged(interleave(jobs, 1, controller.signal));
    await gen.next(); // a1
    controller.abort();
    await drain(gen);
    expect(started).toEqual(['a']);
  });
});

/** A generator that yields `n` values, each after the test lets it (a gate per step), and records what it did. */
function gated(name: string, n: number, log: string[]) {
  return async function* (): AsyncGenerator<string> {
    try {
      for (let i = 0; i < n; i++) {
        await new Promise((r) => setImmediate(r));
        log.push(`${name}${i}`);
        yield `${name}${i}`;
      }
    } finally {
      log.push(`${name} closed`);
    }
  };
}

describe('interleave: tags, clean-up and failures', () => {
  it("keeps each source's order, runs at most `width` at once, and tags values with their source", async () => {
    const log: string[] = [];
    const out: Array<{ index: number; value: string }> = [];
    for await (const v of interleave([gated('a', 3, log), gated('b', 2, log), gated('c', 2, log)], 2)) out.push(v);
    expect(out.filter((v) => v.index === 0).map((v) => v.value)).toEqual(['a0', 'a1', 'a2']);
    expect(out.filter((v) => v.index === 1).map((v) => v.value)).toEqual(['b0', 'b1']);
    expect(out.filter((v) => v.index === 2).map((v) => v.value)).toEqual(['c0', 'c1']);
    // c starts only once a or b has finished
    const firstC = log.indexOf('c0');
    expect(log.slice(0, firstC).some((l) => l === 'a closed' || l === 'b closed')).toBe(true);
  });

  it('closes the sources still running when the consumer stops early', async () => {
    const log: string[] = [];
    for await (const v of interleave([gated('a', 5, log), gated('b', 5, log)], 2)) if (v.value === 'a1') break;
    expect(log).toContain('a closed');
    expect(log).toContain('b closed');
  });

  it("passes a source's failure on, and closes the others", async () => {
    const log: string[] = [];
    async function* failing(): AsyncGenerator<string> {
      await new Promise((r) => setImmediate(r));
      yield 'b0';
      throw new Error('zone broke');
    }
    const run = async () => {
      for await (const v of interleave([gated('a', 50, log), failing], 2)) void v;
    };
    await expect(run()).rejects.toThrow('zone broke');
    expect(log).toContain('a closed');
  });

  it('holds nothing more for each value taken while another source waits long', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // a zone waiting on one long write, beside a zone telling 4,000 batches of events: a race of the two
    // left a reaction on the waiting one's step for each batch (1.8 MB in all)
    async function* waiting(): AsyncGenerator<string, string> {
      await gate;
      yield 'written';
      return 'waited';
    }
    async function* telling(): AsyncGenerator<string, string> {
      for (let i = 0; i < 4000; i++) yield `batch ${i}`;
      return 'told';
    }
    const before = liveHeap();
    let told = 0;
    let held: number | null = null;
    const { result } = await drain(
      (async function* () {
        for await (const v of interleave([waiting, telling], 2)) {
          if (v.index === 1 && ++told === 4000) {
            held = liveHeap() - before;
            release();
          }
          yield v.index;
        }
      })(),
    );
    expect(told).toBe(4000);
    expect(held).not.toBeNull();
    expect(held).toBeLessThan(500_000);
    expect(result).toBeUndefined();
  });
});
