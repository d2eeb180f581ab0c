import { isProxied, recordKey, sameState, type DnsRecord } from '@dnsferry/shared';
import { UpstreamError } from '../../errors';
import type { CallOptions, ChangeOutcome, ChangeSet, HeldRecord, RecordQuota, Target, TargetRules, TargetZone } from '../../engine/ports';
import { CAPABILITIES, CLOUDFLARE_RULES, isProxiable, targetTtl } from './capabilities';
import { type CallInit, type CloudflareClient, DUPLICATE_CODES, type TargetWait, UnknownOutcomeError } from './client';
import { inOrder } from '../../flow/interleave';
import { sliced } from '../../flow/fair-share';
import { sharedAbort } from '../../flow/shared-abort';
import { fromWire, toPayload } from './record-types';
import type { CloudflareRecord, CloudflareZone } from './wire';
import { readRecordQuota } from './record-quota';
import { ZoneDirectory } from './zone-directory';

const { recordsPerPage, zonesPerPage } = CAPABILITIES.limits;

interface Item {
  index: number;
  set: ChangeSet;
}

type WriteOptions = CallOptions & Pick<CallInit, 'onWait'>;

/**
 * The Cloudflare adapter. Writes go through the batch endpoint, `batchSize` records per request
 * (the plan's limit); a failed batch is all-or-nothing at the target, so it is split to find the
 * failing records and the others are written again. If the batch endpoint is missing, one request
 * per record.
 */
export class CloudflareTarget implements Target {
  readonly rules: TargetRules = CLOUDFLARE_RULES;
  private batchAvailable = true;
  /** Writes with an unknown outcome we are still willing to reconcile in this request. */
  private reconcilesLeft = 10;
  private directory: ZoneDirectory | null = null;

  constructor(
    private readonly client: CloudflareClient,
    private readonly accountId: string,
    private readonly batchSize: number,
    /** Batch requests of a zone in flight at once (DNSFERRY_CONCURRENCY); 1 = one after another. */
    private readonly slots = 1,
  ) {}

  expectZones(names: readonly string[]): void {
    // one zone: its lookup by name is one request, as a listing's first page would be
    this.directory = names.length >= 2 ? new ZoneDirectory(this.client, this.accountId, names.length) : null;
  }

  async findOrCreateZone(name: string, opts: CallOptions & { dryRun: boolean }): Promise<TargetZone | null> {
    const onWait = waitReporter(opts.report, `adding ${name}`);
    const listed = await this.directory?.find(name, opts.signal);
    const existing = listed === undefined ? await this.findZone(name, opts.signal, onWait) : listed && toZone(listed, false);
    if (existing) return existing;
    if (opts.dryRun) return null;
    for (let attempt = 1; ; attempt++) {
      try {
        const env = await this.client.call<CloudflareZone>('POST', '/zones', {
          body: { name, account: { id: this.accountId }, type: 'full' },
          signal: opts.signal,
          // the account may add only so many zones per window: wait it out rather than fail the zone
          maxWaitMs: ZONE_ADDITION_MAX_WAIT_MS,
          onWait,
        });
        return toZone(env.result, true);
      } catch (err) {
        const unknown = err instanceof UnknownOutcomeError;
        // An unknown outcome or a race (1061 "already exists"): the zone list tells the truth (asked
        // by name: a directory read before the create cannot know).
        if (!unknown && !(err instanceof UpstreamError && err.upstreamCode === 1061)) throw err;
        const again = await this.findZone(name, opts.signal, onWait);
        if (again) return { ...again, created: unknown };
        if (!unknown) {
          throw new UpstreamError(
            'Cloudflare',
            'conflict',
            1061,
            `${name} already exists in another account; remove it there or choose that account`,
          );
        }
        // Not there: the create did not happen, so it is safe to send it again.
        if (attempt >= 5) throw new UpstreamError('Cloudflare', 'upstream', undefined, `could not create the zone: ${err.message}`);
      }
    }
  }

  async listRecords(zone: TargetZone, opts: CallOptions): Promise<HeldRecord[]> {
    const wire = await this.client.listAll<CloudflareRecord>(`/zones/${zone.id}/dns_records`, {}, recordsPerPage, opts.signal, {
      onWait: waitReporter(opts.report, `reading ${zone.name} at the target`),
    });
    return sliced(held(wire, zone.name), this.client.slice);
  }

