import { recordKey, type DnsRecord } from '@dnsferry/shared';
import { UpstreamError } from '../../errors';
import type { CallOptions, CreateOutcome, Target, TargetZone } from '../target';
import { type CallInit, type CloudflareClient, DUPLICATE_CODES, type TargetWait, UnknownOutcomeError } from './client';
import { inOrder } from './ordered-slots';
import { fromWire, toPayload, type CloudflareRecord, type CloudflareZone } from './wire';
import { ZoneDirectory } from './zone-directory';

/**
 * Records per page when listing a zone: the API's maximum (GET …/dns_records allows per_page up to
 * 5,000,000), so a zone of any size the API holds is read in one request — a re-run of a finished
 * zone costs the zone lookup and this one page.
 */
const LIST_PAGE = 5_000_000;

interface Item {
  index: number;
  record: DnsRecord;
}

type WriteOptions = CallOptions & Pick<CallInit, 'onWait'>;

/**
 * The Cloudflare adapter. Writes go through the batch endpoint, `batchSize` records per request
 * (the plan's limit); a failed batch is all-or-nothing at the target, so it is split to find the
 * failing records and the others are written again. If the batch endpoint is missing, one request
 * per record.
 */
export class CloudflareTarget implements Target {
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

  async listRecords(zone: TargetZone, opts: CallOptions): Promise<DnsRecord[]> {
    const wire = await this.client.listAll<CloudflareRecord>(`/zones/${zone.id}/dns_records`, {}, LIST_PAGE, opts.signal, {
      onWait: waitReporter(opts.report, `reading ${zone.name} at the target`),
    });
    return wire.flatMap((w) => fromWire(w, zone.name) ?? []);
  }

  async *createRecords(zone: TargetZone, records: DnsRecord[], callOpts: CallOptions): AsyncIterable<CreateOutcome> {
    // one reporter for all the zone's writes: a pause that holds every slot is told once
    const opts: WriteOptions = { ...callOpts, onWait: waitReporter(callOpts.report, `writing more of ${zone.name}`) };
    const items = records.map((record, index) => ({ index, record }));
    const chunks: Item[][] = [];
    const count = batchCount(items.length, this.batchSize, this.slots);
    for (let b = 0; b < count; b++)
      chunks.push(items.slice(Math.floor((b * items.length) / count), Math.floor(((b + 1) * items.length) / count)));
    if (this.slots <= 1 || !this.batchAvailable) {
      for (const chunk of chunks) {
        if (opts.signal.aborted) return;
        yield* this.writeChunk(zone, chunk, opts);
      }
      return;
    }
    // Batches side by side; each one is written (split, reconciled) as it would be alone, and the
    // outcomes come out in record order. The client's shared rate-limit pause holds every slot.
    yield* inOrder(
      chunks.map((chunk) => () => this.writeChunk(zone, chunk, opts)),
      this.slots,
      opts.signal,
    );
  }

  private async *writeChunk(zone: TargetZone, chunk: Item[], opts: WriteOptions): AsyncGenerator<CreateOutcome> {
    if (chunk.length === 0 || opts.signal.aborted) return;
    if (!this.batchAvailable || chunk.length === 1) {
      for (const item of chunk) {
        if (opts.signal.aborted) return;
        yield await this.writeOne(zone, item, opts);
      }
      return;
    }
    try {
      // Not passing the client's signal: a write in flight finishes, so its outcome is known.
      await this.client.call('POST', `/zones/${zone.id}/dns_records/batch`, {
        body: { posts: chunk.map((it) => toPayload(it.record, zone.name)) },
        signal: neverAborts,
        onWait: opts.onWait,
      });
      for (const it of chunk) yield { index: it.index, status: 'created' };
      return;
    } catch (err) {
      if (err instanceof UnknownOutcomeError) {
        yield* this.reconcile(zone, chunk, opts);
        return;
      }
      if (!(err instanceof UpstreamError)) throw err;
      if (err.kind === 'not_found' || err.httpStatus === 405) {
        // No batch endpoint here: one request per record from now on.
        this.batchAvailable = false;
        yield* this.writeChunk(zone, chunk, opts);
        return;
      }
      if (err.kind !== 'invalid' && err.kind !== 'conflict') throw err;
    }
    // All-or-nothing failed on some record(s): halve until each failing record stands alone.
    const mid = Math.ceil(chunk.length / 2);
    yield* this.writeChunk(zone, chunk.slice(0, mid), opts);
    yield* this.writeChunk(zone, chunk.slice(mid), opts);
  }

