import { DnsRecordSchema, isProxied, recordKey, type DnsRecord } from '@dnsferry/shared';
import { canonicalize } from '@dnsferry/companion/records/canonical';
import type {
  CallOptions,
  ChangeOutcome,
  ChangeSet,
  HeldRecord,
  RecordQuota,
  Target,
  TargetRules,
  TargetZone,
} from '@dnsferry/companion/engine/ports';
import { CLOUDFLARE_RULES } from '@dnsferry/companion/providers/cloudflare/capabilities';
import { onboardedRecords } from '@dnsferry/companion/sandbox/cloudflare/onboarding';

/**
 * The engine's `Target` port kept in memory: zones in a Map, records with ids, each change set applied
 * all or nothing (removals first, then updates, then creates), a lone create of a record already held
 * answered `exists`, a zone's record quota enforced on every set. A test double for the engine's own
 * tests: what the engine decides is asserted here, what a provider's wire does is asserted against its
 * simulator (tests/companion/providers/<name>/).
 */

export interface MemoryZone {
  zone: TargetZone;
  records: HeldRecord[];
}

/** A refusal of one record, as a target words it (the set holding it fails whole). */
export interface Refusal {
  code?: number | string;
  message: string;
}

/** What a test may make of one set before the target looks at it. */
export type Fault = 'throw' | 'unsettled' | 'exists' | Refusal | undefined;

export interface MemoryTargetOptions {
  /** What it holds, skips and keeps as TTLs: by default the product's target's (Cloudflare's) rules. */
  rules?: TargetRules;
  /** The record quota: of each zone, or of the whole account; none when absent. */
  quota?: { limit: number; scope: 'zone' | 'account'; plan?: string };
}

export class MemoryTarget implements Target {
  readonly rules: TargetRules;
  readonly zones = new Map<string, MemoryZone>();
  /** The port's calls, in order (`findOrCreateZone`, `listRecords`, `applyChanges`, `recordQuota`, …). */
  readonly calls: string[] = [];
  /** Every set `applyChanges` was handed, in order. */
  readonly sets: ChangeSet[] = [];
  /** The sets of each `applyChanges` call, one list a call. */
  readonly calledWith: ChangeSet[][] = [];
  /** Sets applied (landed whole). */
  writes = 0;
  /** A record the target refuses (a set holding it as a create or an update fails whole); none by default. */
  refuse: (r: DnsRecord) => Refusal | undefined = () => undefined;
  /** What happens to the set at `index` before the target looks at it; by default nothing. */
  fault: (set: ChangeSet, index: number) => Fault = () => undefined;
  /** Zones `expectZones` announced. */
  expected: readonly string[] = [];
  private readonly quota: MemoryTargetOptions['quota'];
  private nextId = 1;
  private clock = Date.UTC(2026, 0, 1);

  constructor(opts: MemoryTargetOptions = {}) {
    this.rules = opts.rules ?? CLOUDFLARE_RULES;
    this.quota = opts.quota;
  }

  /** A zone already at the target, holding `records` (any form the contract takes) as the target holds them. */
  addZone(name: string, records: ReadonlyArray<Record<string, unknown>> = []): MemoryZone {
    const zone: TargetZone = {
      id: `zone-${name}`,
      name,
      status: 'active',
      nameServers: NAME_SERVERS,
      created: false,
      createdOn: this.now(),
    };
    const entry: MemoryZone = { zone, records: [] };
    this.zones.set(name, entry);
    for (const r of records) entry.records.push(this.hold(canonical(r, name)));
    return entry;
  }

  /** Adds a record to a zone as if someone edited it at the target. */
  addRecord(zone: string, record: Record<string, unknown>): HeldRecord {
    const entry = this.zone(zone);
    const held = this.hold(canonical(record, zone));
    entry.records.push(held);
    return held;
  }

  /** A zone as held, one line a record (`TYPE fqdn content ttl [proxied]`), sorted; [] when the zone is gone. */
  lines(zone: string): string[] {
    const entry = this.zones.get(zone);
    if (!entry) return [];
    return entry.records
      .map(
        ({ record: r }) =>
          `${r.type} ${r.name === '@' ? zone : `${r.name}.${zone}`} ${r.content} ${r.ttl}${isProxied(r) ? ' proxied' : ''}`,
      )
      .sort();
  }

  expectZones(names: readonly string[]): void {
    this.calls.push('expectZones');
    this.expected = names;
  }

  findOrCreateZone(name: string, opts: CallOptions & { dryRun: boolean }): Promise<TargetZone | null> {
    this.calls.push('findOrCreateZone');
    const found = this.zones.get(name);
    if (found) return Promise.resolve({ ...found.zone, created: false });
    if (opts.dryRun) return Promise.resolve(null);
    const zone: TargetZone = {
      id: `zone-${name}`,
      name,
      status: 'pending',
      nameServers: NAME_SERVERS,
      created: true,
      createdOn: this.now(),
    };
    this.zones.set(name, { zone, records: [] });
    return Promise.resolve(zone);
  }

  listRecords(zone: TargetZone): Promise<HeldRecord[]> {
    this.calls.push('listRecords');
    return Promise.resolve(this.zone(zone.name).records.map((h) => ({ ...h })));
  }

  deleteZone(zone: TargetZone): Promise<void> {
    this.calls.push('deleteZone');
    this.zones.delete(zone.name);
    return Promise.resolve();
  }

