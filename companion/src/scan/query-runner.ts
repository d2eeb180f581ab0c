import { fqdn, type ScanEvent } from '@dnsferry/shared';
import { createDohClient, DohError, type DohClient, type DohClientOptions } from '../dns/doh-client';
import { FailureLog } from './failure-log';
import { Findings } from './findings';
import { foundLine } from './messages';
import { pool, type Settled } from '../flow/pool';
import type { Query } from './query';
import { QueryQueue, type Lane } from './query-queue';
import { DohTransportError } from '../dns/doh-transports';
import type { DnsReply } from '../dns/message';
import { Aimd, type AimdLimits } from '../flow/aimd';
import { sharedAbort } from '../flow/shared-abort';
import type { TransferLimits } from '../providers/axfr/transfer';
import type { QueryPace } from '../flow/query-pace';

export interface ScanOptions {
  signal: AbortSignal;
  /** Queries in flight at once, fixed; without it the number adapts to the resolver (see ../flow/aimd.ts). */
  concurrency?: number;
  /** Time limit of one query (a timed-out query is tried once more). */
  timeoutMs?: number;
  /** Time limit of the whole scan; what was found by then is still returned. */
  budgetMs?: number;
  retries?: number;
  protocol?: DohClientOptions['protocol'];
  fetch?: typeof fetch;
  /** Proxy settings for the HTTP/2 connection the DoH client opens itself (fetch has its own). */
  proxy?: DohClientOptions['proxy'];
  /** A scan that asks for a zone transfer first: the server to ask instead of the zone's own (DNSFERRY_TRANSFER_NS), and the transfer's limits. */
  transfer?: { override: { host: string; port: number } | null } & TransferLimits;
  /** The most questions the scan may ask (retries not counted); without it, no limit. */
  maxQuestions?: number;
  /** The resolver's pace, shared by the scans that ask it (./resolver-pace.ts); without it, no pace. */
  pace?: QueryPace;
  /** Where a deep scan asks for names seen in certificate logs (DNSFERRY_CT_URL) and the outbound fetch; without it, not asked. */
  certificates?: { url: string; fetch: typeof fetch; deadlineMs?: number };
}

/**
 * In flight: one HTTP/2 connection carries 64 queries from the start and up to 100 (the number of
 * streams servers commonly allow at once); over HTTP/1.1 each query in flight is a connection of
 * its own, so 16. Until the first answer shows which one the resolver speaks, 24: the apex phase
 * (18 queries) goes out in one round trip, and a resolver without HTTP/2 gets a bounded burst.
 */
const HTTP2_WINDOW: AimdLimits = { initial: 64, min: 2, max: 100 };
const HTTP1_MAX_IN_FLIGHT = 16;
const FIRST_FLIGHT = 24;

export const SCAN_DEFAULTS = {
  window: HTTP2_WINDOW,
  http1MaxInFlight: HTTP1_MAX_IN_FLIGHT,
  timeoutMs: 3000,
  budgetMs: 20_000,
  retries: 1,
} as const;

class BudgetExceeded extends Error {}

/**
 * Asks a scan's questions through one DoH client and takes the answers into `findings`: each
 * question once, as many in flight as the window allows, all of them stopped by the client going
 * away or by the scan's time limit. Failures go to `failures`; counts are kept for the summary.
 */
export class QueryRunner {
  readonly findings: Findings;
  readonly failures: FailureLog;
  readonly budgetMs: number;
  /** Queries that got a NOERROR or NXDOMAIN answer. */
  usable = 0;
  /** Queries not made or not answered because the time limit struck. */
  unasked = 0;
  overBudget = false;
  /** Questions taken from the queue to be asked. */
  asked = 0;
  readonly maxQuestions: number;
  private readonly client: DohClient;
  private readonly window: Aimd;
  private readonly fixed: number | undefined;
  /** Every query listens to this one: the client going away, or the scan's time limit. */
  private readonly stop = sharedAbort();
  private readonly timer: NodeJS.Timeout;
  /** The scan's own signal (the client going away). */
  readonly signal: AbortSignal;
  private readonly onAbort = () => this.stop.abort(this.signal.reason);
  private readonly queue = new QueryQueue();
  private readonly pace: QueryPace | undefined;
  /** What the resolver speaks, once an answer told. */
  private spoken: string | undefined;

