import { describe, expect, it } from 'vitest';
import { sideBySide } from '@dnsferry/companion/engine/side-by-side';

const tick = () => new Promise((r) => setTimeout(r, 1));

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

describe('sideBySide', () => {
  it('runs at most `width` jobs at once, keeps each job in its own order, returns results in job order', async () => {
    const running = { now: 0, max: 0 };
    const jobs = [job('a', 3, running), job('b', 1, running), job('c', 2, running), job('d', 2, running)];
    const { events, result } = await drain(sideBySide(jobs[Symbol.iterator](), 2, new AbortController().signal));
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
      sideBySide([job('long', 4, running), job('short', 1, running)][Symbol.iterator](), 2, new AbortController().signal),
    );
    expect(events.indexOf('short1')).toBeLessThan(events.indexOf('long4'));
  });

  it('with width 1 it is one job after another', async () => {
    const running = { now: 0, max: 0 };
    const { events } = await drain(
      sideBySide([job('a', 2, running), job('b', 2, running)][Symbol.iterator](), 1, new AbortController().signal),
    );
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
    const gen = sideBySide(jobs[Symbol.iterator](), 1, controller.signal);
    await gen.next(); // a1
    controller.abort();
    await drain(gen);
    expect(started).toEqual(['a']);
  });
});
