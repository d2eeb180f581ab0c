/**
 * The event loop, shared fairly among callers doing CPU-heavy work (reading a zone file, planning,
 * streaming a hundred thousand events). Heavy work runs in slices: once the loop has been held for a
 * slice without turning, the work gives way and waits for its turn. Turns go one per turn of the
 * event loop, so I/O (another caller's request, an answer from the target) is served between any two
 * slices; and they go to the key that has had the fewest (start-time fair queueing), so a key with
 * fifty requests waiting gets no more turns than a key with one, and a key that comes back after a
 * pause goes before those that kept the loop busy. Light work never waits: a slice is only spent when
 * the loop has been held that long, which a ten-record migration never does.
 */

/** What a key is owed: its waiters, and its virtual start time (slices served, offset to the clock when it came). */
interface KeyQueue {
  waiters: Array<() => void>;
  vtime: number;
}

export class FairShare {
  private readonly keys = new Map<string, KeyQueue>();
  /** The virtual time of the last turn given. */
  private clock = 0;
  private dispatching = false;
  /** Bumped at each turn of the loop, while anyone watches: a slice that sees it move was not holding the loop. */
  private epoch = 0;
  private watching = false;

  constructor(
    /** How long work may hold the loop before it gives way. */
    readonly sliceMs = 8,
    /** The next turn of the event loop (after pending I/O). */
    private readonly nextTurn: (fn: () => void) => void = setImmediate,
  ) {}

  /** A clock for one caller's heavy work under `key` (a hash of its token, never the token). */
  slice(key: string): Slice {
    return new Slice(this, key);
  }

  /** Resolves on `key`'s next turn. */
  turn(key: string): Promise<void> {
    return new Promise((resolve) => {
      let q = this.keys.get(key);
      if (!q) {
        q = { waiters: [], vtime: this.clock };
        this.keys.set(key, q);
      } else if (q.waiters.length === 0) {
        // Re-inserted at the end: among keys owed as much, it waits for those that were waiting.
        this.keys.delete(key);
        q.vtime = Math.max(q.vtime, this.clock);
        this.keys.set(key, q);
      }
      q.waiters.push(resolve);
      this.dispatchSoon();
    });
  }

  /** The loop's turn count, watched from now on (one callback per turn, only while someone looks). */
  currentEpoch(): number {
    if (!this.watching) {
      this.watching = true;
      this.nextTurn(() => {
        this.watching = false;
        this.epoch++;
      });
    }
    return this.epoch;
  }

  private dispatchSoon(): void {
    if (this.dispatching) return;
    this.dispatching = true;
    this.nextTurn(() => {
      this.dispatching = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    let next: KeyQueue | undefined;
    for (const q of this.keys.values()) if (q.waiters.length > 0 && (next === undefined || q.vtime < next.vtime)) next = q;
    if (!next) return;
    this.clock = next.vtime;
    next.vtime++;
    // Keys that owe nothing are forgotten: the map holds only those waiting or ahead of the clock.
    for (const [key, q] of this.keys) if (q.waiters.length === 0 && q.vtime <= this.clock) this.keys.delete(key);
    const resolve = next.waiters.shift();
    if (this.keys.size > 0) this.dispatchSoon();
    resolve?.();
  }
}

/** One caller's clock: how long it has held the loop since the loop last turned or it last gave way. */
export class Slice {
  private started = performance.now();
  private epoch: number;

  constructor(
    private readonly share: FairShare,
    private readonly key: string,
  ) {
    this.epoch = share.currentEpoch();
  }

  /** The loop has been held for a slice: time to give way. */
  get due(): boolean {
    const epoch = this.share.currentEpoch();
    if (epoch !== this.epoch) {
      // the loop turned since: whatever came before was not this work holding it
      this.epoch = epoch;
      this.started = performance.now();
      return false;
    }
    return performance.now() - this.started >= this.share.sliceMs;
  }

  /** Gives way until this key's next turn, then starts a new slice. */
  async giveWay(): Promise<void> {
    await this.share.turn(this.key);
    this.epoch = this.share.currentEpoch();
    this.started = performance.now();
  }

  /** Gives way when the slice is spent. */
  async pace(): Promise<void> {
    if (this.due) await this.giveWay();
  }
}

/** Runs synchronous work written as a generator (it yields where it may stop) to its end, giving way whenever the slice is spent. */
export async function sliced<R>(steps: Generator<unknown, R>, slice: Slice | undefined): Promise<R> {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    if (slice?.due) await slice.giveWay();
  }
}

/** Runs such a generator to its end at once: the synchronous form of the same work. */
export function finished<R>(steps: Generator<unknown, R>): R {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** A stream's events passed on, giving way between two of them whenever the slice is spent; closing it closes what it reads. */
export async function* paced<E, R>(events: AsyncGenerator<E, R>, slice: Slice | undefined): AsyncGenerator<E, R> {
  try {
    for (let s = await events.next(); ; s = await events.next()) {
      if (s.done) return s.value;
      yield s.value;
      if (slice?.due) await slice.giveWay();
    }
  } finally {
    await events.return(undefined as R);
  }
}

/** The companion's one share of its event loop. */
export const eventLoop = new FairShare();
