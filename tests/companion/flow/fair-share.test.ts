import { describe, expect, it } from 'vitest';
import { FairShare, paced, sliced } from '@dnsferry/companion/flow/fair-share';

/** Work of `steps` steps, each logging `name`; it may stop between two of them. */
function* work(log: string[], name: string, steps: number): Generator<void, string> {
  for (let i = 1; i <= steps; i++) {
    log.push(name);
    if (i < steps) yield;
  }
  return name;
}

/** Resolves on the event loop's next turn (after I/O), with the log as it was then. */
const loopTurned = (log: string[]) =>
  new Promise<void>((resolve) =>
    setImmediate(() => {
      log.push('turn');
      resolve();
    }),
  );

describe('FairShare', () => {
  it('gives the loop to other callers between slices: a turn queued before the work comes before its end', async () => {
    // a slice of 0 ms: the work gives way at every step, as heavy work does once it has held the loop
    const share = new FairShare(0);
    const log: string[] = [];
    const turned = loopTurned(log);
    const result = await sliced(work(log, 'heavy', 3), share.slice('a'));
    await turned;
    expect(result).toBe('heavy');
    expect(log).toEqual(['heavy', 'turn', 'heavy', 'heavy']);
  });

  it('never makes work within its slice wait', async () => {
    const share = new FairShare(1e9);
    const log: string[] = [];
    const turned = loopTurned(log);
    await sliced(work(log, 'light', 50), share.slice('a'));
    log.push('done');
    await turned;
    expect(log.slice(-2)).toEqual(['done', 'turn']);
  });

  it('shares turns per key: with key A flooding (three tasks), key B gets every other turn', async () => {
    const share = new FairShare(0);
    const log: string[] = [];
    const tasks = [
      sliced(work(log, 'A', 3), share.slice('A')),
      sliced(work(log, 'A', 3), share.slice('A')),
      sliced(work(log, 'A', 3), share.slice('A')),
      sliced(work(log, 'B', 3), share.slice('B')),
    ];
    await Promise.all(tasks);
    // each task's first step runs at once; from then on B's steps alternate with A's
    expect(log.join(' ')).toBe('A A A B A B A B A A A A');
  });

  it('serves a key that comes late at once, then in turn with the key that kept the loop busy', async () => {
    const share = new FairShare(0);
    const log: string[] = [];
    const flood = sliced(work(log, 'A', 6), share.slice('A'));
    await share.turn('A');
    await share.turn('A');
    const late = sliced(work(log, 'B', 3), share.slice('B'));
    await Promise.all([flood, late]);
    // B's first step runs as it starts; its first turn comes next, then A's and B's alternate
    expect(log.join(' ')).toBe('A A A B B A B A A');
  });

  it('paces a stream: its events pass unchanged, with a turn of the loop between them, and closing it closes the source', async () => {
    const share = new FairShare(0);
    const log: string[] = [];
    let closed = false;
    async function* events(): AsyncGenerator<number, string> {
      try {
        for (let i = 0; i < 3; i++) yield i;
        return 'end';
      } finally {
        closed = true;
      }
    }
    const turned = loopTurned(log);
    const got: number[] = [];
    const stream = paced(events(), share.slice('a'));
    for (let s = await stream.next(); !s.done; s = await stream.next()) {
      got.push(s.value);
      log.push(String(s.value));
    }
    await turned;
    expect(got).toEqual([0, 1, 2]);
    expect(log.indexOf('turn')).toBeLessThan(log.indexOf('2'));
    expect(closed).toBe(true);

    const early = paced(events(), share.slice('a'));
    closed = false;
    await early.next();
    await early.return('stopped');
    expect(closed).toBe(true);
  });
});
