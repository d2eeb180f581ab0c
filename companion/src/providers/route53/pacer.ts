import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** Route 53 answers at most five requests a second per AWS account, all API calls together. */
export const REQUESTS_PER_SECOND = 5;
/**
 * Under the limit, for the jitter between when we send and when Route 53 counts: a burst one short of
 * five (a late burst and an early follower then still fit) and a pace a tenth under five a second.
 */
const BURST = REQUESTS_PER_SECOND - 1;
const PACE_PER_SECOND = REQUESTS_PER_SECOND * 0.9;

/**
 * A token bucket per account: four requests at once, then one every 222 ms, so the companion stays
 * under the limit however many zones (or requests) read the same account. A throttling answer empties
 * the bucket and holds every caller until the backoff has passed: the limit is the account's, not a
 * call's.
 */
export class Pacer {
  private tokens = BURST;
  private refilledAt = Date.now();
  private heldUntil = 0;

  /** Waits until a request may go (a token, and no hold). */
  async take(signal: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(BURST, this.tokens + ((now - this.refilledAt) * PACE_PER_SECOND) / 1000);
      this.refilledAt = now;
      if (now >= this.heldUntil && this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const untilToken = Math.ceil(((1 - this.tokens) * 1000) / PACE_PER_SECOND);
      await sleep(Math.max(this.heldUntil - now, untilToken, 1), undefined, { signal });
    }
  }

  /** Route 53 said the account is over its rate: nobody sends before `ms` have passed. */
  hold(ms: number): void {
    this.tokens = 0;
    this.heldUntil = Math.max(this.heldUntil, Date.now() + ms);
  }

  /** Nothing to remember: a full bucket and no hold. */
  get idle(): boolean {
    return Date.now() >= this.heldUntil && this.tokens + ((Date.now() - this.refilledAt) * PACE_PER_SECOND) / 1000 >= BURST;
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
