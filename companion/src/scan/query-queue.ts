import type { Query, QueryType } from './query';

/**
 * The questions a scan has still to ask, each (name, type) once. Follow-ups, the questions an
 * answer raises, go ahead of the listed names: the chains they start (a mail server's address, the
 * include of an include, a delegation) then finish while the long lists are still being asked,
 * instead of adding round trips at the end. A live source for ../flow/pool.ts: it grows while it drains.
 */
export class QueryQueue implements Iterable<Query> {
  private readonly followUps: Query[] = [];
  private readonly listed: Query[] = [];
  /** Every query ever added, by key: a query is asked once, whichever lane it came in by. */
  private readonly added = new Map<string, Query>();
  private readonly names = new Set<string>();
  private readonly taken = new Set<string>();
  private readonly promoted = new Set<string>();

  /** Adds the queries not added before and returns them; `followUp` puts them (or a listed one still waiting) first. */
  add(queries: Query[], followUp = false): Query[] {
    const fresh: Query[] = [];
    for (const q of queries) {
      const k = key(q.name, q.type);
      const earlier = this.added.get(k);
      if (earlier === undefined) {
        this.added.set(k, q);
        this.names.add(q.name);
        (followUp ? this.followUps : this.listed).push(q);
        fresh.push(q);
      } else if (followUp && !this.taken.has(k) && !this.promoted.has(k)) {
        this.promoted.add(k);
        this.followUps.push(earlier);
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

  /** The next query to ask, or undefined while none is waiting (more may be added later). */
  take(): Query | undefined {
    for (const lane of [this.followUps, this.listed]) {
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
