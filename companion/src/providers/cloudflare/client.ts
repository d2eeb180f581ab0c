import { setTimeout as sleep } from 'node:timers/promises';
import { UpstreamError, type UpstreamCause } from '../../errors';
import { isDeadline, withDeadline } from '../../upstream/deadline';
import { backoffMs, retryAfterMs } from '../../upstream/retry';
import { describeConnectionFailure, describeUnreachable, innermost } from '../../upstream/unreachable';
import { Redactor } from '../../redactor';
import { budgetOf, tokenKey, type SlotOutcome, type TokenBudget } from './token-budget';
import { eventLoop, sliced, type FairShare, type Slice } from '../../flow/fair-share';
import { parsingJson } from '../../flow/json-steps';

export interface CloudflareMessage {
  code: number;
  message: string;
}
interface Envelope<T> {
  success: boolean;
  errors?: CloudflareMessage[];
  messages?: CloudflareMessage[];
  result: T;
  result_info?: { page?: number; per_page?: number; total_pages?: number; count?: number; total_count?: number };
}

export interface ClientOptions {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** First backoff step for 5xx and network errors; doubles per attempt, with jitter. */
  retryBaseMs: number;
  /** Longest Retry-After we are willing to sleep; beyond it the call fails as rate limited. */
  maxRetryAfterMs: number;
  attempts?: number;
  /** Requests in flight at once for this token, shared with every other client of the same token. */
  maxInFlight?: number;
  /** The event loop's share this token's work draws on (default: the companion's one). */
  share?: FairShare;
}

/** A write whose outcome we cannot know (5xx, reset, timeout after it was sent). Never re-sent blindly. */
export class UnknownOutcomeError extends Error {
  constructor(readonly reason: string) {
    super(`the target did not confirm the write: ${reason}`);
    this.name = 'UnknownOutcomeError';
  }
}

/**
 * Pages of one list before we stop: 1,000 pages of 5,000 records (or of 50 zones) is far beyond any
 * real account, and a `total_pages` above it is refused at once, not followed for minutes.
 */
export const MAX_PAGES = 1000;

/** Without a configured K, as many slots as the configuration allows at most. */
const UNBOUNDED_SLOTS = 16;

/** An answer longer than this (a listing of thousands of records) is parsed in slices, giving way to other callers. */
const LONG_ANSWER = 1 << 20;

/** A wait shorter than this is not worth an event in the stream. */
const NOTICEABLE_WAIT_MS = 1000;

/** A wait the target asked for before a request may be sent: the token's pause, or this request's own. */
export interface TargetWait {
  ms: number;
  /** True when the token's whole budget is spent (every request waits), false when only this kind of request. */
  shared: boolean;
}

export interface CallInit {
  query?: Record<string, string | number>;
  body?: unknown;
  signal: AbortSignal;
  /**
   * Interactive calls (validating a token) report an unreachable Cloudflare at once; a migration
   * keeps retrying, since a blip in the middle of it should not fail a zone.
   */
  failFast?: boolean;
  /** Longest Retry-After this call waits out (default: the client's maxRetryAfterMs). */
  maxWaitMs?: number;
  /** Told when the call is about to wait a noticeable time because the target asked, so a stream can say so. */
  onWait?: ((wait: TargetWait) => void) | undefined;
}

/** Added to a 403: what Cloudflare's own message leaves out, and where to fix it. */
const PERMISSION_HINT =
  ' — the token is valid but lacks a permission this step needs (Zone:Edit to create a zone, DNS:Edit to write records; Zone:Read and DNS:Read to read them): edit it at My Profile → API Tokens';

/** Cloudflare error codes that mean "identical record already exists". */
export const DUPLICATE_CODES = new Set([81057, 81058]);

function causeOf(status: number, code: number | undefined): UpstreamCause {
  if (status === 401 || code === 1000 || code === 9109 || code === 6003 || code === 9106) return 'auth';
  if (status === 403) return 'permission';
  if (status === 429 || code === 971 || code === 10100) return 'rate_limit';
  if (status === 404 || code === 7003 || code === 7000) return 'not_found';
  if (status === 409) return 'conflict';
  if (status >= 500) return 'upstream';
  return 'invalid';
}

/** `"default";r=50;t=30` → remaining and reset seconds. */
function parseRatelimit(header: string | null): { remaining: number; resetS: number } | null {
  if (!header) return null;
  const r = /(?:^|;)\s*r=(\d+)/.exec(header);
  const t = /(?:^|;)\s*t=(\d+)/.exec(header);
  return r && t ? { remaining: Number(r[1]), resetS: Number(t[1]) } : null;
}

