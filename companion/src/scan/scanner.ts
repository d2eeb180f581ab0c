import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { fqdn, relativeName, type ScanEvent } from '@dnsferry/shared';
import { createDohClient, DohError, type DohClientOptions } from './doh-client';
import { Findings, type RRset } from './findings';
import { referencedNames } from './mining';
import { COMMON_HOSTS, DKIM_SELECTORS, SRV_SERVICES, TXT_NAMES } from './name-lists';
import { pool } from './pool';
import { describeData } from './presentation';
import { FailureLog } from './failure-log';
import { DohTransportError } from './transports';
import type { QueryType } from './wire';
import { AimdWindow, type WindowLimits } from './window';

export interface ScanOptions {
  signal: AbortSignal;
  /** Queries in flight at once, fixed; without it the number adapts to the resolver (see ./window.ts). */
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
}

/**
 * In flight: one HTTP/2 connection carries 64 queries from the start and up to 100 (the number of
 * streams servers commonly allow at once); over HTTP/1.1 each query in flight is a connection of
 * its own, so 16. Until the first answer shows which one the resolver speaks, 24: the apex phase
 * (17 queries) goes out in one round trip, and a resolver without HTTP/2 gets a bounded burst.
 */
const HTTP2_WINDOW: WindowLimits = { initial: 64, min: 2, max: 100 };
const HTTP1_MAX_IN_FLIGHT = 16;
const FIRST_FLIGHT = 24;

export const SCAN_DEFAULTS = {
  window: HTTP2_WINDOW,
  http1MaxInFlight: HTTP1_MAX_IN_FLIGHT,
  timeoutMs: 3000,
  budgetMs: 20_000,
  retries: 1,
} as const;

export interface ScanInput {
  /** ASCII (punycode), lower case, no trailing dot: what ScanRequestSchema produces. */
  domain: string;
  /** The RFC 8484 resolver (the companion's configured one, never a client's). */
  dohUrl: string;
}

/** Statistics of the last finished scan, for the bench; not part of the event stream. */
export interface ScanStats {
  queries: number;
  ms: number;
  protocol: string;
}

const APEX_TYPES: QueryType[] = ['SOA', 'NS', 'A', 'AAAA', 'MX', 'TXT', 'CAA', 'HTTPS'];
const WILDCARD_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME', 'TXT', 'MX'];
const HOST_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME'];
const MINED_TYPES: QueryType[] = ['A', 'AAAA', 'CNAME', 'TXT'];
const MINING_ROUNDS = 4;

type Query = { name: string; type: QueryType; wildcardOf?: string };

class BudgetExceeded extends Error {}

/**
 * Discovers a public domain's records through a DNS-over-HTTPS resolver and yields progress,
 * findings and one `done` with the records in the canonical model. Stops without `done` when
 * `signal` aborts. Phases: apex + wildcard check; common, mail and service names; delegations and
 * wildcards below the names found; names referenced by the records found (until none are new).
 * TTLs: see ./ttl.ts.
 */
