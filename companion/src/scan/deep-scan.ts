import { plural, relativeName, type ScanEvent } from '@dnsferry/shared';
import type { DnsReply } from '../dns/message';
import type { Explorer } from './explorer';
import type { FollowUps } from './follow-ups';
import type { Query } from './query';
import type { QueryRunner } from './query-runner';
import { verificationNames } from './deep-lists';
import { wordlist } from './wordlist';
import { certificateNames, type CertificateNames } from './certificates';
import type { ZoneWalk } from './zone-walk';

/** At most this many questions in one deep scan: bounded work for the companion and the resolver. */
export const DEEP_MAX_QUESTIONS = 20_000;
/** A deep scan's time limit: far above what 20,000 questions take at 1,500 a second. */
export const DEEP_BUDGET_MS = 120_000;
/** A progress event after every this many questions settled. */
const PROGRESS_EVERY = 1000;

export interface DeepParts {
  runner: QueryRunner;
  walk: ZoneWalk;
  explorer: Explorer;
  followUps: FollowUps;
  /** The certificate-log search to ask (a deep scan with `ct` not false). */
  certificates?: { url: string; fetch: typeof fetch; deadlineMs?: number };
}

/**
 * After the apex: walk the NSEC chain when there is one to walk (then every name is known, and
 * nothing is guessed), then the names given, the quick scan's lists (already queued by the caller),
 * the public wordlist and the names below the names found, as one stream of questions.
 */
export async function* deepBelowTheApex(parts: DeepParts, given: readonly string[]): AsyncGenerator<ScanEvent> {
  const { runner, walk, explorer } = parts;
  const { zone } = runner.findings;
  let at = 'walking the NSEC chain';
  const after = afterEach(parts, () => at);
  // asked at once, answered whenever it answers (bounded by its own deadline): its names join the
  // questions then, and the scan waits for it only when nothing else is left
  const ct = parts.certificates;
  const certified = ct ? askCertificates(parts, ct) : undefined;
  if (ct) {
    yield {
      type: 'progress',
      message: `Asking the certificate-log search at ${new URL(ct.url).host} for names seen in certificates of ${zone}`,
    };
  }
  if (walk.walkable) {
    yield { type: 'progress', message: `${zone} is signed with NSEC: following its chain of names`, at };
    walk.start();
    yield* runner.run(after);
    if (runner.aborted) return;
    explorer.walkEnded(walk.complete());
    yield {
      type: 'info',
      message: explorer.walkComplete
        ? `The NSEC chain of ${zone} was followed all round: ${plural(walk.names, 'name')}, every one the zone holds, none guessed`
        : `The NSEC chain of ${zone} could not be followed all round (${plural(walk.names, 'name')} read); the rest is guessed`,
    };
    for (const [name, types] of walk.unreadable) {
      yield {
        type: 'info',
        message: `${name} holds ${types.join(', ')}, which a scan does not read: add ${types.length === 1 ? 'it' : 'them'} by hand`,
      };
    }
  } else {
    explorer.walkEnded(false);
  }
  if (walk.minimal) {
    yield {
      type: 'info',
      message: `${zone} is signed by a server that makes up each denial (minimally covering NSEC): its names cannot be walked, only guessed`,
    };
  } else if (!walk.walkable && walk.signed === 'nsec3') {
    yield { type: 'info', message: `${zone} is signed with NSEC3: its names are hashed, so they cannot be walked, only guessed` };
  }
  if (given.length > 0) {
    yield {
      type: 'progress',
      message: `Asking for the ${given.length} name${given.length === 1 ? '' : 's'} given: ${given.slice(0, 20).join(', ')}${given.length > 20 ? ', …' : ''}`,
    };
    explorer.probe(given, 'given', 'first', { direct: true });
  }
  if (!explorer.walkComplete) {
    const list = wordlist();
    yield {
      type: 'progress',
      message: `Guessing ${list.length} names from a public wordlist (subquest's top 5,000, from SecLists), then the names below each name found`,
    };
    explorer.probe(verificationNames(zone.split('.')[0] ?? ''), 'guessed', 'listed');
    explorer.probe(list, 'guessed', 'listed');
  }
  at = 'lists';
  yield* runner.run(after);
  if (certified) {
    at = 'names from certificate logs';
    const result = await certified;
    if (runner.aborted) return;
    yield { type: 'info', message: certificateLine(result, zone) };
    yield* runner.run(after);
  }
  if (runner.full && runner.dropped > 0) {
    yield {
      type: 'info',
      message: `The scan asked its limit of ${runner.maxQuestions} questions; ${runner.dropped} more were not asked, so names below the names found may be missing`,
    };
  }
}

/** Asks the certificate-log search; its names are asked like any candidate, as soon as they arrive. */
function askCertificates(parts: DeepParts, ct: NonNullable<DeepParts['certificates']>): Promise<CertificateNames> {
  const { runner, explorer } = parts;
  const { zone } = runner.findings;
  const relative = (names: string[]) =>
    names.flatMap((n) => {
      const rel = relativeName(n, zone);
      return rel === null || rel === '@' ? [] : [rel];
    });
  const options = { url: ct.url, fetch: ct.fetch, signal: runner.signal, ...(ct.deadlineMs ? { deadlineMs: ct.deadlineMs } : {}) };
  return certificateNames(zone, options).then((result) => {
    explorer.certified.push(...relative(result.names));
    // asked whatever their parents answered: a certificate proves the name existed once
    explorer.probe([...relative(result.names), ...relative(result.wildcards)], 'certificates', 'first', { direct: true });
    return result;
  });
}

function certificateLine(result: CertificateNames, zone: string): string {
  const wildcards = result.wildcards.length ? ` and ${result.wildcards.length} wildcard${result.wildcards.length === 1 ? '' : 's'}` : '';
  const seen = `Certificate logs name ${result.names.length} name${result.names.length === 1 ? '' : 's'} below ${zone}${wildcards}; each was asked in the DNS before it became a record`;
  return result.error ? `${seen}. ${result.error}` : seen;
}

/** What each settled question sets going, in order: follow-ups, the walk, the explorer; and a progress line now and then. */
function afterEach(parts: DeepParts, where: () => string): (q: Query, reply: DnsReply | undefined) => Iterable<ScanEvent> {
  const { runner, walk, explorer, followUps } = parts;
  let settled = 0;
  return function* (q, reply) {
    yield* followUps.after(q);
    walk.after(q, reply);
    explorer.after(q, reply);
    if (++settled % PROGRESS_EVERY !== 0) return;
    const found = foundNames(runner);
    const at =
      where() === 'lists'
        ? runner.listedWaiting > 0
          ? `wordlist, ${runner.listedWaiting} questions to go`
          : 'below the names found'
        : where();
    yield {
      type: 'progress',
      message: `${plural(runner.asked, 'question')} about ${plural(explorer.tried + walk.names, 'name')} so far, ${plural(found, 'name')} found (${at})`,
      tried: explorer.tried + walk.names,
      found,
      questions: runner.asked,
      at,
    };
  };
}

/** Names below the apex that hold records of the zone. */
function foundNames(runner: QueryRunner): number {
  const { findings } = runner;
  const names = new Set<string>();
  for (const set of findings.rrsets.values()) {
    if (set.name !== '@' && findings.belongsToZone(set)) names.add(set.name);
  }
  return names.size;
}
