import type { DnsRecord, ScanEvent } from '@dnsferry/shared';
import type { Findings } from './findings';
import { apexLines } from './messages';
import { apexQueries, APEX_TYPES, listedQueries, listedQueriesDescription, tlsaNames } from './queries';
import { FollowUps } from './follow-ups';
import { edgeAddresses } from './edge-networks';
import { transferFirst } from './transfer-first';
import { QueryRunner, type ScanOptions } from './query-runner';

export { SCAN_DEFAULTS, type ScanOptions } from './query-runner';

export interface ScanInput {
  /** ASCII (punycode), lower case, no trailing dot: what ScanRequestSchema produces. */
  domain: string;
  /** The RFC 8484 resolver (the companion's configured one, never a client's). */
  dohUrl: string;
  /** Ask the domain's own name servers for a zone transfer before guessing names. */
  transfer?: boolean;
}

/** Statistics of the last finished scan, for the bench; not part of the event stream. */
export interface ScanStats {
  queries: number;
  ms: number;
  protocol: string;
}

/**
 * Discovers a public domain's records through a DNS-over-HTTPS resolver and yields progress,
 * findings and one `done` with the records in the canonical model. Stops without `done` when
 * `signal` aborts. Two phases: the apex with a wildcard check (whether the domain exists decides
 * the rest), then everything below it in one stream: common, mail and service names, DANE, and
 * the questions their answers raise (delegations and wildcards below the names found, names the
 * records point at). TTLs: see ./ttl.ts.
 */
export async function* scanDomain(input: ScanInput, options: ScanOptions, stats?: (s: ScanStats) => void): AsyncGenerator<ScanEvent> {
  const { signal } = options;
  const runner = new QueryRunner(input.domain, input.dohUrl, options);
  const resolver = new URL(input.dohUrl).host;
  const started = performance.now();
  try {
    const exists = yield* apex(runner, resolver);
    if (signal.aborted) return;
    if (!exists) {
      yield { type: 'error', message: `${input.domain} does not exist in the DNS (the resolver answered NXDOMAIN)` };
      yield done(runner.findings.records());
      return;
    }
    if (input.transfer && options.transfer) {
      const whole = yield* transferFirst(
        input.domain,
        apexNameServers(runner.findings),
        { lookup: (host, s) => runner.addresses(host, s), override: options.transfer.override, limits: options.transfer },
        signal,
      );
      if (signal.aborted) return;
      if (whole) {
        const result = done(whole);
        yield { type: 'progress', message: `Scan finished: ${result.total} records of ${input.domain}, by zone transfer` };
        for (const e of result.edge ?? []) yield { type: 'info', message: e.message };
        yield result;
        return;
      }
    }
    yield* belowTheApex(runner);
    if (signal.aborted) return;
    yield* closing(runner, resolver, started, stats);
  } finally {
    runner.close();
  }
}

/** 1. The apex, and whether there is a wildcard below it; returns false when the domain does not exist (NXDOMAIN, no SOA). */
async function* apex(runner: QueryRunner, resolver: string): AsyncGenerator<ScanEvent, boolean> {
  const { findings } = runner;
  yield {
    type: 'progress',
    message: `Querying the apex of ${findings.zone} (${APEX_TYPES.join(', ')}) and checking for a wildcard, through ${resolver}`,
  };
  runner.enqueue(apexQueries());
  yield* runner.run();
  if (runner.aborted) return true;
  if (!findings.rrsets.has('@|SOA') && findings.nxdomain('@')) return false;
  for (const message of apexLines(findings)) yield { type: 'info', message };
  return true;
}

/**
 * 2. Below the apex, as one stream of questions: the common host names and the mail and service
 * names; HTTPS at www and DANE (TLSA) for the web names and the zone's mail servers; and what the
 * answers raise (./follow-ups.ts), asked as soon as each answer is in.
 */
async function* belowTheApex(runner: QueryRunner): AsyncGenerator<ScanEvent> {
  yield { type: 'progress', message: listedQueriesDescription() };
  runner.enqueue(listedQueries());
  const tlsa = tlsaNames(runner.findings);
  yield { type: 'progress', message: `Looking for HTTPS at www and TLSA at ${tlsa.join(', ')}` };
  runner.enqueue([{ name: 'www', type: 'HTTPS' }, ...tlsa.map((name) => ({ name, type: 'TLSA' as const }))]);
  const followUps = new FollowUps(runner);
  yield* followUps.start();
  yield* runner.run((q) => followUps.after(q));
}

/** The failures in all, the time limit if it struck, and the summary before `done`. */
async function* closing(runner: QueryRunner, resolver: string, started: number, stats?: (s: ScanStats) => void): AsyncGenerator<ScanEvent> {
  const { findings, failures } = runner;
  for (const message of failures.summary()) yield { type: 'info', message };
  if (runner.overBudget) {
    yield {
      type: 'info',
      message: `The scan stopped at its time limit of ${runner.budgetMs} ms: ${runner.unasked} queries were not made or not answered; the records found until then are listed`,
    };
  }
  if (runner.usable === 0) {
    yield { type: 'error', message: `The DoH resolver ${resolver} gave no usable answer${failures.first ? ` (${failures.first})` : ''}` };
  }
  const ms = Math.round(performance.now() - started);
  const result = done(findings.records());
  const names = result.subdomainsFound.length + (result.records.some((r) => r.name === '@') ? 1 : 0);
  yield {
    type: 'progress',
    message: `Scan finished: ${result.total} records on ${names} names, ${runner.sent} queries in ${ms} ms over ${runner.protocol}`,
  };
  stats?.({ queries: runner.sent, ms, protocol: runner.protocol });
  for (const e of result.edge ?? []) yield { type: 'info', message: e.message };
  yield result;
}

/** The apex NS host names the scan saw. */
function apexNameServers(findings: Findings): string[] {
  const set = findings.rrsets.get('@|NS');
  return set ? [...set.answers.values()].flatMap((a) => (a.type === 'NS' && a.record ? [a.record.content.toLowerCase()] : [])) : [];
}

function done(found: DnsRecord[]): Extract<ScanEvent, { type: 'done' }> {
  const { records, edge } = edgeAddresses(found);
  const subdomainsFound = [...new Set(records.map((r) => r.name).filter((n) => n !== '@'))].sort();
  return { type: 'done', records, total: records.length, subdomainsFound, ...(edge.length ? { edge } : {}) };
}