export async function* scanDomain(input: ScanInput, options: ScanOptions, stats?: (s: ScanStats) => void): AsyncGenerator<ScanEvent> {
  const { signal } = options;
  const zone = input.domain;
  const fixed = options.concurrency;
  const window = new AimdWindow(fixed !== undefined ? { initial: fixed, min: fixed, max: fixed } : HTTP2_WINDOW);
  const budgetMs = options.budgetMs ?? SCAN_DEFAULTS.budgetMs;
  const client = createDohClient(input.dohUrl, {
    timeoutMs: options.timeoutMs ?? SCAN_DEFAULTS.timeoutMs,
    retries: options.retries ?? SCAN_DEFAULTS.retries,
    ...(options.protocol ? { protocol: options.protocol } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.proxy ? { proxy: options.proxy } : {}),
  });
  // Every query listens to this one: the client going away, or the scan's time limit.
  const stop = new AbortController();
  let overBudget = false;
  const timer = setTimeout(() => {
    overBudget = true;
    stop.abort(new BudgetExceeded());
  }, budgetMs);
  const onAbort = () => stop.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const querySignal = stop.signal;
  // one listener per query in flight (its attempt links its own timeout to this signal)
  setMaxListeners(Math.max(fixed ?? 0, HTTP2_WINDOW.max) + 10, querySignal);
  /** What the resolver speaks, once an answer told. */
  let spoken: string | undefined;
  const findings = new Findings(zone);
  const failures = new FailureLog(zone);
  const asked = new Set<string>();
  const started = performance.now();
  let usable = 0;
  let unasked = 0;
  const resolver = new URL(input.dohUrl).host;

  /** Runs the queries not asked yet; yields an info event per new finding and per failure. */
  async function* run(queries: Query[]): AsyncGenerator<ScanEvent> {
    const fresh = queries.filter((q) => {
      const key = `${q.name}|${q.type}`;
      if (asked.has(key)) return false;
      asked.add(key);
      return true;
    });
    const inFlight = () => {
      if (fixed !== undefined || spoken === 'HTTP/2') return window.size;
      return Math.min(window.size, spoken === undefined ? FIRST_FLIGHT : HTTP1_MAX_IN_FLIGHT);
    };
    const outcomes = pool(fresh, inFlight, async (q) => {
      if (querySignal.aborted) throw querySignal.reason;
      const ticket = window.sent();
      try {
        const reply = await client.query(fqdn(q.name, zone), q.type, querySignal);
        window.answered();
        // the client falls back to HTTP/1.1 for good when HTTP/2 fails before it ever worked
        if (spoken !== 'HTTP/2') spoken = client.protocol;
        return reply;
      } catch (err) {
        if (err instanceof DohError && overloaded(err)) window.failed(ticket);
        throw err;
      }
    });
    for await (const outcome of outcomes) {
      if (signal.aborted) return;
      const q = outcome.item;
      if (!outcome.ok) {
        if (outcome.error instanceof BudgetExceeded) unasked++;
        else if (outcome.error instanceof DohError) {
          const line = failures.add(q.name, q.type, outcome.error.message, outcome.error.kind);
          if (line) yield { type: 'info', message: line };
        } else throw outcome.error;
        continue;
      }
      const reply = outcome.value;
      if (reply.rcode !== 'NOERROR' && reply.rcode !== 'NXDOMAIN') {
        const line = failures.add(q.name, q.type, `the resolver answered ${reply.rcode}`, reply.rcode);
        if (line) yield { type: 'info', message: line };
        continue;
      }
      usable++;
      const created =
        q.wildcardOf !== undefined
          ? findings.absorbWildcardProbe(q.wildcardOf, q.name, q.type, reply)
          : findings.absorb(q.name, q.type, reply);
      for (const set of created) {
        if (set.name.startsWith('*'))
          yield { type: 'info', message: `wildcard ${describeSet(set)}: names that only answer with it are not listed` };
        else if (set.name !== '@' && findings.belongsToZone(set)) yield { type: 'info', message: `found ${describeSet(set)}` };
        else if (findings.isGlue(set)) {
          yield {
            type: 'info',
            message: `glue ${describeSet(set)}: an address of a delegated zone's server, kept by that zone, so not listed`,
          };
        }
      }
    }
  }

  try {
    // 1. The apex, and random names below it: whatever answers those is a wildcard.
    yield {
      type: 'progress',
      message: `Querying the apex of ${zone} (${APEX_TYPES.join(', ')}) and checking for a wildcard, through ${resolver}`,
    };
    yield* run([...APEX_TYPES.map((type) => ({ name: '@', type })), ...wildcardProbes('@', 2)]);
    if (signal.aborted) return;
    const apexSoa = findings.rrsets.get('@|SOA');
    if (!apexSoa && findings.nxdomain('@')) {
      yield { type: 'error', message: `${zone} does not exist in the DNS (the resolver answered NXDOMAIN)` };
      yield done(findings);
      return;
    }
    for (const message of apexInfo(findings)) yield { type: 'info', message };

    // 2. Common host names, and the mail and service names that break quietly when lost.
    const serviceNames = [
      ...TXT_NAMES.flatMap((name) => (['TXT', 'CNAME'] as const).map((type) => ({ name, type }))),
      ...DKIM_SELECTORS.flatMap((s) => (['TXT', 'CNAME'] as const).map((type) => ({ name: `${s}._domainkey`, type }))),
      ...SRV_SERVICES.map((name) => ({ name, type: 'SRV' as const })),
    ];
    yield {
      type: 'progress',
      message: `Probing ${COMMON_HOSTS.length} common names (A, AAAA, CNAME) and ${TXT_NAMES.length + DKIM_SELECTORS.length + SRV_SERVICES.length} mail and service names (DMARC, MTA-STS, TLS reporting, DKIM selectors, SRV services)`,
    };
    yield* run([...COMMON_HOSTS.flatMap((name) => HOST_TYPES.map((type) => ({ name, type }))), ...serviceNames]);
    if (signal.aborted) return;

    // 2b. Where a name is known: HTTPS at www, DANE (TLSA) for the web names and the zone's mail servers.
    const daneQueries = tlsaNames(findings, zone).map((name) => ({ name, type: 'TLSA' as const }));
    yield { type: 'progress', message: `Looking for HTTPS at www and TLSA at ${daneQueries.map((q) => q.name).join(', ')}` };
    yield* run([{ name: 'www', type: 'HTTPS' }, ...daneQueries]);
    if (signal.aborted) return;

    // 3. Below each host name that exists: is it delegated, does it have a wildcard of its own?
    const existing = COMMON_HOSTS.filter((n) => findings.exists(n));
    if (existing.length > 0) {
      yield { type: 'progress', message: `Checking ${existing.length} names found for delegations and for wildcards below them` };
      yield* run(existing.flatMap((n) => [{ name: n, type: 'NS' as const }, ...(findings.cutAbove(n) ? [] : wildcardProbes(n, 1))]));
      for (const cut of findings.cuts.keys()) yield* run([{ name: cut, type: 'NS' }]);
      if (signal.aborted) return;
    }

    // 4. Names the records point at (SPF, MX, CNAME, SRV, NS targets), until no new ones appear.
    for (let round = 0; round < MINING_ROUNDS; round++) {
      const mined = minedNames(findings).filter((n) => MINED_TYPES.some((t) => !asked.has(`${n}|${t}`)));
      if (mined.length === 0) break;
      yield {
        type: 'progress',
        message: `Following ${mined.length} name${mined.length === 1 ? '' : 's'} referenced by SPF, MX, CNAME, SRV and NS records: ${mined.join(', ')}`,
      };
      yield* run(mined.flatMap((name) => MINED_TYPES.map((type) => ({ name, type }))));
      if (signal.aborted) return;
    }

    for (const message of failures.summary()) yield { type: 'info', message };
    if (overBudget) {
      yield {
        type: 'info',
        message: `The scan stopped at its time limit of ${budgetMs} ms: ${unasked} queries were not made or not answered; the records found until then are listed`,
      };
    }
    if (usable === 0) {
      yield { type: 'error', message: `The DoH resolver ${resolver} gave no usable answer${failures.first ? ` (${failures.first})` : ''}` };
    }
    const ms = Math.round(performance.now() - started);
    const result = done(findings);
    yield {
      type: 'progress',
      message: `Scan finished: ${result.total} records on ${result.subdomainsFound.length + (result.records.some((r) => r.name === '@') ? 1 : 0)} names, ${client.sent} queries in ${ms} ms over ${client.protocol}`,
    };
    stats?.({ queries: client.sent, ms, protocol: client.protocol });
    yield result;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    client.close();
  }
}

