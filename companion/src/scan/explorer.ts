import type { ScanMethod } from '@dnsferry/shared';
import { ancestors } from './findings';
import type { QueryRunner } from './query-runner';
import type { Lane } from './query-queue';
import type { Query, QueryType } from './query';
import type { DnsReply } from '../dns/message';
import { wildcardProbes } from './queries';
import { belowEmpty, belowFound, DANE_PORTS, DEEP_DKIM_SELECTORS, servicesBelow, twoBelowFound } from './deep-lists';

/** Types asked at a host name once it is known to exist (its A, or its CNAME, came with the first question). */
const HOST_TYPES: QueryType[] = ['A', 'AAAA', 'MX', 'TXT', 'CAA', 'HTTPS', 'NS'];
/** How far below a name found by a list (or given, or followed) the deep scan guesses. */
const MAX_LEVEL = 2;

interface Candidate {
  level: number;
  stage: 'probing' | 'expanding' | 'done';
  /** Walked names: their types are known exactly, and nothing is guessed below them once the walk is complete. */
  exact: boolean;
}

/**
 * The deep scan's way down the zone, driven by the answers (discovery.md §1, §4):
 * - one question per candidate decides whether it exists (A, or TXT for a `_` name); an NXDOMAIN
 *   cuts off every candidate below it (RFC 8020), so names below are only asked once their parent
 *   is known to exist;
 * - a name that exists gets its other types, and the delegation and wildcard checks;
 * - then the scan goes below it: with the list that fits a name that exists only because names
 *   exist below it (`_domainkey` → DKIM selectors, `_tcp` → services, any other → common labels),
 *   and with common labels one or two levels below every name found.
 * Each name is remembered with the way that first asked for it, for the scan's coverage.
 */
export class Explorer {
  /** Name → the way that first asked about it. */
  readonly origins = new Map<string, ScanMethod>();
  /** Names that exist with no records of their own, and the children asked below them. */
  readonly empties = new Map<string, string[]>();
  /** Candidates asked about (the existence questions). */
  tried = 0;
  /** Names seen in certificate logs, asked like any candidate (relative). */
  readonly certified: string[] = [];
  private readonly candidates = new Map<string, Candidate>();
  /** Names waiting for their parent's answer: parent → names. */
  private readonly waiting = new Map<string, { names: string[]; method: ScanMethod; level: number }>();
  /** Set once an NSEC walk went all round: every name is known, nothing is left to guess. */
  walkComplete = false;
  /** Until the walk ends (or is known not to start), whether to guess below the names found is not known: they wait here. */
  private walking = true;
  private readonly parked: string[] = [];
  /** Names whose wildcard was asked for (random names below them) → how many of those questions are still out. */
  private readonly wildcardsOut = new Map<string, number>();
  /** Name → the names waiting for its wildcard questions to settle. */
  private readonly wildcardWaiters = new Map<string, Set<string>>();
  /** Name → how many names' wildcard questions it still waits for. */
  private readonly waitsFor = new Map<string, number>();
  private readonly descended = new Set<string>();

  constructor(private readonly runner: QueryRunner) {}

  /**
   * Candidates to ask about. A name below another is asked once that one is known to exist (the
   * other is asked first when it is not a candidate yet); `direct` asks at once whatever the parent
   * says (names given: the user knows they exist, and some servers deny empty non-terminals).
   */
  probe(names: readonly string[], method: ScanMethod, lane: Lane, options: { level?: number; direct?: boolean } = {}): void {
    const level = options.level ?? 0;
    for (const name of names) {
      if (this.candidates.has(name)) continue;
      const parent = ancestors(name)[0] ?? '@';
      const { findings } = this.runner;
      if (!options.direct && parent !== '@') {
        // RFC 8020: nothing exists below a name that does not
        if (ancestors(name).some((a) => findings.nxdomain(a))) continue;
        const stage = this.candidates.get(parent)?.stage;
        if (stage === 'done' && !findings.exists(parent)) continue;
        // asked once the parent is done: its wildcard known, so a wildcard's answer is not taken for a name
        if (stage !== 'done') {
          const wait = this.waiting.get(parent) ?? { names: [], method, level };
          wait.names.push(name);
          this.waiting.set(parent, wait);
          if (stage === undefined) this.probe([parent], method, lane, { level });
          continue;
        }
      }
      if (findings.cutAbove(name) !== undefined && findings.cutAbove(name) !== name) continue;
      this.origins.set(name, this.origins.get(name) ?? method);
      this.candidates.set(name, { level, stage: 'probing', exact: false });
      this.tried++;
      const fresh = this.runner.enqueue([{ name, type: existenceType(name), dnssec: true }], lane);
      if (fresh.length === 0 && this.runner.unsettled(name) === 0) this.evaluate(name);
    }
  }

