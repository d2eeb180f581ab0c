import type { ScanEvent } from '@dnsferry/shared';
import type { Answer } from '../dns/message';
import type { Findings } from './findings';
import { referencedNames } from './mining';
import { COMMON_HOSTS } from './name-lists';
import { delegationChecks, HOST_TYPES, REFERENCED_TYPES, references, refersFrom } from './queries';
import type { Query } from './query';

/** How far references are followed from a name the scan asked on its own (a chain of includes, CNAMEs…). */
const REFERENCE_HOPS = 4;

/** What follow-ups need of a scan (./query-runner.ts): what it found, and its queue of questions. */
export interface ScanState {
  readonly findings: Findings;
  /** Whether any question about this name was queued. */
  knows(name: string): boolean;
  /** Queues questions not queued before (follow-ups first); returns those. */
  enqueue(queries: Query[], followUp: boolean): Query[];
}

/**
 * The questions that answers raise, queued the moment the answer is in rather than in a phase of
 * their own after the lists (each phase cost the round trips of its slowest query):
 * - a common host name that exists, once its probes have all settled: is it delegated, does it
 *   have a wildcard of its own below it?
 * - a delegation met anywhere: its NS and DS sets;
 * - the in-zone names records point at (SPF, MX, CNAME, SRV and NS targets), up to REFERENCE_HOPS
 *   from a name the scan asked on its own.
 */
export class FollowUps {
  /** Per common host name, its probes (A, AAAA, CNAME) not settled yet. */
  private readonly unsettled = new Map<string, number>(COMMON_HOSTS.map((n) => [n, HOST_TYPES.length]));
  private readonly existing: string[] = [];
  private readonly cutsAsked = new Set<string>();
  /** Referenced names → hops from a name the scan asked on its own (0: it is one of those). */
  private readonly hops = new Map<string, number>();
  private readonly namesOf = new WeakMap<Answer, string[]>();
  private setsSeen = 0;

  constructor(private readonly scan: ScanState) {}

  /** What to follow from what is known already (the apex's records). */
  *start(): Generator<ScanEvent> {
    yield* this.references();
  }

  /** What to follow now that `q` has settled. */
  *after(q: Query): Generator<ScanEvent> {
    yield* this.hostSettled(q);
    this.delegations();
    yield* this.references();
  }

  private *hostSettled(q: Query): Generator<ScanEvent> {
    const left = this.unsettled.get(q.name);
    if (left === undefined || q.wildcardOf !== undefined || !HOST_TYPES.includes(q.type)) return;
    if (left > 1) {
      this.unsettled.set(q.name, left - 1);
      return;
    }
    this.unsettled.delete(q.name);
    const { findings } = this.scan;
    if (findings.exists(q.name)) {
      this.existing.push(q.name);
      this.scan.enqueue(delegationChecks(findings, q.name), true);
    }
    if (this.unsettled.size === 0 && this.existing.length > 0) {
      yield {
        type: 'progress',
        message: `${this.existing.length} of the ${COMMON_HOSTS.length} common names exist, each checked for a delegation and for a wildcard below it: ${this.existing.join(', ')}`,
      };
    }
  }

  /** A delegation, wherever it was met: its NS and DS sets are the parent zone's records. */
  private delegations(): void {
    for (const cut of this.scan.findings.cuts.keys()) {
      if (this.cutsAsked.has(cut)) continue;
      this.cutsAsked.add(cut);
      this.scan.enqueue(
        [
          { name: cut, type: 'NS' },
          { name: cut, type: 'DS' },
        ],
        true,
      );
    }
  }

  /** Names records point at, when a new record set of the zone's may have added some. */
  private *references(): Generator<ScanEvent> {
    const { findings } = this.scan;
    if (findings.rrsets.size === this.setsSeen) return;
    const added = [...findings.rrsets.values()].slice(this.setsSeen);
    this.setsSeen = findings.rrsets.size;
    // A wildcard's echo (say the TXT every unknown name answers with) adds nothing; a new
    // delegation or wildcard only takes references away.
    if (!added.some((set) => refersFrom(findings, set))) return;
    const met = new Set<string>();
    const bySource = references(findings, (a) => this.referencedBy(a));
    // until no name is reached in fewer hops (a shorter path may let further references through)
    for (let shorter = true; shorter;) {
      shorter = false;
      for (const [source, targets] of bySource) {
        const hops = (this.hops.get(source) ?? 0) + 1;
        if (hops > REFERENCE_HOPS) continue;
        for (const name of targets) {
          const known = this.hops.get(name);
          if (known === undefined) {
            // a name the scan asks on its own (a listed one) is 0 hops away, whoever points at it
            this.hops.set(name, this.scan.knows(name) ? 0 : hops);
            met.add(name);
            shorter = true;
          } else if (hops < known) {
            this.hops.set(name, hops);
            shorter = true;
          }
        }
      }
    }
    const followed: string[] = [];
    for (const name of met) {
      const fresh = this.scan.enqueue(
        REFERENCED_TYPES.map((type) => ({ name, type })),
        true,
      );
      if (fresh.length > 0) followed.push(name);
    }
    if (followed.length === 0) return;
    followed.sort();
    yield {
      type: 'progress',
      message: `Following ${followed.length} name${followed.length === 1 ? '' : 's'} referenced by SPF, MX, CNAME, SRV and NS records: ${followed.join(', ')}`,
    };
  }

  private referencedBy(a: Answer): string[] {
    let names = this.namesOf.get(a);
    if (!names) {
      names = referencedNames(a, this.scan.findings.zone);
      this.namesOf.set(a, names);
    }
    return names;
  }
}
