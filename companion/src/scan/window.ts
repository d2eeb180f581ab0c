/**
 * How many queries a scan keeps in flight: an AIMD window, as TCP sizes its congestion window.
 * It starts high (one HTTP/2 connection carries many streams, and a resolver 20 ms away needs
 * many in flight to be fast), grows by one per answer up to `max` while nothing went wrong, and
 * halves when a query times out or the resolver fails; after a halving it grows by about one per
 * window of answers. A burst of failures from queries sent before the halving halves it only once.
 */
export interface WindowLimits {
  initial: number;
  min: number;
  max: number;
}

/** A query's place in the window's history, taken when it is sent. */
export type Ticket = number;

export class AimdWindow {
  private current: number;
  private readonly max: number;
  /** Below this, grow by one per answer (slow start); above, by one per window of answers. */
  private threshold: number;
  private readonly min: number;
  private sentCount = 0;
  /** Queries sent before this ticket were in flight when the window last shrank. */
  private shrankAt = 0;

  constructor(limits: WindowLimits) {
    this.min = Math.max(1, limits.min);
    this.max = Math.max(this.min, limits.max);
    this.current = clamp(limits.initial, this.min, this.max);
    this.threshold = this.max;
  }

  /** Queries allowed in flight now. */
  get size(): number {
    return Math.floor(this.current);
  }

  /** Called as a query is sent. */
  sent(): Ticket {
    return this.sentCount++;
  }

  /** An answer came back (any DNS answer: the resolver is keeping up). */
  answered(): void {
    if (this.current < this.threshold) this.current = Math.min(this.current + 1, this.threshold);
    else this.current = Math.min(this.current + 1 / this.current, this.max);
  }

  /** A query timed out, or the resolver failed or refused to serve it. */
  failed(ticket: Ticket): void {
    if (ticket < this.shrankAt) return;
    this.current = Math.max(this.min, Math.floor(this.current / 2));
    this.threshold = this.current;
    this.shrankAt = this.sentCount;
  }
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}
