import { createHmac, randomBytes } from 'node:crypto';
import { Aimd } from '../../flow/aimd';

/** When a spent budget's probe brought no new figure, the wait before the next one. */
const PROBE_AGAIN_MS = 1000;

/** How a request that held a slot went, for the slot count. */
export type SlotOutcome = 'ok' | 'overloaded' | 'other';

export interface Permit {
  release(outcome: SlotOutcome): void;
}

/**
 * What one token may spend at the target from this process, shared by every API call that uses it
 * (the batches of a zone, the zones of a request, and concurrent requests with the same token; the
 * target's rate limit is per token too):
 * - slots: at most `max` requests in flight; after a 429, a 5xx or a time-out the slots halve (down
 *   to one) and grow back by one per slots-full of answers that went well (../../flow/aimd.ts, from
 *   `max`, not below one). Answers to requests sent before a halving do not halve again.
 * - the allowance: what the target's budget (the `Ratelimit` header: requests left, seconds until
 *   one frees) still allows, less what is in flight. A slot is granted only while it is above zero:
 *   the first request over the limit blocks the token for a whole window (five minutes at
 *   Cloudflare), so K requests in flight must not overshoot it. When it is spent the token pauses
 *   until the target said one frees, then sends one request and waits for its answer's header.
 * - the pause: when the target said the budget is spent, no request of this token is sent before it.
 * A slot is held for the HTTP exchange only, never across a wait, so nothing can wait on itself.
 */
export class TokenBudget {
  /** The earliest time to send again, when the target asked us to wait. */
  pausedUntil = 0;
  private readonly slots: Aimd;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  /** Requests the target's budget still allows beyond those in flight; null until an answer says. */
  private allowance: number | null = null;
  /** When the target said the next request frees; until then a low allowance is worth keeping. */
  private allowanceResetsAt = 0;
  private allowanceTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly max: number,
    private readonly onIdle: () => void = () => undefined,
  ) {
    this.max = Math.max(1, max);
    this.slots = new Aimd({ initial: this.max, min: 1, max: this.max });
  }

  /** Slots open now (fewer than `max` after overload). */
  get limit(): number {
    return this.slots.size;
  }

  /** Nothing in flight or waiting, and nothing known that a new budget would not know (a low allowance). */
  get idle(): boolean {
    const allowanceKnown = this.allowance !== null && this.allowance < this.max && Date.now() < this.allowanceResetsAt;
    return this.inFlight === 0 && this.waiting.length === 0 && !allowanceKnown;
  }

  /**
   * What an answer's `Ratelimit` header said: `remaining` requests left once it was counted, and the
   * seconds until one more frees. Requests still in flight may not have been counted yet.
   */
  noteBudget(remaining: number, resetSeconds: number): void {
    this.allowance = remaining - this.inFlight;
    this.allowanceResetsAt = Date.now() + resetSeconds * 1000;
    clearTimeout(this.allowanceTimer);
    this.allowanceTimer = undefined;
    if (this.allowance <= 0) {
      this.pausedUntil = Math.max(this.pausedUntil, this.allowanceResetsAt);
      this.probeAfter(resetSeconds * 1000);
    }
    this.grant();
  }

  /** After `ms`, one request, whose answer says how much is left. */
  private probeAfter(ms: number): void {
    this.allowanceTimer = setTimeout(() => {
      this.allowanceTimer = undefined;
      this.allowance = Math.max(this.allowance ?? 0, 1);
      this.grant();
      this.checkIdle();
    }, ms);
    // Unref'd while nobody waits on it, so an idle budget never keeps a process alive; a waiter refs it
    // (a command-line run waiting out the allowance must not see its event loop empty and exit 0).
    if (this.waiting.length === 0) this.allowanceTimer.unref();
  }

  /** How long a request asked for now waits for the allowance the answers' headers announced to come back. */
  get allowanceWaitMs(): number {
    return this.allowance !== null && this.allowance <= 0 ? Math.max(0, this.allowanceResetsAt - Date.now()) : 0;
  }

  private get mayStart(): boolean {
    return this.inFlight < this.slots.size && (this.allowance === null || this.allowance > 0);
  }

  async acquire(signal: AbortSignal): Promise<Permit> {
    signal.throwIfAborted();
    if (this.waiting.length > 0 || !this.mayStart) {
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const i = this.waiting.indexOf(grant);
          if (i >= 0) this.waiting.splice(i, 1);
          if (this.waiting.length === 0) this.allowanceTimer?.unref();
          reject(signal.reason as Error);
          this.checkIdle();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(grant);
        this.allowanceTimer?.ref();
      });
    } else {
      this.take();
    }
    const ticket = this.slots.sent();
    let done = false;
    return {
      release: (outcome) => {
        if (done) return;
        done = true;
        this.inFlight--;
        if (outcome === 'ok') this.slots.ok();
        else if (outcome === 'overloaded') this.slots.overloaded(ticket);
        // the probe got no header (a network error, an answer without one): probe again, never hang
        if (this.allowance !== null && this.allowance <= 0 && this.inFlight === 0 && !this.allowanceTimer)
          this.probeAfter(Math.max(PROBE_AGAIN_MS, this.allowanceResetsAt - Date.now()));
        this.grant();
        this.checkIdle();
      },
    };
  }

  private take(): void {
    this.inFlight++;
    if (this.allowance !== null) this.allowance--;
  }

  /** Hands free slots to waiters, in arrival order (a waiter is counted in flight as it is woken). */
  private grant(): void {
    while (this.mayStart && this.waiting.length > 0) {
      this.take();
      (this.waiting.shift() as () => void)();
    }
  }

  private checkIdle(): void {
    if (this.inFlight > 0 || this.waiting.length > 0) return; // the last release checks again
    const wait = Math.max(this.pausedUntil, this.idle ? 0 : this.allowanceResetsAt) - Date.now();
    if (wait <= 0) this.onIdle();
    else setTimeout(() => this.checkIdle(), wait).unref();
  }
}

/**
 * The budgets of the tokens in use, keyed by an HMAC of the token under a key made at start-up: the
 * token itself is not kept, and a budget is dropped as soon as nothing is in flight, waiting or paused.
 */
const budgets = new Map<string, TokenBudget>();
const processKey = randomBytes(32);

export function tokenKey(token: string): string {
  return createHmac('sha256', processKey).update(token).digest('base64url');
}

/** The shared budget of the token with this key (from `tokenKey`), made with `max` slots if there is none. */
export function budgetOf(key: string, max: number): TokenBudget {
  let budget = budgets.get(key);
  if (!budget) {
    const made: TokenBudget = new TokenBudget(max, () => {
      if (budgets.get(key) === made) budgets.delete(key);
    });
    budgets.set(key, made);
    budget = made;
  }
  return budget;
}

/** Tokens with a budget right now (for tests of the clean-up). */
export function budgetsInUse(): number {
  return budgets.size;
}