/** What an answer says about the token's budget, read once per answer. */
interface BudgetSignal {
  /** The `Ratelimit` header: requests left and seconds until one frees. */
  ratelimit: { remaining: number; resetS: number } | null;
  /** For a 429, how long it asks to wait: Retry-After, else the header's reset, else a second. */
  waitMs: number;
  /** A 429 while the header still shows requests left: about this kind of request (adding zones), not the token. */
  narrow: boolean;
}

function budgetSignal(res: Response): BudgetSignal {
  const ratelimit = parseRatelimit(res.headers.get('ratelimit'));
  const waitMs = res.status === 429 ? (retryAfterMs(res.headers) ?? (ratelimit ? ratelimit.resetS * 1000 : 1000)) : 0;
  return { ratelimit, waitMs, narrow: res.status === 429 && (ratelimit?.remaining ?? 0) > 0 };
}

/** A 5xx, or a 429 that spent the token's budget, means fewer requests at once; a 429 about one kind of request does not. */
function slotOutcome(status: number, signal: BudgetSignal): SlotOutcome {
  return status >= 500 || (status === 429 && !signal.narrow) ? 'overloaded' : 'ok';
}

/**
 * What an answer tells the token's budget: the `Ratelimit` header's requests left (so the requests
 * in flight never overshoot it, and a spent budget pauses the token), and a 429 that is not about one
 * kind of request (every request of the token waits for its Retry-After, or the reset if longer).
 */
function noteBudget(budget: TokenBudget, status: number, signal: BudgetSignal): void {
  const { ratelimit } = signal;
  if (status !== 429) {
    if (ratelimit) budget.noteBudget(ratelimit.remaining, ratelimit.resetS);
    return;
  }
  if (signal.narrow) return;
  const until = Date.now() + Math.max(signal.waitMs, ratelimit ? ratelimit.resetS * 1000 : 0);
  if (until > budget.pausedUntil) budget.pausedUntil = until;
}

/**
 * A thin client for the parts of the Cloudflare v4 API we use: one envelope, one pagination scheme,
 * our own retry policy. Reads retry 5xx and network errors with jittered backoff; any request
 * answered 429 is retried after Retry-After (it was not executed); a write with an unknown outcome
 * is never retried here: it throws UnknownOutcomeError so the caller can re-list first.
 */
export class CloudflareClient {
  requests = 0;
  /** Cloudflare's error messages may echo the request, Authorization header included. */
  private readonly redactor: Redactor;
  private readonly budgetKey: string;
  /** The token's share of the event loop, for reading long answers (and the adapter's work on them). */
  readonly slice: Slice;

  constructor(private readonly opts: ClientOptions) {
    this.redactor = new Redactor([opts.token]);
    this.budgetKey = tokenKey(opts.token);
    this.slice = (opts.share ?? eventLoop).slice(this.budgetKey);
  }

  /** The token's slots and pause, shared across this process (looked up each time: an idle one is dropped). */
  private budget(): TokenBudget {
    return budgetOf(this.budgetKey, this.opts.maxInFlight ?? UNBOUNDED_SLOTS);
  }

  /** Sleeps until the token's pause is over, saying so when it is long enough to notice. */
  private async waitOutPause(init: CallInit): Promise<void> {
    for (;;) {
      const wait = this.budget().pausedUntil - Date.now();
      if (wait <= 0) return;
      if (wait >= NOTICEABLE_WAIT_MS) init.onWait?.({ ms: wait, shared: true });
      await sleep(wait, undefined, { signal: init.signal });
    }
  }