  recordQuota(zone: TargetZone | null): Promise<RecordQuota | null> {
    this.calls.push('recordQuota');
    const q = this.quota;
    if (!q) return Promise.resolve(null);
    const plan = q.plan ? { plan: q.plan } : {};
    if (q.scope === 'zone' && zone === null) return Promise.resolve({ limit: q.limit, used: 0, scope: 'new-zone', ...plan });
    return Promise.resolve({ limit: q.limit, used: zone === null ? this.accountUsed() : this.used(zone.name), scope: q.scope, ...plan });
  }

  async *applyChanges(zone: TargetZone, sets: ChangeSet[], opts: CallOptions): AsyncIterable<ChangeOutcome> {
    this.calls.push('applyChanges');
    this.calledWith.push(sets);
    const entry = this.zone(zone.name);
    for (const [index, set] of sets.entries()) {
      // the port's promise: no new write once the client is gone
      if (opts.signal.aborted) return;
      this.sets.push(set);
      await Promise.resolve();
      const fault = this.fault(set, index);
      if (fault === 'throw') throw new Error('target exploded');
      if (fault === 'unsettled') continue;
      if (fault === 'exists') {
        yield { index, status: 'exists' };
        continue;
      }
      const refusal = fault ?? this.refusal(entry, set);
      if (refusal === 'exists') {
        yield { index, status: 'exists' };
        continue;
      }
      if (refusal) {
        yield { index, status: 'failed', ...(refusal.code === undefined ? {} : { code: refusal.code }), message: refusal.message };
        continue;
      }
      yield { index, ...this.apply(entry, set) };
    }
  }

  private refusal(entry: MemoryZone, set: ChangeSet): Refusal | 'exists' | undefined {
    const ids = new Set(entry.records.map((h) => h.id));
    for (const d of set.deletes) if (!ids.has(d.id)) return { code: 'not_found', message: `no record ${d.id} in ${entry.zone.name}` };
    for (const u of set.updates) {
      if (!ids.has(u.id)) return { code: 'not_found', message: `no record ${u.id} in ${entry.zone.name}` };
      const refused = this.refuse(u.after);
      if (refused) return refused;
    }
    const gone = new Set(set.deletes.map((d) => d.id));
    const kept = new Set(entry.records.filter((h) => !gone.has(h.id)).map((h) => recordKey(h.record)));
    for (const r of set.creates) {
      const refused = this.refuse(r);
      if (refused) return refused;
      if (kept.has(recordKey(r))) {
        if (set.creates.length === 1 && set.deletes.length === 0 && set.updates.length === 0) return 'exists';
        return { code: 'duplicate', message: `${r.type} ${r.name} is already held` };
      }
      kept.add(recordKey(r));
    }
    const limit = this.quota?.limit;
    if (limit !== undefined) {
      const used = this.quota?.scope === 'account' ? this.accountUsed() : entry.records.length;
      if (used - set.deletes.length + set.creates.length > limit) return { code: 'quota', message: `over the record quota (${limit})` };
    }
    return undefined;
  }

  private apply(entry: MemoryZone, set: ChangeSet): { status: 'applied'; createdIds: string[]; createdOn: string[] } {
    const gone = new Set(set.deletes.map((d) => d.id));
    entry.records = entry.records.filter((h) => !gone.has(h.id));
    for (const u of set.updates) {
      const at = entry.records.findIndex((h) => h.id === u.id);
      const was = entry.records[at];
      if (was) entry.records[at] = { ...was, record: this.held(u.after) };
    }
    const made = set.creates.map((r) => this.hold(r));
    entry.records.push(...made);
    this.writes++;
    return { status: 'applied', createdIds: made.map((h) => h.id), createdOn: made.map((h) => h.createdOn ?? '') };
  }

  /** A record as the target keeps it: with the TTL its rules hold (a proxied record's is automatic). */
  private held(r: DnsRecord): DnsRecord {
    return { ...r, ttl: this.rules.heldTtl({ ttl: r.ttl, proxied: isProxied(r) }) };
  }

  private hold(r: DnsRecord): HeldRecord {
    return { id: `r${this.nextId++}`, record: this.held(r), createdOn: this.now() };
  }

  private zone(name: string): MemoryZone {
    const entry = this.zones.get(name);
    if (!entry) throw new Error(`no zone ${name} at the target`);
    return entry;
  }

  private used(zone: string): number {
    return this.quota?.scope === 'account' ? this.accountUsed() : (this.zones.get(zone)?.records.length ?? 0);
  }

  private accountUsed(): number {
    return [...this.zones.values()].reduce((n, z) => n + z.records.length, 0);
  }

  /** Each creation a second later than the one before, so a creation time tells records apart. */
  private now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }
}

const NAME_SERVERS = ['ada.ns.example', 'bob.ns.example'];

/** A record in any form the contract takes, made canonical and relative to `zone` as the engine compares it. */
export function canonical(r: Record<string, unknown>, zone: string): DnsRecord {
  const record = canonicalize(DnsRecordSchema.parse({ ttl: 300, ...r }), zone);
  if (!record) throw new Error(`${String(r.name)} is outside ${zone}`);
  return record;
}

/**
 * A zone as the dashboard's onboarding leaves it at the target (sandbox/cloudflare/onboarding.ts): TTL 1
 * (automatic) everywhere, the web hosts and the mail host proxied.
 */
export function addOnboardedZone(target: MemoryTarget, name: string): MemoryZone {
  return target.addZone(
    name,
    onboardedRecords(name).map((r) => ({
      type: r.type,
      name: r.name,
      content: r.content,
      ...(r.priority === undefined ? {} : { priority: r.priority }),
      ttl: 1,
      ...((r.proxied ?? (r.type === 'A' && ['@', 'www'].includes(r.name))) ? { proxied: true } : {}),
    })),
  );
}
