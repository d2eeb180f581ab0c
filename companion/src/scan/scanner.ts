import { plural, type DnsRecord, type ScanCoverage, type ScanDepth, type ScanEvent } from '@dnsferry/shared';
import type { Findings } from './findings';
import { apexLines } from './messages';
import { apexQueries, APEX_TYPES, givenQueries, listedQueries, listedQueriesDescription, tlsaNames } from './queries';
import { FollowUps } from './follow-ups';
import { edgeAddresses } from './edge-networks';
import { transferFirst } from './transfer-first';
import { QueryRunner, type ScanOptions } from './query-runner';
import { ZoneWalk } from './zone-walk';
import { Explorer } from './explorer';
import { coverageOf } from './coverage';
import { DEEP_BUDGET_MS, DEEP_MAX_QUESTIONS, deepBelowTheApex } from './deep-scan';
import type { DnsReply } from '../dns/message';
import type { Query } from './query';

export { SCAN_DEFAULTS, type ScanOptions } from './query-runner';

export interface ScanInput {
  /** ASCII (punycode), lower case, no trailing dot: what ScanRequestSchema produces. */
  domain: string;
  /** The RFC 8484 resolver (the companion's configured one, never a client's). */
  dohUrl: string;
  /** Ask the domain's own name servers for a zone transfer before guessing names. */
  transfer?: boolean;
  /** `quick` (the default): the apex and the common names; `deep`: see ./deep-scan.ts. */
  depth?: ScanDepth;
  /** Names to ask for besides the guesses, relative to the domain (ScanRequestSchema makes them so). */
  names?: readonly string[];
  /** A deep scan asks the certificate-log search (`options.certificates`) unless this is false. */
  ct?: boolean;
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
  const deep = input.depth === 'deep';
  const runner = new QueryRunner(
    input.domain,
    input.dohUrl,
    deep ? { ...options, maxQuestions: options.maxQuestions ?? DEEP_MAX_QUESTIONS, budgetMs: options.budgetMs ?? DEEP_BUDGET_MS } : options,
  );
  const resolver = new URL(input.dohUrl).host;
  const started = performance.now();
  const explorer = new Explorer(runner);
  const walk = new ZoneWalk(runner, explorer);
  const given = input.names ?? [];
  try {
    const exists = yield* apex(runner, resolver, walk, deep);
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
        yield { type: 'progress', message: `Scan finished: ${plural(result.total, 'record')} of ${input.domain}, by zone transfer` };
        for (const e of result.edge ?? []) yield { type: 'info', message: e.message };
        yield result;
        return;
      }
    }
    const followUps = new FollowUps(runner);
    yield* belowTheApex(runner, followUps, deep ? [] : given);
    const certificates = deep && input.ct !== false ? options.certificates : undefined;
    if (deep) yield* deepBelowTheApex({ runner, walk, explorer, followUps, ...(certificates ? { certificates } : {}) }, given);
    else yield* runner.run((q) => followUps.after(q));
    if (signal.aborted) return;
    const coverage = (found: string[]): ScanCoverage =>
      coverageOf({
        depth: deep ? 'deep' : 'quick',
        runner,
        walk,
        listed: listedNames(runner),
        given: new Set(given),
        found,
        nameServers: apexNameServers(runner.findings),
        ...(deep ? { explorer } : {}),
      });
    yield* closing(runner, resolver, started, coverage, stats);
  } finally {
    runner.close();
  }
}

/**
 * 1. The apex, whether there is a wildcard below it, and how the zone is signed; returns false when
 * the domain does not exist (NXDOMAIN, no SOA). A deep scan asks with the DO bit, so answers carry
 * their NSEC records (Compact Denial's NXNAME among them).
 */
