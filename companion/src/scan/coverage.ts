import { fqdn, type ScanCoverage, type ScanMethod, type ScanMethods } from '@dnsferry/shared';
import type { Explorer } from './explorer';
import type { QueryRunner } from './query-runner';
import type { ZoneWalk } from './zone-walk';
import { recogniseHost } from './dns-hosts';

export interface CoverageInput {
  depth: ScanCoverage['depth'];
  runner: QueryRunner;
  walk: ZoneWalk;
  /** The deep scan's explorer, which knows how each name was first asked for. */
  explorer?: Explorer;
  /** Names the quick scan's lists ask for. */
  listed: ReadonlySet<string>;
  /** Names the request gave. */
  given: ReadonlySet<string>;
  /** The names found below the apex (the `done` event's `subdomainsFound`). */
  found: readonly string[];
  /** The zone's apex NS names: who hosts it. */
  nameServers: string[];
}

/**
 * What the scan saw and what it could not: how many names each way found (each name under the way
 * that first asked for it), how the zone is signed and whether its chain was walked, and the names
 * that exist but whose names below stayed unknown.
 */
export function coverageOf(input: CoverageInput): ScanCoverage {
  const { runner, walk, explorer, found } = input;
  const methods: ScanMethods = { guessed: 0, walked: 0, certificates: 0, given: 0, followed: 0 };
  for (const name of found) methods[methodOf(name, input)]++;
  const walked = walk.complete() ? 'complete' : walk.names > 0 ? 'partial' : 'none';
  return {
    depth: input.depth,
    methods,
    signed: walk.signed,
    walk: walked,
    certificateOnly: certificateOnly(input),
    hints: walked === 'complete' ? [] : hints(explorer, found),
    host: recogniseHost(input.nameServers),
    questions: runner.asked,
    maxQuestions: Number.isFinite(runner.maxQuestions) ? runner.maxQuestions : runner.asked,
  };
}

function methodOf(name: string, input: CoverageInput): ScanMethod {
  const origin = input.explorer?.origins.get(name);
  if (origin) return origin;
  if (input.given.has(name)) return 'given';
  // a wildcard is found by guessing names that do not exist
  if (input.listed.has(name) || name === '*' || name.startsWith('*.')) return 'guessed';
  return 'followed';
}

/** Names certificates were issued for that the DNS does not hold (now), as FQDNs: listed, never migrated. */
function certificateOnly(input: CoverageInput): string[] {
  const { explorer, runner } = input;
  if (!explorer) return [];
  const { findings } = runner;
  return explorer.certified
    .filter((name) => !findings.exists(name) && findings.cutAbove(name) === undefined)
    .map((name) => fqdn(name, findings.zone))
    .sort();
}

/** Names that exist only because names exist below them, none of which the scan found. */
function hints(explorer: Explorer | undefined, found: readonly string[]): string[] {
  if (!explorer) return [];
  const out: string[] = [];
  for (const name of explorer.empties.keys()) {
    if (!found.some((f) => f.endsWith(`.${name}`))) out.push(name);
  }
  return out.sort();
}
