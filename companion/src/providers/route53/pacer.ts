import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sharedAbort } from '../../flow/shared-abort';

/** Route 53 answers at most five requests a second per AWS account, all API calls together. */
export const REQUESTS_PER_SECOND = 5;
export const WINDOW_MS = 1000;

/** The time the pacer reads and waits on: the real one, or a test's. */
export interface PacerClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const REAL_CLOCK: PacerClock = { now: () => Date.now(), sleep: (ms, signal) => sleep(ms, undefined, { signal }) };

/** Said when a request was let go, and again once its answer is in: the pacer counts it from then. */
export type Done = () => void;

/**
 * A sliding window per account: a request goes only when fewer than five are out or came back in the
 * second before it. A request is counted from when its answer came back, not from when it left: Route 53
 * counts it somewhere in between (a new connection's handshake, a slow network), so a request sent a
 * second after the answer of the fifth before it reaches Route 53 more than a second after that one
 * did, however long either was on the way. So no second at Route 53 holds six, whatever mix of
 * validate, listing, reading and retries share the key (a token bucket lets a full bucket's burst and
 * its refill meet in one second). A throttling answer holds every caller until the backoff has
 * passed: the limit is the account's, not a call's.
 */
export class Pacer {
  /** The requests that count: out (Infinity), or back within the window (when they came back). */
  private slots: { at: number }[] = [];
  private heldUntil = 0;
  /** Callers waiting in `take`: a pacer they wait on is never dropped for a new one. */
  private waiting = 0;
  /** Wakes the waiters when an answer comes back (the window then moves without a timer). */
  private wakeUp = sharedAbort();

  constructor(private readonly clock: PacerClock = REAL_CLOCK) {}

  /** Waits until a request may go (room in the window, and no hold); call the result when its answer is in. */
  async take(signal: AbortSignal): Promise<Done> {
    for (;;) {
      signal.throwIfAborted();
      const now = this.clock.now();
      this.slots = this.slots.filter((s) => s.at + WINDOW_MS > now);
      if (now >= this.heldUntil && this.slots.length < REQUESTS_PER_SECOND) {
        const slot = { at: Infinity };
        this.slots.push(slot);
        return () => {
          if (slot.at !== Infinity) return;
          slot.at = this.clock.now();
          this.wakeUp.abort();
          this.wakeUp = sharedAbort();
        };
      }
      const freed = now < this.heldUntil ? this.heldUntil : Math.min(...this.slots.map((s) => s.at)) + WINDOW_MS;
      await this.wait(freed - now, signal);
    }
  }

  /** Until `ms` have passed (Infinity: until an answer comes back), an answer comes back, or the caller leaves. */
  private async wait(ms: number, signal: AbortSignal): Promise<void> {
    const stop = new AbortController();
    const woken = this.wakeUp.signal;
    const leave = () => stop.abort();
    signal.addEventListener('abort', leave, { once: true });
    woken.addEventListener('abort', leave, { once: true });
    this.waiting++;
    try {
      await (Number.isFinite(ms)
        ? this.clock.sleep(ms, stop.signal)
        : new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true })));
    } catch (err) {
      // Woken or left: the loop in `take` looks again (and throws if the caller left).
      if (!stop.signal.aborted) throw err;
    } finally {
      this.waiting--;
      signal.removeEventListener('abort', leave);
      woken.removeEventListener('abort', leave);
    }
  }

  /** Route 53 said the account is over its rate: nobody sends before `ms` have passed. */
  hold(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, this.clock.now() + ms);
  }

  /** Nothing to remember: no hold, nobody waiting, no request out or back within the window. */
  get idle(): boolean {
    const now = this.clock.now();
    return this.waiting === 0 && now >= this.heldUntil && this.slots.every((s) => s.at + WINDOW_MS <= now);
  }
}

/**
 * The pacers of the accounts in use, keyed by an HMAC of the access key id under a key made at
 * start-up (the id itself is not kept past the request). A pacer with nothing to remember is dropped,
 * so callers ask for it at each request rather than holding one. Keys of one account share nothing here:
 * the account behind a key is not known without another AWS service; a throttling answer still
 * slows each of them down.
 */
const processKey = randomBytes(32);
const pacers = new Map<string, Pacer>();

export function pacerFor(accessKeyId: string): Pacer {
  for (const [key, p] of pacers) if (p.idle) pacers.delete(key);
  const key = createHmac('sha256', processKey).update(accessKeyId).digest('base64url');
  let pacer = pacers.get(key);
  if (!pacer) {
    pacer = new Pacer();
    pacers.set(key, pacer);
  }
  return pacer;
}