async function* apex(runner: QueryRunner, resolver: string, walk: ZoneWalk, deep: boolean): AsyncGenerator<ScanEvent, boolean> {
  const { findings } = runner;
  yield {
    type: 'progress',
    message: `Querying the apex of ${findings.zone} (${APEX_TYPES.join(', ')}), checking for a wildcard and for DNSSEC, through ${resolver}`,
  };
  runner.enqueue([...apexQueries().map((q) => (deep ? { ...q, dnssec: true } : q)), ...ZoneWalk.apexQueries()]);
  yield* runner.run((q: Query, reply: DnsReply | undefined) => {
    walk.after(q, reply);
    return [];
  });
  if (runner.aborted) return true;
  if (!findings.rrsets.has('@|SOA') && findings.nxdomain('@')) return false;
  for (const message of apexLines(findings)) yield { type: 'info', message };
  if (deep) findings.nodataProvesNothing = deniesWithNodata(findings);
  return true;
}

/**
 * Whether the random names below the apex got NODATA without a wildcard: the zone's server denies
 * names that way (an online signer answering without its NSEC), so NODATA proves nothing.
 */
function deniesWithNodata(findings: Findings): boolean {
  return findings.wildcards.size === 0 && findings.nodataProbes > 0;
}

/**
 * 2. Below the apex, queued to be asked as one stream of questions: the names given, the common
 * host names and the mail and service names; HTTPS at www and DANE (TLSA) for the web names and the
 * zone's mail servers; and what the answers raise (./follow-ups.ts), asked as soon as each answer is in.
 */
async function* belowTheApex(runner: QueryRunner, followUps: FollowUps, given: readonly string[]): AsyncGenerator<ScanEvent> {
  if (given.length > 0) {
    yield { type: 'progress', message: `Asking for the ${given.length} name${given.length === 1 ? '' : 's'} given` };
    runner.enqueue(givenQueries(given));
  }
  yield { type: 'progress', message: listedQueriesDescription() };
  runner.enqueue(listedQueries());
  const tlsa = tlsaNames(runner.findings);
  yield { type: 'progress', message: `Looking for HTTPS at www and TLSA at ${tlsa.join(', ')}` };
  runner.enqueue([{ name: 'www', type: 'HTTPS' }, ...tlsa.map((name) => ({ name, type: 'TLSA' as const }))]);
  yield* followUps.start();
}

/** The names the quick scan's lists ask about (for the coverage: those were guessed). */
function listedNames(runner: QueryRunner): Set<string> {
  return new Set([...listedQueries(), ...tlsaNames(runner.findings).map((name) => ({ name }))].map((q) => q.name));
}

/** The failures in all, the time limit if it struck, and the summary before `done`. */
async function* closing(
  runner: QueryRunner,
  resolver: string,
  started: number,
  coverage: (found: string[]) => ScanCoverage,
  stats?: (s: ScanStats) => void,
): AsyncGenerator<ScanEvent> {
  const { findings, failures } = runner;
  for (const message of failures.summary()) yield { type: 'info', message };
  if (runner.overBudget) {
    yield {
      type: 'info',
      message: `The scan stopped at its time limit of ${runner.budgetMs} ms: ${plural(runner.unasked, 'query', 'queries')} ${runner.unasked === 1 ? 'was' : 'were'} not made or not answered; the records found until then are listed`,
    };
  }
  if (runner.usable === 0) {
    yield { type: 'error', message: `The DoH resolver ${resolver} gave no usable answer${failures.first ? ` (${failures.first})` : ''}` };
  }
  const ms = Math.round(performance.now() - started);
  const result = done(findings.records());
  // without one answer there is nothing to say about what was seen
  if (runner.usable > 0) result.coverage = coverage(result.subdomainsFound);
  const names = result.subdomainsFound.length + (result.records.some((r) => r.name === '@') ? 1 : 0);
  yield {
    type: 'progress',
    message: `Scan finished: ${plural(result.total, 'record')} on ${plural(names, 'name')}, ${plural(runner.sent, 'query', 'queries')} in ${ms} ms over ${runner.protocol}`,
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