  constructor(zone: string, dohUrl: string, options: ScanOptions) {
    this.findings = new Findings(zone);
    this.failures = new FailureLog(zone);
    this.signal = options.signal;
    this.fixed = options.concurrency;
    const fixed = this.fixed;
    this.window = new Aimd(fixed !== undefined ? { initial: fixed, min: fixed, max: fixed } : HTTP2_WINDOW);
    this.budgetMs = options.budgetMs ?? SCAN_DEFAULTS.budgetMs;
    this.maxQuestions = options.maxQuestions ?? Number.POSITIVE_INFINITY;
    this.pace = options.pace;
    this.client = createDohClient(dohUrl, {
      timeoutMs: options.timeoutMs ?? SCAN_DEFAULTS.timeoutMs,
      retries: options.retries ?? SCAN_DEFAULTS.retries,
      ...(options.protocol ? { protocol: options.protocol } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.proxy ? { proxy: options.proxy } : {}),
    });
    this.timer = setTimeout(() => {
      this.overBudget = true;
      this.stop.abort(new BudgetExceeded());
    }, this.budgetMs);
    if (this.signal.aborted) this.onAbort();
    else this.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The IPv4 addresses of a host name outside the scan's bookkeeping (a name server to ask directly). */
  async addresses(host: string, signal: AbortSignal): Promise<string[]> {
    const reply = await this.client.query(host, 'A', signal);
    return reply.answers.flatMap((a) => (a.type === 'A' && a.record ? [a.record.content] : []));
  }

  /** Queries sent so far, retries included. */
  get sent(): number {
    return this.client.sent;
  }

  get protocol(): string {
    return this.client.protocol;
  }

  /** The scan's own signal aborted: nothing more is to be yielded. */
  get aborted(): boolean {
    return this.signal.aborted;
  }

  /** Whether any question about this name was queued. */
  knows(name: string): boolean {
    return this.queue.knows(name);
  }

  /** Adds questions to ask (each once; see ./query-queue.ts); returns those not added before. */
  enqueue(queries: Query[], lane: Lane | boolean = false): Query[] {
    return this.queue.add(queries, lane);
  }

  /** Whether a question was queued (asked or not). */
  queued(name: string, type: Query['type']): boolean {
    return this.queue.has(name, type);
  }

  /** Questions about `name` not settled yet. */
  unsettled(name: string): number {
    return this.queue.unsettled(name);
  }

  /** Questions of the name lists still waiting. */
  get listedWaiting(): number {
    return this.queue.waitingIn('listed');
  }

  /** Questions queued and never asked, because the scan reached its limit of questions. */
  get dropped(): number {
    return this.queue.waiting;
  }

  /** Whether the scan asked as many questions as it may. */
  get full(): boolean {
    return this.asked >= this.maxQuestions;
  }

  /**
   * Asks the queued questions, and those added while it runs, until none is left; yields an info
   * event per new finding and per failure. `after` sees each question once it settled, answered or
   * not, and may add follow-ups; the events it returns are yielded. Once the scan asked
   * `maxQuestions`, the questions still queued are not asked.
   */
  async *run(after?: (q: Query, reply: DnsReply | undefined) => Iterable<ScanEvent>): AsyncGenerator<ScanEvent> {
    const capped: Iterable<Query> = {
      [Symbol.iterator]: () => ({
        next: () => {
          const q = this.full ? undefined : this.queue.take();
          if (q === undefined) return { done: true, value: undefined };
          this.asked++;
          return { done: false, value: q };
        },
      }),
    };
    const outcomes = pool(
      capped,
      () => this.inFlight(),
      (q) => this.ask(q),
    );
    for await (const outcome of outcomes) {
      if (this.signal.aborted) return;
      this.queue.settled(outcome.item.name);
      yield* this.absorb(outcome);
      if (after) yield* after(outcome.item, outcome.ok ? outcome.value : undefined);
    }
  }

  /** Takes one settled question into the findings (or the failures); yields the lines to report. */
  private *absorb(outcome: Settled<Query, DnsReply>): Generator<ScanEvent> {
    const q = outcome.item;
    if (!outcome.ok) {
      if (outcome.error instanceof BudgetExceeded) this.unasked++;
      else if (outcome.error instanceof DohError) {
        const line = this.failures.add(q.name, q.type, outcome.error.message, outcome.error.kind);
        if (line) yield { type: 'info', message: line };
      } else throw outcome.error;
      return;
    }
    const reply = outcome.value;
    if (reply.rcode !== 'NOERROR' && reply.rcode !== 'NXDOMAIN') {
      const line = this.failures.add(q.name, q.type, `the resolver answered ${reply.rcode}`, reply.rcode);
      if (line) yield { type: 'info', message: line };
      return;
    }
    this.usable++;
    const created =
      q.wildcardOf !== undefined
        ? this.findings.absorbWildcardProbe(q.wildcardOf, q.name, q.type, reply)
        : this.findings.absorb(q.name, q.type, reply);
    for (const set of created) {
      const line = foundLine(this.findings, set);
      if (line) yield { type: 'info', message: line };
    }
  }

  close(): void {
    clearTimeout(this.timer);
    this.signal.removeEventListener('abort', this.onAbort);
    this.client.close();
  }

  private inFlight(): number {
    if (this.fixed !== undefined || this.spoken === 'HTTP/2') return this.window.size;
    return Math.min(this.window.size, this.spoken === undefined ? FIRST_FLIGHT : HTTP1_MAX_IN_FLIGHT);
  }

  private async ask(q: Query): Promise<DnsReply> {
    const signal = this.stop.signal;
    if (signal.aborted) throw signal.reason;
    if (this.pace) await this.pace.take(signal);
    const ticket = this.window.sent();
    try {
      const reply = await this.client.query(fqdn(q.name, this.findings.zone), q.type, signal, q.dnssec ? { dnssec: true } : undefined);
      this.window.ok();
      // the client falls back to HTTP/1.1 for good when HTTP/2 fails before it ever worked
      if (this.spoken !== 'HTTP/2') this.spoken = this.client.protocol;
      return reply;
    } catch (err) {
      if (err instanceof DohError && overloaded(err)) this.window.overloaded(ticket);
      throw err;
    }
  }
}

/** Failures that say the resolver (or the way to it) is overloaded: send fewer at once. */
function overloaded(err: DohError): boolean {
  if (err.kind === 'timeout' || err.kind === 'network') return true;
  const status = err.cause instanceof DohTransportError ? err.cause.status : undefined;
  return err.kind === 'http' && status !== undefined && (status === 429 || status >= 500);
}
