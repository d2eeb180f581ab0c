import type { Query, QueryType } from './query';

/**
 * Where a question waits: `chain` for the next step of an NSEC walk (each step waits for the one
 * before, so a step queued behind thousands of questions would make the walk as slow as the queue),
 * `first` for the questions answers raise (follow-ups), `listed` for the name lists, `last` for
 * the guesses below names found (a deep scan), asked once the lists are.
 */
export type Lane = 'chain' | 'first' | 'listed' | 'last';
const ORDER: readonly Lane[] = ['chain', 'first', 'listed', 'last'];

/**
 * The questions a scan has still to ask, each (name, type) once. Follow-ups, the questions an
 * answer raises, go ahead of the listed names: the chains they start (a mail server's address, the
 * include of an include, a delegation) then finish while the long lists are still being asked,
 * instead of adding round trips at the end. A live source for ../flow/pool.ts: it grows while it drains.
 */
export class QueryQueue implements Iterable<Query> {
  private readonly lanes: Record<Lane, Query[]> = { chain: [], first: [], listed: [], last: [] };
  /** Every query ever added, by key: a query is asked once, whichever lane it came in by. */
  private readonly added = new Map<string, Query>();
  private readonly names = new Set<string>();
  private readonly taken = new Set<string>();
  /** Queries (by lane and key) put again in a lane ahead of the one they wait in. */
  private readonly promoted = new Set<string>();
  /** Per name, its questions added and not yet settled. */
  private readonly open = new Map<string, number>();

  /**
   * Adds the queries not added before and returns them; `chain` or `first` (or `true`) puts them,
   * or a query still waiting in a later lane, ahead of the rest.
   */
  add(queries: Query[], lane: Lane | boolean = 'listed'): Query[] {
    const to: Lane = lane === true ? 'first' : lane === false ? 'listed' : lane;
    const fresh: Query[] = [];
    for (const q of queries) {
      const k = key(q.name, q.type);
      const earlier = this.added.get(k);
      if (earlier === undefined) {
        this.added.set(k, q);
        this.names.add(q.name);
        this.open.set(q.name, (this.open.get(q.name) ?? 0) + 1);
        this.lanes[to].push(q);
        fresh.push(q);
      } else if ((to === 'first' || to === 'chain') && !this.taken.has(k) && !this.promoted.has(`${to}|${k}`)) {
        this.promoted.add(`${to}|${k}`);
        this.lanes[to].push(earlier);
      }
    }
    return fresh;
  }

  has(name: string, type: QueryType): boolean {
    return this.added.has(key(name, type));
  }

  /** Whether any query for this name was added. */
  knows(name: string): boolean {
    return this.names.has(name);
  }

  /** Questions about `name` added and not settled (asked and answered, failed, or dropped). */
  unsettled(name: string): number {
    return this.open.get(name) ?? 0;
  }

  /** One question about `name` settled. */
  settled(name: string): void {
    const left = (this.open.get(name) ?? 1) - 1;
    if (left > 0) this.open.set(name, left);
    else this.open.delete(name);
  }

  /** Questions waiting, not taken yet. */
  get waiting(): number {
    return ORDER.reduce((sum, lane) => sum + this.lanes[lane].length, 0);
  }

  waitingIn(lane: Lane): number {
    return this.lanes[lane].length;
  }

  /** The next query to ask, or undefined while none is waiting (more may be added later). */
  take(): Query | undefined {
    for (const name of ORDER) {
      const lane = this.lanes[name];
      for (let q = lane.shift(); q !== undefined; q = lane.shift()) {
        const k = key(q.name, q.type);
        if (this.taken.has(k)) continue; // a promoted query, asked from the other lane already
        this.taken.add(k);
        return q;
      }
    }
    return undefined;
  }

  [Symbol.iterator](): Iterator<Query> {
    return {
      next: () => {
        const q = this.take();
        return q === undefined ? { done: true, value: undefined } : { done: false, value: q };
      },
    };
  }
}

function key(name: string, type: QueryType): string {
  return `${name}|${type}`;
}