  recordQuota(zone: TargetZone | null, opts: CallOptions): Promise<RecordQuota | null> {
    return readRecordQuota(this.client, this.accountId, zone, {
      signal: opts.signal,
      onWait: waitReporter(opts.report, 'reading the record quota'),
    });
  }

  async deleteZone(zone: TargetZone, opts: CallOptions): Promise<void> {
    await this.client.call('DELETE', `/zones/${zone.id}`, { signal: opts.signal });
  }

  applyChanges(zone: TargetZone, sets: Array<ChangeSet | undefined>, callOpts: CallOptions): AsyncIterable<ChangeOutcome> {
    // one reporter for all the zone's writes: a pause that holds every slot is told once
    const opts: WriteOptions = { ...callOpts, onWait: waitReporter(callOpts.report, `writing more of ${zone.name}`) };
    return this.writeChunks(zone, packChunks(sets, this.batchSize, this.slots), opts);
  }

  private async *writeChunks(zone: TargetZone, chunks: Iterable<Item[]>, opts: WriteOptions): AsyncGenerator<ChangeOutcome> {
    if (this.slots <= 1 || !this.batchAvailable) {
      for (const chunk of chunks) {
        if (opts.signal.aborted) return;
        yield* this.writeChunk(zone, chunk, opts);
      }
      return;
    }
    // Batches side by side; each one is written (split, reconciled) as it would be alone, and the
    // outcomes come out in set order. The client's shared rate-limit pause holds every slot.
    yield* inOrder(
      mapped(chunks, (chunk) => () => this.writeChunk(zone, chunk, opts)),
      this.slots,
      opts.signal,
    );
  }

  private async *writeChunk(zone: TargetZone, chunk: Item[], opts: WriteOptions): AsyncGenerator<ChangeOutcome> {
    if (chunk.length === 0 || opts.signal.aborted) return;
    const lone = chunk.length === 1 ? (chunk[0] as Item) : null;
    if (!this.batchAvailable || (lone && isLoneCreate(lone.set))) {
      for (const item of chunk) {
        if (opts.signal.aborted) return;
        yield await this.writeOne(zone, item, opts);
      }
      return;
    }
    try {
      // Not passing the client's signal: a write in flight finishes, so its outcome is known.
      const env = await this.client.call<{ posts?: CloudflareRecord[] }>('POST', `/zones/${zone.id}/dns_records/batch`, {
        body: batchBody(chunk, zone.name),
        signal: neverAborts,
        onWait: opts.onWait,
      });
      const posts = env.result?.posts ?? [];
      const ids = posts.map((w) => w.id);
      const times = sharedTimes(posts);
      let next = 0;
      for (const it of chunk) {
        const end = next + it.set.creates.length;
        yield { index: it.index, status: 'applied', createdIds: ids.slice(next, end), createdOn: times.slice(next, end) };
        next = end;
      }
      return;
    } catch (err) {
      if (err instanceof UnknownOutcomeError) {
        yield* this.reconcile(zone, chunk, opts);
        return;
      }
      if (!(err instanceof UpstreamError)) throw err;
      if (noBatchRoute(err)) {
        // No batch endpoint here: one request per record from now on.
        this.batchAvailable = false;
        yield* this.writeChunk(zone, chunk, opts);
        return;
      }
      if (err.kind !== 'invalid' && err.kind !== 'conflict' && err.kind !== 'not_found') throw err;
      // A set alone that fails is refused whole: the batch applied none of it.
      if (lone) {
        yield { index: lone.index, status: 'failed', code: err.upstreamCode, message: err.message };
        return;
      }
    }
    // All-or-nothing failed on some set(s): halve until each failing set stands alone.
    const mid = Math.ceil(chunk.length / 2);
    yield* this.writeChunk(zone, chunk.slice(0, mid), opts);
    yield* this.writeChunk(zone, chunk.slice(mid), opts);
  }

