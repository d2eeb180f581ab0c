import { fqdn, relativeName, typeByCode } from '@dnsferry/shared';
import type { DnsReply } from '../dns/message';
import type { Explorer } from './explorer';
import { nsecsOf, synthesized, type Nsec } from './nsec';
import { isQueryType, type Query, type QueryType } from './query';
import type { QueryRunner } from './query-runner';

/** Types an NSEC lists that say how the zone is signed, not what it holds; SOA is the target's own. */
const NOT_ASKED: ReadonlySet<string> = new Set(['RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'DNSKEY', 'CDS', 'CDNSKEY', 'SOA']);
/** The characters of host labels: a starting point for each, so parts of the chain are followed at once. */
const SEEDS = [...'-0123456789_abcdefghijklmnopqrstuvwxyz'];
/** Where the crowded names go on with a digit, the starting points that spread over them: numbered hosts. */
const DIGITS = [...'0123456789'];
/** At most this many starting points in all, added where names crowd: a bound on what parallel walking costs. */
const MAX_SEEDS = 4000;
/** Steps one after another after which a part of the chain counts as crowded. */
const LONG_RUN = 8;
const SOA = 6;
const NS = 2;

export type Signed = 'nsec' | 'nsec3' | 'no';

/**
 * Walks a zone signed with NSEC (RFC 4034 §4; discovery.md §2): every NSEC names the next owner of
 * the zone in canonical order, and lists the types at its own, so following the chain from the apex
 * back to it lists every name exactly. The chain is followed from the apex and from the names
 * around a few starting points at once, each step a question for the NSEC at the next name; a
 * delegation (whose NSEC query the resolver takes to the child zone) is stepped over by asking for
 * the name just after it, whose denial carries the parent's NSEC. Every answer's NSEC records are
 * read, whichever question brought them. The walk stops on a loop, and does not start when the
 * signer makes its NSEC records up per question ("white lies", "black lies", Compact Denial), whose
 * chain shows no other name. NSEC3 chains are hashed: they are noted, not cracked.
 */
export class ZoneWalk {
  signed: Signed = 'no';
  /** An online signer: NSEC made per question, nothing to walk. */
  minimal = false;
  private started = false;
  /** Owner → next owner, relative to the zone (`@` for the apex). */
  private readonly nexts = new Map<string, string>();
  private readonly asked = new Set<string>();
  private readonly stepped = new Set<string>();
  /** Prefixes (with the parent they are under) whose starting points were asked. */
  private readonly seeded = new Set<string>();
  private seeds = 0;
  /** Steps taken one after another to reach a name, since the last starting point. */
  private readonly run = new Map<string, number>();
  /** Types an NSEC listed that the registry does not read, by name. */
  readonly unreadable = new Map<string, string[]>();

  constructor(
    private readonly runner: QueryRunner,
    private readonly explorer: Explorer,
  ) {}

  /** The questions at the apex that tell how the zone is signed. */
  static apexQueries(): Query[] {
    return [
      { name: '@', type: 'NSEC', dnssec: true },
      { name: '@', type: 'NSEC3PARAM', dnssec: true },
    ];
  }

  /** Names the walk read so far (the apex not counted). */
  get names(): number {
    return [...this.nexts.keys()].filter((n) => n !== '@').length;
  }

  /** Whether the chain can be followed: NSEC, not made up per question. */
  get walkable(): boolean {
    return this.signed === 'nsec' && !this.minimal && this.nexts.has('@');
  }

  /** Follows the chain from what is known: the apex's next name and the starting points. */
  start(): void {
    if (!this.walkable || this.started) return;
    this.started = true;
    for (const next of this.nexts.values()) this.step(next);
    this.seed('', '@');
  }

  /**
   * Starting points below `parent` whose first label begins with `prefix` and one more character:
   * each is denied by (or is) an NSEC in that part of the chain, from which the walk goes on there.
   */
  private seed(prefix: string, parent: string, chars: readonly string[] = SEEDS): void {
    const key = `${prefix}|${parent}`;
    if (this.seeded.has(key) || this.seeds + chars.length > MAX_SEEDS || prefix.length >= 63) return;
    this.seeded.add(key);
    this.seeds += chars.length;
    this.runner.enqueue(
      chars.map((c) => ({ name: parent === '@' ? `${prefix}${c}` : `${prefix}${c}.${parent}`, type: 'NSEC' as const, dnssec: true })),
      'chain',
    );
  }

  /**
   * Where the chain has been followed one step at a time for a while, and two names that follow
   * each other share the start of their first label under one parent (`zq-host-100` →
   * `zq-host-1000`), names crowd there: a round trip per name would be slow, so more starting
   * points go there, after each start of that prefix (`z…`, `zq…`, …, `zq-host-…`, `zq-host-1…`,
   * `zq-host-10…`, `zq-host-100…`), shortest first. Points after the longest prefix alone would all
   * sit in the next few steps of the chain; those after the shorter ones spread over the whole
   * crowded part (`zq-host-1` … `zq-host-9`), each the start of a part walked at once.
   */
  private crowded(owner: string, next: string): void {
    const [o, oParent] = split(owner);
    const [n, nParent] = split(next);
    if (oParent !== nParent) return;
    let common = 0;
    while (common < o.length && common < n.length && o[common] === n[common]) common++;
    for (let length = 1; length <= common; length++) this.seed(n.slice(0, length), nParent, ahead(n[length]));
  }

  /** Whether following the chain from the apex comes back to it, each name once. */
  complete(): boolean {
    const seen = new Set<string>();
    for (let at = this.nexts.get('@'); at !== '@'; at = this.nexts.get(at)) {
      if (at === undefined || seen.has(at)) return false;
      seen.add(at);
    }
    return this.nexts.has('@');
  }

  /** Reads the NSEC records of every answer; a step that brought no NSEC of its name is stepped over. */
  after(q: Query, reply: DnsReply | undefined): void {
    if (reply === undefined) {
      if (q.type === 'NSEC' && this.started && this.asked.has(q.name)) this.stepOver(q.name, false);
      return;
    }
    if (q.type === 'NSEC3PARAM' && reply.answers.some((a) => a.type === 'NSEC3PARAM')) this.signed = 'nsec3';
    if (this.signed === 'no' && [...reply.answers, ...reply.authorities].some((a) => a.type === 'NSEC3')) this.signed = 'nsec3';
    let own = false;
    for (const n of nsecsOf(reply)) own = this.learn(n) === q.name || own;
    // the resolver took the question to a delegated child, which holds no NSEC of the parent's, or
    // followed an alias to its target
    if (q.type === 'NSEC' && this.started && this.asked.has(q.name) && !own) {
      const qname = fqdn(q.name, this.runner.findings.zone);
      this.stepOver(
        q.name,
        reply.answers.some((a) => a.type === 'CNAME' && a.name === qname),
      );
    }
  }

  /** Takes one NSEC in; returns its owner (relative) when it is one of the zone's chain. */
  private learn(n: Nsec): string | undefined {
    const { findings } = this.runner;
    const owner = relativeName(n.owner, findings.zone);
    if (owner === null) return undefined;
    if (owner !== '@' && findings.cutAbove(owner) !== undefined && findings.cutAbove(owner) !== owner) return undefined;
    if (this.signed !== 'nsec3') this.signed = 'nsec';
    if (synthesized(n)) {
      this.minimal = true;
      return undefined;
    }
    // a child zone's apex, met through a delegation: not the parent's chain
    if (owner !== '@' && n.types.has(SOA)) return undefined;
    const next = relativeName(n.next, findings.zone);
    if (next === null || this.nexts.has(owner)) return owner;
    this.nexts.set(owner, next);
    // NS without SOA below the apex: a delegation, whose names below belong to the child
    if (owner !== '@' && n.types.has(NS)) findings.noteCut(owner);
    if (owner !== '@') this.explorer.walked(owner, this.typesToAsk(owner, n));
    if (this.started) {
      const steps = (this.run.get(owner) ?? 0) + 1;
      if (!this.run.has(next)) this.run.set(next, steps);
      this.step(next);
      if (owner !== '@' && next !== '@' && steps % LONG_RUN === 0) this.crowded(owner, next);
    }
    return owner;
  }

  private step(name: string): void {
    if (name === '@' || this.nexts.has(name) || this.asked.has(name)) return;
    this.asked.add(name);
    this.runner.enqueue([{ name, type: 'NSEC', dnssec: true }], 'chain');
  }

  /**
   * Asks for a name that does not exist and whose denial is the NSEC at `owner` (RFC 4034 §6.1
   * order). At an alias (the resolver answers the NSEC question with the CNAME and its target's
   * records) that is `\000.<owner>`, the first name after it, before any name below it (a wildcard
   * there answers for it, and the answer still carries the NSEC that covers it). Otherwise (a
   * delegation, below which names are the child's, or no answer) the name just after `owner` and
   * everything below it: its first label with a zero octet added.
   */
  private stepOver(owner: string, alias: boolean): void {
    if (this.stepped.has(owner) || this.nexts.has(owner)) return;
    this.stepped.add(owner);
    const dot = owner.indexOf('.');
    const after = alias ? `\u0000.${owner}` : dot < 0 ? `${owner}\u0000` : `${owner.slice(0, dot)}\u0000${owner.slice(dot)}`;
    this.runner.enqueue([{ name: after, type: 'A', dnssec: true }], 'chain');
  }

  private typesToAsk(owner: string, n: Nsec): QueryType[] {
    const types: QueryType[] = [];
    const unread: string[] = [];
    for (const code of n.types) {
      const t = typeByCode(code);
      if (t === null) unread.push(`TYPE${code}`);
      else if (isQueryType(t) && !NOT_ASKED.has(t)) types.push(t);
      else if (!NOT_ASKED.has(t)) unread.push(t);
    }
    if (unread.length > 0) this.unreadable.set(owner, unread);
    return types;
  }
}

/**
 * The characters that, after a prefix, start names further along the chain than `at` (the next
 * character of the name reached): the names before it were walked to get there. After a digit,
 * digits only: a crowd of numbered hosts (other names there are still reached, one step at a time).
 */
function ahead(at: string | undefined): readonly string[] {
  if (at === undefined) return SEEDS;
  const c = at.toLowerCase();
  return (/[0-9]/.test(c) ? DIGITS : SEEDS).filter((s) => s > c);
}

/** A name's first label and the rest (`@` for a name just below the apex). */
function split(name: string): [string, string] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name, '@'] : [name.slice(0, dot), name.slice(dot + 1)];
}
