/**
 * Cloudflare's client-API limit: 1,200 requests per 5 minutes per user/account token
 * (developers.cloudflare.com/fundamentals/api/reference/limits).
 *
 * Modelled as a sliding window per token. The docs say that once the limit is exceeded "all API calls for the
 * next five minutes will be blocked", so the first request over the limit starts a block of one full window:
 * every request in it answers 429 with `Retry-After` = seconds left in the block (rounded up), and blocked
 * requests do not count. When the block ends every counted request is older than the window, so the token
 * starts afresh. A batch is one request.
 */

export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the quota is whole again (or the block ends). */
  resetSeconds: number;
  retryAfterSeconds?: number;
}

interface Bucket {
  /** Timestamps of counted requests, oldest first; `head` skips expired ones without shifting. */
  times: number[];
  head: number;
  blockedUntil: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly config: RateLimitConfig,
    private readonly now: () => number,
  ) {}

  private bucket(key: string): Bucket {
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = { times: [], head: 0, blockedUntil: 0 }));
    return b;
  }

  private expire(b: Bucket, t: number): void {
    const cutoff = t - this.config.windowMs;
    while (b.head < b.times.length && (b.times[b.head] as number) <= cutoff) b.head++;
    if (b.head > 1024 && b.head * 2 > b.times.length) {
      b.times = b.times.slice(b.head);
      b.head = 0;
    }
  }

  /** Counts one request for `key` (unless it is blocked) and says whether it may proceed. */
  take(key: string): RateDecision {
    const t = this.now();
    const b = this.bucket(key);
    if (t < b.blockedUntil) {
      const secs = Math.ceil((b.blockedUntil - t) / 1000);
      return { allowed: false, remaining: 0, resetSeconds: secs, retryAfterSeconds: Math.max(1, secs) };
    }
    this.expire(b, t);
    const used = b.times.length - b.head;
    if (used >= this.config.limit) {
      b.blockedUntil = t + this.config.windowMs;
      const secs = Math.ceil(this.config.windowMs / 1000);
      return { allowed: false, remaining: 0, resetSeconds: secs, retryAfterSeconds: Math.max(1, secs) };
    }
    b.times.push(t);
    const oldest = b.times[b.head] as number;
    return {
      allowed: true,
      remaining: this.config.limit - (used + 1),
      resetSeconds: Math.max(0, Math.ceil((oldest + this.config.windowMs - t) / 1000)),
    };
  }

  reset(): void {
    this.buckets.clear();
  }
}