  private fail(kind: UpstreamCause, code: number | string | undefined, message: string, status?: number): UpstreamError {
    // Cloudflare says "Authentication error" (10000) for a valid token that lacks a permission: say which kind.
    const hint = kind === 'permission' ? PERMISSION_HINT : '';
    return new UpstreamError(
      'Cloudflare',
      kind,
      typeof code === 'string' ? this.redactor.scrub(code) : code,
      `${this.redactor.scrub(message)}${hint}`,
      status,
    );
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, init: CallInit): Promise<Envelope<T>> {
    const write = method !== 'GET';
    const url = new URL(this.opts.baseUrl + path);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, String(v));
    const attempts = this.opts.attempts ?? 6;
    let lastReason = '';
    let rateLimited = 0;
    for (let attempt = 0; attempt < attempts; attempt++) {
      init.signal.throwIfAborted();
      await this.waitOutPause(init);
      let res: Response;
      let text: string;
      let heard: BudgetSignal;
      const budget = this.budget();
      // A wait for the announced allowance is told as a rate-limit pause is: the user sees why nothing moves.
      const held = budget.allowanceWaitMs;
      if (held >= NOTICEABLE_WAIT_MS) init.onWait?.({ ms: held, shared: true });
      const permit = await budget.acquire(init.signal);
      let outcome: SlotOutcome = 'other';
      try {
        this.requests++;
        [res, text] = await withDeadline(init.signal, this.opts.timeoutMs, async (signal) => {
          const r = await this.opts.fetch(url, {
            method,
            headers: {
              authorization: `Bearer ${this.opts.token}`,
              accept: 'application/json',
              ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
            signal,
          });
          return [r, await r.text()] as const;
        });
        heard = budgetSignal(res);
        outcome = slotOutcome(res.status, heard);
        // before the slot goes back: a budget with nothing in flight is dropped unless it is paused
        noteBudget(budget, res.status, heard);
      } catch (err) {
        if (isDeadline(err) || isDeadline((err as Error).cause)) outcome = 'overloaded';
        permit.release(outcome); // a slot is for the exchange only, not for the backoff before the next attempt
        if (init.signal.aborted) throw err;
        const unreachable = describeUnreachable(err, url);
        if (unreachable && init.failFast) throw this.fail('upstream', undefined, unreachable);
        lastReason = this.redactor.scrub(
          isDeadline(err) || isDeadline((err as Error).cause)
            ? 'timed out'
            : (unreachable ?? describeConnectionFailure(err, url) ?? `network error (${innermost(err)})`),
        );
        if (write) throw new UnknownOutcomeError(lastReason);
        await this.backoff(attempt, init.signal);
        continue;
      } finally {
        permit.release(outcome);
      }
      if (res.status === 429) {
        const after = heard.waitMs;
        if (after > (init.maxWaitMs ?? this.opts.maxRetryAfterMs)) {
          throw this.fail('rate_limit', 971, `rate limited; the target asks to wait ${Math.ceil(after / 1000)} s`, 429);
        }
        if (heard.narrow) {
          // requests remain, so the refusal is about this kind of request (adding zones): it alone
          // waits (the token's pause, noted above, holds every request otherwise)
          if (after >= NOTICEABLE_WAIT_MS) init.onWait?.({ ms: after, shared: false });
          await sleep(after, undefined, { signal: init.signal });
        }
        lastReason = 'rate limited';
        // a 429 was not executed, so waiting it out does not use up an attempt (but is bounded)
        if (++rateLimited < 20) attempt--;
        continue;
      }
      let envelope: Envelope<T> | null = null;
      try {
        envelope = (text.length > LONG_ANSWER ? await sliced(parsingJson(text), this.slice) : JSON.parse(text)) as Envelope<T>;
      } catch (err) {
        lastReason = `HTTP ${res.status} with a body that is not JSON (${(err as Error).name})`;
        if (res.status < 500) throw this.fail('upstream', res.status, lastReason, res.status);
        if (write) throw new UnknownOutcomeError(lastReason);
        await this.backoff(attempt, init.signal);
        continue;
      }
      if (res.status >= 500) {
        lastReason = `HTTP ${res.status}`;
        if (write) throw new UnknownOutcomeError(lastReason);
        await this.backoff(attempt, init.signal);
        continue;
      }
      if (!res.ok || envelope.success !== true) {
        const first = envelope.errors?.[0];
        const message = typeof first?.message === 'string' ? first.message : `HTTP ${res.status}`;
        const code = typeof first?.code === 'number' ? first.code : undefined;
        throw this.fail(causeOf(res.status, code), code, message, res.status);
      }
      return envelope;
    }
    const kind = lastReason === 'rate limited' ? 'rate_limit' : lastReason === 'timed out' ? 'timeout' : 'upstream';
    throw this.fail(kind, undefined, `gave up after ${attempts} attempts: ${lastReason}`);
  }

  /** Every item of a paginated list, following `result_info.total_pages`. */
  async listAll<T>(
    path: string,
    query: Record<string, string | number>,
    perPage: number,
    signal: AbortSignal,
    opts: Pick<CallInit, 'failFast' | 'onWait'> = {},
  ): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) throw this.pagingError(path, undefined);
      const env = await this.call<T[]>('GET', path, { query: { ...query, page, per_page: perPage }, signal, ...opts });
      if (!Array.isArray(env.result)) throw this.fail('upstream', undefined, `the list at ${path} is not an array`);
      const total = env.result_info?.total_pages;
      if (total !== undefined && total > MAX_PAGES) throw this.pagingError(path, total);
      items.push(...env.result);
      if (env.result.length === 0 || (total !== undefined ? page >= total : env.result.length < perPage)) return items;
    }
  }

  private pagingError(path: string, total: number | undefined): UpstreamError {
    const said = total !== undefined ? `reports ${total} pages` : 'kept sending pages';
    return this.fail(
      'upstream',
      undefined,
      `the list at ${path} ${said}; more than the ${MAX_PAGES} this companion follows, so it stopped`,
    );
  }

  private async backoff(attempt: number, signal: AbortSignal): Promise<void> {
    await sleep(backoffMs(this.opts.retryBaseMs, attempt), undefined, { signal });
  }
}
