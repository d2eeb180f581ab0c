import { describe, expect, it } from 'vitest';
import { reportWhile } from '@dnsferry/companion/engine/report-while';

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
