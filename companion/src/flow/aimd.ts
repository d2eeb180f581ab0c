/**
 * How many requests to keep in flight against a service that may be overloaded: additive increase,
 * multiplicative decrease, as TCP sizes its congestion window. One rule, its numbers per user (the
 * scan's queries to a resolver, a Cloudflare token's API calls):
 * - it starts at `initial` and, until the first overload, grows by one per answer that went well,
 *   up to `max` (slow start);
 * - an overload (a time-out, a 429, a 5xx) halves it, never below `min`; outcomes of requests sent
 *   before that halving do not halve it again: one burst is one signal;
 * - after a halving it grows by one per `size` answers that went well (one per window's worth),
 *   back up to `max`.
 * An outcome that says nothing about load (a 4xx, a malformed answer) changes nothing.
 */
export interface AimdLimits {
  initial: number;
  min: number;
  max: number;
}

/** A request's place in the controller's history, taken when it is sent. */
export type Ticket = number;

export class Aimd {
  private current: number;
  private readonly min: number;
  private readonly max: number;
  private sentCount = 0;
  /** Requests sent before this ticket were in flight when it last halved. */
  private halvedAt = 0;
  private halved = false;
  /** Answers that went well since the size last changed (after the first halving). */
  private good = 0;

  constructor(limits: AimdLimits) {
    this.min = Math.max(1, limits.min);
    this.max = Math.max(this.min, limits.max);
    this.current = Math.min(this.max, Math.max(this.min, limits.initial));
  }

  /** Requests allowed in flight now. */
  get size(): number {
    return this.current;
  }

  /** Called as a request is sent. */
  sent(): Ticket {
    return this.sentCount++;
  }

  /** An answer that went well: the service is keeping up. */
  ok(): void {
    if (this.current >= this.max) return;
    if (!this.halved || ++this.good >= this.current) {
      this.current++;
      this.good = 0;
    }
  }

  /** The request sent with `ticket` timed out, or the service refused it for load. */
  overloaded(ticket: Ticket): void {
    if (ticket < this.halvedAt) return;
    this.current = Math.max(this.min, Math.floor(this.current / 2));
    this.halvedAt = this.sentCount;
    this.halved = true;
    this.good = 0;
  }
}
