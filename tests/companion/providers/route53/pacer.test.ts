import { describe, expect, it } from 'vitest';
import { sharedAbort } from '@dnsferry/companion/flow/shared-abort';
import { Pacer, type PacerClock } from '@dnsferry/companion/providers/route53/pacer';

/** A clock that moves only when told: sleepers wake in time order as it passes their time. */
class FakeClock implements PacerClock {
  private t = 0;
  private sleepers: { at: number; wake: () => void }[] = [];
  now = () => this.t;
  sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const sleeper = { at: this.t + ms, wake: resolve };
      this.sleepers.push(sleeper);
      signal.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  /** Moves to `to`, waking each sleeper at its own time and letting it run before the clock moves on. */
  async advanceTo(to: number): Promise<void> {
    for (;;) {
      await settle();
      this.sleepers.sort((x, y) => x.at - y.at);
      const next = this.sleepers[0];
      if (!next || next.at > to) break;
      this.sleepers.shift();
      this.t = Math.max(this.t, next.at);
      next.wake();
    }
    this.t = to;
    await settle();
  }
  /** Runs `fn` at time `at`. */
  at(at: number, fn: () => void): void {
    void this.sleep(at - this.t, new AbortController().signal).then(fn);
  }
}
const settle = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};

/** The most times any one-second window holds, the window placed at every time. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  return Math.max(0, ...sorted.map((t) => sorted.filter((u) => u >= t && u < t + 1000).length));
}

/**
 * `count` requests through the pacer, each answered `latency(i)` ms after it leaves. Returns when each left and
 * when Route 53 would count it at the latest (its answer).
 */
async function run(clock: FakeClock, pacer: Pacer, starts: number[], latency: (i: number) => number) {
  const left: number[] = [];
  const back: number[] = [];
  // a run's signal, as the companion gives its calls: 40 waits listen to it at once
  const signal = sharedAbort().signal;
  const all: Promise<void>[] = [];
  for (const [i, start] of starts.entries()) {
    await clock.advanceTo(start);
    all.push(
      pacer.take(signal).then(
        (done) =>
          new Promise<void>((resolve) => {
            left.push(clock.now());
            clock.at(clock.now() + latency(i), () => {
              back.push(clock.now());
              done();
              resolve();
            });
          }),
      ),
    );
  }
  await clock.advanceTo(600_000);
  await Promise.all(all);
  return { left, back };
}

describe('Pacer', () => {
  it('lets five go at once and the sixth only a second after an answer: never six in a second', async () => {
    const clock = new FakeClock();
    // 40 callers at once, as zones read side by side with a listing and a validate on the same key; answers at once
    const { left } = await run(clock, new Pacer(clock), Array<number>(40).fill(0), () => 0);
    expect(left).toHaveLength(40);
    expect(left.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 1000]);
    expect(busiestSecond(left)).toBe(5);
    // and no slower than the window allows: 40 requests, five a second, the last in the eighth second
    expect(Math.max(...left)).toBe(7000);
  });

  it('counts a request from its answer: a slow first answer holds its place, whatever arrives in between', async () => {
    const clock = new FakeClock();
    // the first five take 300 ms to answer (a new connection's handshake), the later ones 20 ms
    const { left, back } = await run(clock, new Pacer(clock), Array<number>(12).fill(0), (i) => (i < 5 ? 300 : 20));
    expect(left).toEqual([0, 0, 0, 0, 0, 1300, 1300, 1300, 1300, 1300, 2320, 2320]);
    // wherever between leaving and its answer Route 53 counted each, no second holds six
    expect(busiestSecond(left)).toBe(5);
    expect(busiestSecond(back)).toBe(5);
  });

  it('counts requests that come one by one and in bursts alike', async () => {
    const clock = new FakeClock();
    // a request every 150 ms for three seconds and a retry burst in the middle (a token bucket of four refilling
    // at 4.5 a second lets six into one second)
    const starts = [...Array.from({ length: 20 }, (_, i) => i * 150), 600, 600, 600, 600].sort((x, y) => x - y);
    const { left, back } = await run(clock, new Pacer(clock), starts, (i) => (i % 3) * 40);
    expect(left).toHaveLength(24);
    expect(busiestSecond(left)).toBe(5);
    expect(busiestSecond(back)).toBe(5);
  });

  it('holds every caller after a throttling answer, then keeps the window', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer(clock);
    const signal = new AbortController().signal;
    (await pacer.take(signal))();
    pacer.hold(2000);
    const { left } = await run(clock, pacer, Array<number>(6).fill(0), () => 0);
    // the request at 0 is out of the window by 2000: five go when the hold ends, the sixth a second later
    expect(left).toEqual([2000, 2000, 2000, 2000, 2000, 3000]);
  });

  it('waits for an answer when five are out, and a caller that gives up takes no place', async () => {
    const clock = new FakeClock();
    const pacer = new Pacer(clock);
    const signal = new AbortController().signal;
    expect(pacer.idle).toBe(true);
    const out = await Promise.all(Array.from({ length: 5 }, () => pacer.take(signal)));
    expect(pacer.idle).toBe(false);
    const gone = new AbortController();
    const late = pacer.take(gone.signal);
    await clock.advanceTo(60_000);
    // five out for a minute: nobody goes, however long
    gone.abort(new Error('client left'));
    await expect(late).rejects.toThrow('client left');
    let next = -1;
    const waiting = pacer.take(signal).then((done) => {
      next = clock.now();
      done();
    });
    for (const done of out) done();
    await clock.advanceTo(60_999);
    expect(next).toBe(-1);
    await clock.advanceTo(61_000);
    await waiting;
    expect(next).toBe(61_000);
    expect(pacer.idle).toBe(false);
    await clock.advanceTo(62_000);
    expect(pacer.idle).toBe(true);
  });
});
