import type { ScanEvent } from '@dnsferry/shared';
import type { Findings } from './findings';
import { apexLines } from './messages';
import {
  apexQueries,
  APEX_TYPES,
  delegationChecks,
  listedQueries,
  listedQueriesDescription,
  MINED_TYPES,
  minedNames,
  tlsaNames,
} from './queries';
import { COMMON_HOSTS } from './name-lists';
import { QueryRunner, type ScanOptions } from './query-runner';

export { SCAN_DEFAULTS, type ScanOptions } from './query-runner';

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

const MINING_ROUNDS = 4;

/**
 * Discovers a public domain's records through a DNS-over-HTTPS resolver and yields progress,
 * findings and one `done` with the records in the canonical model. Stops without `done` when
 * `signal` aborts. Phases: apex + wildcard check; common, mail and service names; delegations and
 * wildcards below the names found; names referenced by the records found (until none are new).
 * TTLs: see ./ttl.ts.
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
      yield done(runner.findings);
      return;
    }
    for (const phase of [listedNames, tlsa, delegations, referencedNames]) {
      yield* phase(runner);
      if (signal.aborted) return;
    }
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
  yield* runner.run(apexQueries());
  if (runner.aborted) return true;
  if (!findings.rrsets.has('@|SOA') && findings.nxdomain('@')) return false;
  for (const message of apexLines(findings)) yield { type: 'info', message };
  return true;
}

/** 2. Common host names, and the mail and service names that break quietly when lost. */
async function* listedNames(runner: QueryRunner): AsyncGenerator<ScanEvent> {
  yield { type: 'progress', message: listedQueriesDescription() };
  yield* runner.run(listedQueries());
}

/** 2b. Where a name is known: HTTPS at www, DANE (TLSA) for the web names and the zone's mail servers. */
async function* tlsa(runner: QueryRunner): AsyncGenerator<ScanEvent> {
  const names = tlsaNames(runner.findings);
  yield { type: 'progress', message: `Looking for HTTPS at www and TLSA at ${names.join(', ')}` };
  yield* runner.run([{ name: 'www', type: 'HTTPS' }, ...names.map((name) => ({ name, type: 'TLSA' as const }))]);
}

/** 3. Below each host name that exists: is it delegated, does it have a wildcard of its own? */
async function* delegations(runner: QueryRunner): AsyncGenerator<ScanEvent> {
  const { findings } = runner;
  const existing = COMMON_HOSTS.filter((n) => findings.exists(n));
  if (existing.length === 0) return;
  yield { type: 'progress', message: `Checking ${existing.length} names found for delegations and for wildcards below them` };
  yield* runner.run(existing.flatMap((n) => delegationChecks(findings, n)));
  for (const cut of findings.cuts.keys()) yield* runner.run([{ name: cut, type: 'NS' }]);
}

/** 4. Names the records point at (SPF, MX, CNAME, SRV, NS targets), until no new ones appear. */
async function* referencedNames(runner: QueryRunner): AsyncGenerator<ScanEvent> {
  for (let round = 0; round < MINING_ROUNDS; round++) {
    const mined = minedNames(runner.findings).filter((n) => MINED_TYPES.some((t) => !runner.wasAsked(n, t)));
    if (mined.length === 0) return;
    yield {
      type: 'progress',
      message: `Following ${mined.length} name${mined.length === 1 ? '' : 's'} referenced by SPF, MX, CNAME, SRV and NS records: ${mined.join(', ')}`,
    };
    yield* runner.run(mined.flatMap((name) => MINED_TYPES.map((type) => ({ name, type }))));
  }
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
  const result = done(findings);
  const names = result.subdomainsFound.length + (result.records.some((r) => r.name === '@') ? 1 : 0);
  yield {
    type: 'progress',
    message: `Scan finished: ${result.total} records on ${names} names, ${runner.sent} queries in ${ms} ms over ${runner.protocol}`,
  };
  stats?.({ queries: runner.sent, ms, protocol: runner.protocol });
  yield result;
}

function done(findings: Findings): Extract<ScanEvent, { type: 'done' }> {
  const records = findings.records();
  const subdomainsFound = [...new Set(records.map((r) => r.name).filter((n) => n !== '@'))].sort();
  return { type: 'done', records, total: records.length, subdomainsFound };
}