  /**
   * One set, one request per record (a lone create, or no batch endpoint): removals, then updates,
   * then creates, as a batch orders them. Without the batch endpoint a set of several changes is not
   * atomic: a failure part-way says what landed.
   */
  private async writeOne(zone: TargetZone, item: Item, opts: WriteOptions): Promise<ChangeOutcome> {
    const { set } = item;
    const base = `/zones/${zone.id}/dns_records`;
    const steps: Array<() => Promise<CloudflareRecord | null>> = [
      ...set.deletes.map((d) => async () => {
        await this.client.call('DELETE', `${base}/${d.id}`, { signal: neverAborts, onWait: opts.onWait });
        return null;
      }),
      ...set.updates.map((u) => async () => {
        await this.client.call('PATCH', `${base}/${u.id}`, { body: patchBody(u.after), signal: neverAborts, onWait: opts.onWait });
        return null;
      }),
      ...set.creates.map((r) => async () => {
        const env = await this.client.call<CloudflareRecord>('POST', base, {
          body: toPayload(r, zone.name),
          signal: neverAborts,
          onWait: opts.onWait,
        });
        return env.result;
      }),
    ];
    const createdIds: string[] = [];
    const createdOn: Array<string | undefined> = [];
    for (const [done, step] of steps.entries()) {
      try {
        const made = await step();
        if (made !== null) {
          createdIds.push(made.id);
          createdOn.push(made.created_on);
        }
      } catch (err) {
        if (err instanceof UnknownOutcomeError) {
          let last: ChangeOutcome = { index: item.index, status: 'failed', message: err.message };
          for await (const o of this.reconcile(zone, [item], opts)) last = o;
          return last;
        }
        if (!(err instanceof UpstreamError)) throw err;
        if (isLoneCreate(set) && typeof err.upstreamCode === 'number' && DUPLICATE_CODES.has(err.upstreamCode)) {
          return { index: item.index, status: 'exists', detail: err.upstreamMessage };
        }
        if (err.kind !== 'invalid' && err.kind !== 'conflict' && err.kind !== 'not_found') throw err;
        const partial = done > 0 ? ` (${done} of its ${steps.length} changes had landed)` : '';
        return { index: item.index, status: 'failed', code: err.upstreamCode, message: `${err.message}${partial}` };
      }
    }
    return { index: item.index, status: 'applied', createdIds, createdOn };
  }

  /**
   * After a write whose answer was lost: list the zone; a set whose every change shows is applied,
   * the others are written again — so a retry can never apply a set twice. Once the target has
   * failed to confirm too many writes, nothing more is written, but the listing still tells which
   * sets landed: what the stream tells is what the target holds.
   */
  private async *reconcile(zone: TargetZone, chunk: Item[], opts: WriteOptions): AsyncGenerator<ChangeOutcome> {
    const writeAgain = this.reconcilesLeft-- > 0;
    let listed: HeldRecord[];
    try {
      listed = await this.listRecords(zone, { signal: neverAborts });
    } catch (err) {
      // Neither the write nor the listing answered: what the write did stays unknown, and says so (the
      // writes after it go on: one that fails as well fails its own way).
      if (!(err instanceof UpstreamError)) throw err;
      const why = err.message;
      for (const it of chunk) {
        yield {
          index: it.index,
          status: 'failed',
          message: `outcome unknown: the target did not confirm this write, and listing the zone to find out failed (${why}); it may have landed — re-run the migration to settle it (it will not create duplicates)`,
        };
      }
      return;
    }
    const { byKey, byId } = await sliced(indexed(listed), this.client.slice);
    const missing: Item[] = [];
    for (const it of chunk) {
      const { set } = it;
      const landed =
        set.creates.every((r) => byKey.has(recordKey(r))) &&
        set.deletes.every((d) => !byId.has(d.id)) &&
        set.updates.every((u) => {
          const now = byId.get(u.id);
          return now !== undefined && sameState(now, u.after);
        });
      if (landed) {
        const made = set.creates.map((r) => byKey.get(recordKey(r)));
        yield { index: it.index, status: 'applied', createdIds: made.map((h) => h?.id ?? ''), createdOn: made.map((h) => h?.createdOn) };
      } else missing.push(it);
    }
    if (!writeAgain) {
      for (const it of missing) {
        yield {
          index: it.index,
          status: 'failed',
          message: 'the target kept failing to confirm writes; re-run the migration to finish (it will not create duplicates)',
        };
      }
      return;
    }
    if (missing.length === chunk.length && chunk.length === 1) {
      // Still not there after an unknown outcome: one more plain attempt decides it.
      yield await this.writeOne(zone, chunk[0] as Item, opts);
      return;
    }
    yield* this.writeChunk(zone, missing, opts);
  }