  /** A name read from the zone's NSEC chain, with the types its NSEC lists. */
  walked(name: string, types: QueryType[]): void {
    this.origins.set(name, this.origins.get(name) ?? 'walked');
    const known = this.candidates.get(name);
    if (known?.exact) return;
    this.candidates.set(name, { level: 0, stage: 'expanding', exact: true });
    this.runner.enqueue(
      types.map((type) => ({ name, type, dnssec: true })),
      'first',
    );
    if (this.runner.unsettled(name) === 0) this.evaluate(name);
  }

  /** The walk ended: below its names, nothing is guessed if it went all round; otherwise as below any name found. */
  walkEnded(complete: boolean): void {
    this.walking = false;
    this.walkComplete = complete;
    const parked = this.parked.splice(0);
    if (complete) return;
    for (const name of parked) {
      const c = this.candidates.get(name);
      if (c) this.descend(name, c);
    }
    // names read while the apex was asked, settled before anyone looked
    for (const [name, c] of this.candidates) if (c.stage !== 'done' && this.runner.unsettled(name) === 0) this.evaluate(name);
  }

  /**
   * After each settled question: a name whose questions have all settled moves on. A candidate whose
   * first question got no answer (SERVFAIL: often a CNAME whose target does not resolve, which the
   * resolver chased) is asked for its CNAME, which is not chased.
   */
  after(q: Query, reply: DnsReply | undefined): void {
    if (q.wildcardOf !== undefined) {
      this.wildcardSettled(q.wildcardOf);
      return;
    }
    const c = this.candidates.get(q.name);
    if (
      c?.stage === 'probing' &&
      q.type !== 'CNAME' &&
      (reply === undefined || (reply.rcode !== 'NOERROR' && reply.rcode !== 'NXDOMAIN'))
    ) {
      this.runner.enqueue([{ name: q.name, type: 'CNAME', dnssec: true }], 'first');
    }
    if (this.runner.unsettled(q.name) > 0) return;
    this.evaluate(q.name);
  }

  private evaluate(name: string): void {
    const { findings } = this.runner;
    let c = this.candidates.get(name);
    if (c === undefined) {
      // asked by the quick scan's lists or followed from a record: taken on once it exists
      if (name === '@' || !findings.exists(name)) return;
      c = { level: 0, stage: 'probing', exact: false };
      this.candidates.set(name, c);
    }
    if (c.stage === 'probing') {
      if (!findings.exists(name)) {
        c.stage = 'done';
        this.release(name, false);
        return;
      }
      c.stage = 'expanding';
      const waits = this.askWildcards(name, !(underscored(name) && findings.hasRecords(name)));
      if (this.expand(name) > 0 || waits) return;
    }
    if (c.stage === 'expanding' && this.runner.unsettled(name) === 0 && !this.waitsFor.has(name)) {
      c.stage = 'done';
      this.release(name, findings.exists(name));
      // while the chain is walked, whether anything is left to guess is not known yet
      if (this.walking) this.parked.push(name);
      else if (!this.walkComplete) this.descend(name, c);
    }
  }

  /**
   * A name's answers are its own only once the wildcards above it are known, and names below it
   * are guessed only once its own wildcard is known: otherwise a wildcard's answer to a guessed
   * name (`_acme-challenge.a.x` below `*.a.x`) is taken for a record. Asks for the wildcards not
   * asked yet (at the name itself when `self`, and at each name above it; the apex's was asked
   * first of all); returns whether `name` waits for some of them to settle.
   */
  private askWildcards(name: string, self: boolean): boolean {
    const { findings } = this.runner;
    const at = ancestors(name).filter((a) => a !== '@');
    if (self) at.unshift(name);
    let waits = false;
    for (const parent of at) {
      if (findings.cutAbove(parent) !== undefined) continue;
      let out = this.wildcardsOut.get(parent);
      if (out === undefined) {
        out = this.runner.enqueue(
          wildcardProbes(parent, 1).map((q) => ({ ...q, dnssec: true })),
          'first',
        ).length;
        this.wildcardsOut.set(parent, out);
      }
      if (out === 0) continue;
      const waiters = this.wildcardWaiters.get(parent) ?? new Set<string>();
      this.wildcardWaiters.set(parent, waiters);
      if (waiters.has(name)) continue;
      waiters.add(name);
      this.waitsFor.set(name, (this.waitsFor.get(name) ?? 0) + 1);
      waits = true;
    }
    return waits || this.waitsFor.has(name);
  }