/** TLSA names worth asking: HTTPS on the apex and www, SMTP on each mail server inside the zone. */
function tlsaNames(findings: Findings, zone: string): string[] {
  const mx = [...(findings.rrsets.get('@|MX')?.answers.values() ?? [])].flatMap((a) =>
    a.type === 'MX' ? [relativeName(a.data.exchange, zone)] : [],
  );
  const mailHosts = mx.filter((n): n is string => n !== null && n !== '@');
  return ['_443._tcp', '_443._tcp.www', ...[...new Set(mailHosts)].map((h) => `_25._tcp.${h}`)];
}

/** Failures that say the resolver (or the way to it) is overloaded: send fewer at once. */
function overloaded(err: DohError): boolean {
  if (err.kind === 'timeout' || err.kind === 'network') return true;
  const status = err.cause instanceof DohTransportError ? err.cause.status : undefined;
  return err.kind === 'http' && status !== undefined && (status === 429 || status >= 500);
}

function done(findings: Findings): Extract<ScanEvent, { type: 'done' }> {
  const records = findings.records();
  const subdomainsFound = [...new Set(records.map((r) => r.name).filter((n) => n !== '@'))].sort();
  return { type: 'done', records, total: records.length, subdomainsFound };
}

/** Queries for random labels below `parent`, for each type a wildcard may have. */
function wildcardProbes(parent: string, count: number): Query[] {
  const out: Query[] = [];
  for (let i = 0; i < count; i++) {
    const label = `dnsferry-${randomBytes(6).toString('hex')}`;
    const name = parent === '@' ? label : `${label}.${parent}`;
    for (const type of WILDCARD_TYPES) out.push({ name, type, wildcardOf: parent });
  }
  return out;
}

/** In-zone names referenced by the zone's records, except those below a delegation. */
function minedNames(findings: Findings): string[] {
  const names = new Set<string>();
  for (const set of findings.rrsets.values()) {
    // the apex NS set is not listed, but its in-zone servers need their addresses
    if (!(set.name === '@' && set.type === 'NS') && !findings.belongsToZone(set)) continue;
    for (const a of set.answers.values()) {
      for (const n of referencedNames(a, findings.zone)) {
        if (!n.startsWith('*') && findings.cutAbove(n) === undefined) names.add(n);
      }
    }
  }
  return [...names].sort();
}

function apexInfo(findings: Findings): string[] {
  const lines: string[] = [];
  for (const type of ['A', 'AAAA', 'MX', 'TXT', 'CAA']) {
    const set = findings.rrsets.get(`@|${type}`);
    if (set) lines.push(`apex ${describeSet(set)}`);
  }
  const soa = findings.rrsets.get('@|SOA');
  if (soa) lines.push(`apex ${describeSet(soa)} (for information: the target keeps its own SOA)`);
  const ns = findings.rrsets.get('@|NS');
  if (ns) lines.push(`apex ${describeSet(ns)} (for information: the target assigns its own name servers)`);
  if (!soa) lines.push(`no SOA at ${findings.zone}: it may not be a zone apex`);
  return lines;
}

/** `www CNAME dnsferry.test`, `apex A 192.0.2.1, 192.0.2.2`. */
function describeSet(set: RRset): string {
  const data = [...set.answers.values()].map(describeData).join(', ');
  const text = `${set.name === '@' ? '' : `${set.name} `}${set.type} ${data}`;
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}