  private async findZone(name: string, signal: AbortSignal, onWait: CallInit['onWait']): Promise<TargetZone | null> {
    const zones = await this.client.listAll<CloudflareZone>('/zones', { name, 'account.id': this.accountId }, zonesPerPage, signal, {
      onWait,
    });
    const zone = zones.find((z) => z.name.toLowerCase() === name);
    return zone ? toZone(zone, false) : null;
  }
}

/** What a write in flight is given instead of the client's signal: it finishes, so its outcome is known. */
const neverAborts = sharedAbort().signal;

function* mapped<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}

/** Records converted or indexed between two points where the adapter may give way to other callers. */
const STEP = 256;

/** The listing's records in canonical form (those the registry cannot read are left out). */
function* held(wire: CloudflareRecord[], zone: string): Generator<void, HeldRecord[]> {
  const out: HeldRecord[] = [];
  for (const [i, w] of wire.entries()) {
    if (i % STEP === STEP - 1) yield;
    const record = fromWire(w, zone);
    if (record) out.push({ id: w.id, record, ...(w.created_on ? { createdOn: w.created_on } : {}) });
  }
  return out;
}

/** What the target holds, by canonical key and by id. */
function* indexed(records: HeldRecord[]): Generator<void, { byKey: Map<string, HeldRecord>; byId: Map<string, DnsRecord> }> {
  const byKey = new Map<string, HeldRecord>();
  const byId = new Map<string, DnsRecord>();
  for (const [i, h] of records.entries()) {
    if (i % STEP === STEP - 1) yield;
    byKey.set(recordKey(h.record), h);
    byId.set(h.id, h.record);
  }
  return { byKey, byId };
}

/**
 * Each post's `created_on`, one string for the posts that give the same time: the records of a batch
 * are created at once, and each time is kept to the zone's last event, in its undo data (50,000
 * records: 2 MB of copies of a few hundred times).
 */
function sharedTimes(posts: CloudflareRecord[]): Array<string | undefined> {
  let last: string | undefined;
  return posts.map((w) => (w.created_on === last ? last : (last = w.created_on)));
}

/** The documented window of zone additions is 10 minutes; a longer wait than this is not that limit. */
const ZONE_ADDITION_MAX_WAIT_MS = 15 * 60_000;

/**
 * Turns a wait the target asked for into a line of the stream; a wait that ends within a second of
 * one already told (the same pause met by the requests of every slot) is not told again.
 */
function waitReporter(report: ((message: string) => void) | undefined, what: string): ((wait: TargetWait) => void) | undefined {
  if (!report) return undefined;
  let toldUntil = 0;
  return (wait) => {
    const until = Date.now() + wait.ms;
    if (until <= toldUntil + 1000) return;
    toldUntil = until;
    const s = Math.ceil(wait.ms / 1000);
    const span = s >= 120 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
    report(
      wait.shared
        ? `The target's rate limit for this token is spent; waiting ${span} before ${what}`
        : `The target limits how fast an account adds zones; waiting ${span} before ${what} (nothing fails, the migration goes on)`,
    );
  };
}

/**
 * How many batches (of sizes differing by one at most, each within `limit`): the fewest, unless
 * filling every round of slots makes each batch at least a tenth smaller. A round takes as long as
 * its largest batch, so 1,000 records, 200 per batch, 4 slots go as 8 batches of 125 in two rounds
 * rather than 5 of 200 (the second round one batch alone): 3 requests for rounds 37 % shorter. At
 * 50,000 records 252 batches would be 0.8 % smaller than 250: not worth 2 requests of the token's
 * rate limit. At most `slots` - 1 more requests.
 */
export function batchCount(records: number, limit: number, slots: number): number {
  const batches = Math.ceil(records / limit);
  if (batches <= slots) return batches;
  const filled = Math.min(records, Math.ceil(batches / slots) * slots);
  return Math.ceil(records / filled) <= FILL_GAIN * Math.ceil(records / batches) ? filled : batches;
}

