import { describe, expect, it } from 'vitest';
import { reportAlong, reportWhile } from '@dnsferry/companion/flow/report-while';

async function drain<E, T>(gen: AsyncGenerator<E, T>): Promise<{ events: E[]; result: T }> {
  const events: E[] = [];
  for (;;) {
    const step = await gen.next();
    if (step.done) return { events, result: step.value };
    events.push(step.value);
  }
}

describe('reportWhile', () => {
  it('yields each report while the task runs, in order, then returns its result', async () => {
    const seenBeforeEnd: number[] = [];
    const gen = reportWhile(
      async (report) => {
        for (let i = 1; i <= 3; i++) {
          report(`page ${i}`);
          await new Promise((r) => setTimeout(r, 5));
        }
        report('last');
        return 42;
      },
      (m) => ({ type: 'info', message: m }),
    );
    const first = await gen.next();
    seenBeforeEnd.push(first.done ? -1 : 1);
    const rest = await drain(gen);
    expect(first).toEqual({ done: false, value: { type: 'info', message: 'page 1' } });
    expect(rest.events.map((e) => e.message)).toEqual(['page 2', 'page 3', 'last']);
    expect(rest.result).toBe(42);
  });

  it("rethrows the task's failure after the reports made before it", async () => {
    const gen = reportWhile(
      async (report) => {
        report('started');
        await Promise.resolve();
        throw new Error('Azure 429');
      },
      (m) => m,
    );
    await expect(gen.next()).resolves.toEqual({ done: false, value: 'started' });
    await expect(gen.next()).rejects.toThrow('Azure 429');
  });
});

describe('reportAlong', () => {
  it('yields reports while an outcome is awaited, and every outcome in order', async () => {
    const gen = reportAlong(
      async function* (report) {
        yield 1;
        report('held up');
        await new Promise((r) => setTimeout(r, 30));
        report('going on');
        yield 2;
      },
      (m) => `info: ${m}`,
    );
    const seen: unknown[] = [];
    const first = await gen.next();
    seen.push(first.value);
    const second = await gen.next(); // arrives while outcome 2 is still 30 ms away
    seen.push(second.value);
    for await (const v of gen) seen.push(v);
    expect(seen).toEqual([{ item: 1 }, { report: 'info: held up' }, { report: 'info: going on' }, { item: 2 }]);
  });

  it("passes on the source's failure after the reports before it", async () => {
    const seen: unknown[] = [];
    const run = async () => {
      for await (const v of reportAlong(
        async function* (report) {
          report('trying');
          await Promise.resolve();
          if (report.length >= 0) throw new Error('target down');
          yield 0; // never reached: the target fails before its first outcome
        },
        (m) => m,
      ))
        seen.push(v);
    };
    await expect(run()).rejects.toThrow('target down');
    expect(seen).toEqual([{ report: 'trying' }]);
  });
});
