import { describe, expect, it } from 'vitest';
import { inOrder } from '@dnsferry/companion/flow/interleave';

/** Jobs that finish when the test says so, in any order. */
function controlled(n: number) {
  const finish: Array<(v: number[] | Error) => void> = [];
  let open = 0;
  let maxOpen = 0;
  const jobs = Array.from(
    { length: n },
    (_, i) =>
      async function* () {
        open++;
        maxOpen = Math.max(maxOpen, open);
        const result = await new Promise<number[]>((resolve, reject) => {
          finish[i] = (v) => {
            open--;
            if (v instanceof Error) reject(v);
            else resolve(v);
          };
        });
        yield* result;
      },
  );
  return {
    jobs,
    finish,
    started: () => finish.filter(Boolean).length,
    get maxOpen() {
      return maxOpen;
    },
  };
}

/** Lets the other jobs run: a turn of the event loop, not a wait on the clock. */
const tick = () => new Promise((r) => setImmediate(r));

describe('inOrder: interleave with the values in job order', () => {
  it("streams the first job's results as they come, holding back the later ones", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* first() {
      yield 1;
      await gate;
      yield 2;
    }
    async function* second() {
      yield 3;
    }
    const it = inOrder([first, second], 2, new AbortController().signal);
    expect((await it.next()).value).toBe(1);
    const pending = it.next();
    release();
    expect((await pending).value).toBe(2);
    expect((await it.next()).value).toBe(3);
    expect((await it.next()).done).toBe(true);
  });

  it('runs up to `slots` jobs at once and yields their results in job order', async () => {
    const c = controlled(5);
    const out: number[] = [];
    const done = (async () => {
      for await (const v of inOrder(c.jobs, 2, new AbortController().signal)) out.push(v);
    })();
    await tick();
    expect(c.started()).toBe(2);
    c.finish[1]!([10, 11]); // the second finishes first: held back
    await tick();
    expect(out).toEqual([]);
    c.finish[0]!([0, 1]);
    await tick();
    expect(out).toEqual([0, 1, 10, 11]);
    // both slots were freed by then
    expect(c.started()).toBe(4);
    for (const i of [3, 2, 4]) {
      await tick();
      c.finish[i]!([i * 10]);
    }
    await done;
    expect(out).toEqual([0, 1, 10, 11, 20, 30, 40]);
    expect(c.maxOpen).toBe(2);
  });

  it('starts nothing once aborted, and still yields what the running jobs did', async () => {
    const c = controlled(6);
    const ac = new AbortController();
    const out: number[] = [];
    const done = (async () => {
      for await (const v of inOrder(c.jobs, 3, ac.signal)) out.push(v);
    })();
    await tick();
    ac.abort();
    c.finish[2]!([2]);
    c.finish[0]!([0]);
    c.finish[1]!([1]);
    await done;
    expect(out).toEqual([0, 1, 2]);
    expect(c.started()).toBe(3);
  });

  it('on a failed job, waits for the others, yields what they did, then throws', async () => {
    const c = controlled(3);
    const out: number[] = [];
    const done = (async () => {
      for await (const v of inOrder(c.jobs, 3, new AbortController().signal)) out.push(v);
    })();
    await tick();
    c.finish[0]!([0]);
    c.finish[1]!(new Error('auth'));
    await tick();
    c.finish[2]!([2]);
    await expect(done).rejects.toThrow('auth');
    expect(out).toEqual([0, 2]);
  });

  it('closes the jobs still running when the consumer stops early, so their clean-up runs', async () => {
    const closed: number[] = [];
    const endless = (i: number) =>
      async function* () {
        try {
          for (let n = 0; ; n++) {
            await tick();
            yield i * 100 + n;
          }
        } finally {
          closed.push(i);
        }
      };
    const it = inOrder([endless(1), endless(2)], 2, new AbortController().signal);
    expect((await it.next()).value).toBe(100);
    await it.return(undefined);
    expect(closed.sort()).toEqual([1, 2]);
  });
});