/** Rounds are filled when their batches come out at most this share of the fewest batches' size. */
const FILL_GAIN = 0.9;

/** Operations a set costs in a batch. */
const operations = (s: ChangeSet) => s.deletes.length + s.updates.length + s.creates.length;

/**
 * The sets in batches of `batchCount` sizes, in order, a set never split across two (it must land
 * whole). A set larger than a batch alone is cut in two, creates and updates before removals, so its
 * name keeps answering; it is then not atomic.
 *
 * Each batch is made as it is taken, and `sets` lets go of each set put in one: what is not written
 * yet is held once, by `sets`, and a batch written by nothing (50,000 records: the batches made at
 * once held 2 MB of items more, from the first write on).
 */
export function* packChunks(sets: Array<ChangeSet | undefined>, limit: number, slots: number): Generator<Item[]> {
  // a set cut in parts costs as many operations as whole
  const total = sets.reduce((n, set) => n + (set ? operations(set) : 0), 0);
  const count = batchCount(total, limit, slots);
  let made = 0;
  let chunk: Item[] = [];
  let size = 0;
  let done = 0;
  for (let index = 0; index < sets.length; index++) {
    const set = sets[index];
    sets[index] = undefined;
    if (!set) continue;
    const whole: Item = { index, set };
    for (const it of operations(set) <= limit ? [whole] : splitSet(whole, limit)) {
      const ops = operations(it.set);
      // the boundary where the next batch of an even split starts
      const boundary = Math.floor(((made + 1) * total) / count);
      if (chunk.length > 0 && (size + ops > limit || done + ops > boundary)) {
        made++;
        yield chunk;
        chunk = [];
        size = 0;
      }
      chunk.push(it);
      size += ops;
      done += ops;
    }
  }
  if (chunk.length > 0) yield chunk;
}

function splitSet(it: Item, limit: number): Item[] {
  const parts: Item[] = [];
  for (let i = 0; i < it.set.creates.length; i += limit) {
    parts.push({ index: it.index, set: { deletes: [], updates: [], creates: it.set.creates.slice(i, i + limit) } });
  }
  for (let i = 0; i < it.set.updates.length; i += limit) {
    parts.push({ index: it.index, set: { deletes: [], updates: it.set.updates.slice(i, i + limit), creates: [] } });
  }
  for (let i = 0; i < it.set.deletes.length; i += limit) {
    parts.push({ index: it.index, set: { deletes: it.set.deletes.slice(i, i + limit), updates: [], creates: [] } });
  }
  return parts;
}

/** The batch route is missing (an unknown route), not a record of the batch (81044: no such record). */
const noBatchRoute = (err: UpstreamError) => err.httpStatus === 405 || (err.kind === 'not_found' && err.upstreamCode !== 81044);

const isLoneCreate = (s: ChangeSet) => s.creates.length === 1 && s.deletes.length === 0 && s.updates.length === 0;

function batchBody(chunk: Item[], zone: string): Record<string, unknown[]> {
  const body: Record<string, unknown[]> = {};
  const deletes = chunk.flatMap((it) => it.set.deletes.map((d) => ({ id: d.id })));
  const patches = chunk.flatMap((it) => it.set.updates.map((u) => ({ id: u.id, ...patchBody(u.after) })));
  const posts = chunk.flatMap((it) => it.set.creates.map((r) => toPayload(r, zone)));
  if (deletes.length > 0) body.deletes = deletes;
  if (patches.length > 0) body.patches = patches;
  if (posts.length > 0) body.posts = posts;
  return body;
}

/** An update sets TTL and proxy only: a patch leaves the record's comment and tags as they are. */
function patchBody(after: DnsRecord): Record<string, unknown> {
  return { ttl: targetTtl(after.ttl), ...(isProxiable(after) ? { proxied: isProxied(after) } : {}) };
}

const PLAN_NAMES: Record<string, string> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };

function toZone(z: CloudflareZone, created: boolean): TargetZone {
  const plan = PLAN_NAMES[z.plan?.legacy_id ?? ''] ?? z.plan?.name;
  return {
    id: z.id,
    name: z.name,
    status: z.status,
    nameServers: z.name_servers ?? [],
    created,
    ...(plan ? { plan } : {}),
    ...(z.created_on ? { createdOn: z.created_on } : {}),
  };
}