  /** One question about a wildcard below `parent` settled: once all have, the names waiting for them go on. */
  private wildcardSettled(parent: string): void {
    const out = this.wildcardsOut.get(parent);
    if (out === undefined || out === 0) return;
    this.wildcardsOut.set(parent, out - 1);
    if (out > 1) return;
    const waiters = this.wildcardWaiters.get(parent) ?? new Set<string>();
    this.wildcardWaiters.delete(parent);
    for (const name of waiters) {
      const left = (this.waitsFor.get(name) ?? 1) - 1;
      if (left > 0) {
        this.waitsFor.set(name, left);
        continue;
      }
      this.waitsFor.delete(name);
      const c = this.candidates.get(name);
      if (c?.stage === 'expanding') this.evaluate(name);
      else if (c?.stage === 'done') this.descend(name, c);
    }
  }

  /** The other types of a name that exists (its wildcard is asked by askWildcards); returns how many were queued. */
  private expand(name: string): number {
    const { findings } = this.runner;
    if (findings.rrsets.has(`${name}|CNAME`)) return 0; // a CNAME stands alone at its name
    const first = name.split('.')[0] ?? '';
    const second = name.split('.')[1];
    const queries: Query[] = [];
    if (underscored(name)) {
      queries.push({ name, type: 'TXT', dnssec: true });
      if (second === '_tcp' || second === '_udp' || second === '_tls') queries.push({ name, type: 'SRV', dnssec: true });
      if (DANE_PORTS.includes(first)) queries.push({ name, type: 'TLSA', dnssec: true });
    } else {
      queries.push(...HOST_TYPES.map((type) => ({ name, type, dnssec: true })));
    }
    return this.runner.enqueue(queries, 'first').length;
  }

  /** Below a name: the list that fits one without records, common labels below one with records. */
  private descend(name: string, c: Candidate): void {
    const { findings } = this.runner;
    if (findings.cutAbove(name) !== undefined || !findings.exists(name) || this.descended.has(name)) return;
    const labels = findings.hasRecords(name) ? this.belowRecords(name, c.level) : fitting(name);
    if (labels.length === 0) return;
    // a name read from the chain had its wildcard asked by no one yet; descended once it is known
    if (this.askWildcards(name, true)) return;
    this.descended.add(name);
    const children = labels.map((l) => `${l}.${name}`);
    if (!findings.hasRecords(name)) this.empties.set(name, children);
    this.probe(children, this.origins.get(name) === 'given' ? 'given' : 'guessed', 'last', { level: c.level + 1 });
  }

  private belowRecords(name: string, level: number): readonly string[] {
    // service and proof names are leaves; nothing is guessed more than MAX_LEVEL below a name found
    if (underscored(name) || level >= MAX_LEVEL || this.walkComplete) return [];
    return level === 0 ? belowFound() : twoBelowFound();
  }

  /** Names that waited for `parent`: asked now if it exists, dropped if not. */
  private release(parent: string, exists: boolean): void {
    const wait = this.waiting.get(parent);
    if (!wait) return;
    this.waiting.delete(parent);
    if (exists) this.probe(wait.names, wait.method, 'listed', { level: wait.level });
  }
}

/** The question that decides whether a candidate exists: its address, or the TXT of a service or proof name. */
function existenceType(name: string): QueryType {
  return underscored(name) ? 'TXT' : 'A';
}

/** A name of a service, a key or a proof (`_dmarc`, `s1._domainkey`, `_sip._tcp`): a leaf, not a host. */
export function underscored(name: string): boolean {
  return name.split('.').some((l) => l.startsWith('_'));
}

/** The list for below a name that exists only because names exist below it. */
function fitting(name: string): readonly string[] {
  const first = name.split('.')[0] ?? '';
  if (first === '_domainkey') return [...DEEP_DKIM_SELECTORS];
  if (first === '_tcp' || first === '_udp' || first === '_tls') return servicesBelow(first);
  if (first === '_bimi') return ['default'];
  if (first.startsWith('_')) return ['_tcp', '_udp', '_tls'];
  return belowEmpty();
}