  private async writeOne(zone: TargetZone, item: Item, opts: WriteOptions): Promise<CreateOutcome> {
    try {
      await this.client.call('POST', `/zones/${zone.id}/dns_records`, {
        body: toPayload(item.record, zone.name),
        signal: neverAborts,
        onWait: opts.onWait,
      });
      return { index: item.index, status: 'created' };
    } catch (err) {
      if (err instanceof UnknownOutcomeError) {
        let last: CreateOutcome = { index: item.index, status: 'failed', message: err.message };
        for await (const o of this.reconcile(zone, [item], opts)) last = o;
        return last;
      }
      if (!(err instanceof UpstreamError)) throw err;
      if (typeof err.upstreamCode === 'number' && DUPLICATE_CODES.has(err.upstreamCode)) {
        return { index: item.index, status: 'exists', detail: err.upstreamMessage };
      }
      if (err.kind !== 'invalid' && err.kind !== 'conflict') throw err;
      return { index: item.index, status: 'failed', code: err.upstreamCode, message: err.message };
    }
  }

  /**
   * After a write whose answer was lost: list the zone, count what is there now as created,
   * and write only the rest — so a retry can never create a record twice.
   */
  private async *reconcile(zone: TargetZone, chunk: Item[], opts: WriteOptions): AsyncGenerator<CreateOutcome> {
    if (this.reconcilesLeft-- <= 0) {
      for (const it of chunk) {
        yield {
          index: it.index,
          status: 'failed',
          message: 'the target kept failing to confirm writes; re-run the migration to finish (it will not create duplicates)',
        };
      }
      return;
    }
    const present = new Set((await this.listRecords(zone, { signal: neverAborts })).map(recordKey));
    const missing: Item[] = [];
    for (const it of chunk) {
      if (present.has(recordKey(it.record))) yield { index: it.index, status: 'created' };
      else missing.push(it);
    }
    if (missing.length === chunk.length && chunk.length === 1) {
      // Still not there after an unknown outcome: one more plain attempt decides it.
      yield await this.writeOne(zone, chunk[0] as Item, opts);
      return;
    }
    yield* this.writeChunk(zone, missing, opts);
  }

  private async findZone(name: string, signal: AbortSignal, onWait: CallInit['onWait']): Promise<TargetZone | null> {
    const zones = await this.client.listAll<CloudflareZone>('/zones', { name, 'account.id': this.accountId }, 50, signal, { onWait });
    const zone = zones.find((z) => z.name.toLowerCase() === name);
    return zone ? toZone(zone, false) : null;
  }
}

const neverAborts = new AbortController().signal;

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
 * How many batches (of sizes differing by one at most, each within `limit`): once there is more than
 * one round of batches, as many as fill every round, so the last round is not one batch alone while
 * the other slots idle (10,000 records, 200 per batch, 4 slots: 52 batches of 192–193 instead of 50
 * of 200). At most `slots` − 1 more requests.
 */
export function batchCount(records: number, limit: number, slots: number): number {
  const batches = Math.ceil(records / limit);
  return batches <= slots ? batches : Math.min(records, Math.ceil(batches / slots) * slots);
}

function toZone(z: CloudflareZone, created: boolean): TargetZone {
  return { id: z.id, name: z.name, status: z.status, nameServers: z.name_servers ?? [], created };
}
