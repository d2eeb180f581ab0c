import { cf } from './errors';
import { identical, type Plan, type RecordFields } from './records';

/** In-memory model of the accounts, tokens, zones and records behind the simulated API. */

export type Permission = 'zone:read' | 'zone:edit' | 'dns:read' | 'dns:edit';
export const ALL_PERMISSIONS: Permission[] = ['zone:read', 'zone:edit', 'dns:read', 'dns:edit'];
export type TokenStatus = 'active' | 'disabled' | 'expired';

export interface Account {
  id: string;
  name: string;
  type: 'standard' | 'enterprise';
  created_on: string;
  /** Records all the account's zones may hold together; null when each zone has its own quota. */
  recordQuota: number | null;
}

export interface Token {
  value: string;
  id: string;
  kind: 'user' | 'account';
  accountIds: string[];
  permissions: Set<Permission>;
  status: TokenStatus;
  not_before?: string;
  expires_on?: string;
}

export interface StoredRecord extends RecordFields {
  id: string;
  created_on: string;
  modified_on: string;
  comment_modified_on?: string;
  tags_modified_on?: string;
}

export interface Zone {
  id: string;
  name: string;
  accountId: string;
  status: string;
  plan: Plan;
  type: 'full' | 'partial' | 'secondary' | 'internal';
  nameServers: string[];
  originalNameServers: string[] | null;
  created_on: string;
  modified_on: string;
  activated_on: string | null;
  /** Records the zone may hold; null when the account's quota applies. */
  recordQuota: number | null;
  store: RecordStore;
}

/** Deterministic PRNG (mulberry32): the same seed gives the same ids and the same faults. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Undo steps of a batch, run in reverse when any of its operations fails. */
export type Journal = Array<() => void>;

const SORT_KEYS = ['type', 'name', 'content', 'ttl', 'proxied'] as const;
export type RecordOrder = (typeof SORT_KEYS)[number];
export function isRecordOrder(s: string): s is RecordOrder {
  return (SORT_KEYS as readonly string[]).includes(s);
}

function cmp(a: string | number | boolean, b: string | number | boolean): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The records of one zone, indexed by id and by name so that conflict checks and name lookups stay O(1). */
export class RecordStore {
  readonly byId = new Map<string, StoredRecord>();
  private readonly byName = new Map<string, Set<string>>();
  private version = 0;
  private readonly sortCache = new Map<string, { version: number; list: StoredRecord[] }>();

  get size(): number {
    return this.byId.size;
  }

  atName(name: string): StoredRecord[] {
    const ids = this.byName.get(name);
    if (!ids) return [];
    const out: StoredRecord[] = [];
    for (const id of ids) {
      const r = this.byId.get(id);
      if (r) out.push(r);
    }
    return out;
  }

  insert(rec: StoredRecord, journal?: Journal): void {
    this.byId.set(rec.id, rec);
    let set = this.byName.get(rec.name);
    if (!set) this.byName.set(rec.name, (set = new Set()));
    set.add(rec.id);
    this.version++;
    journal?.push(() => this.remove(rec.id));
  }

  remove(id: string, journal?: Journal): StoredRecord | undefined {
    const rec = this.byId.get(id);
    if (!rec) return undefined;
    this.byId.delete(id);
    const set = this.byName.get(rec.name);
    set?.delete(id);
    if (set && set.size === 0) this.byName.delete(rec.name);
    this.version++;
    journal?.push(() => this.insert(rec));
    return rec;
  }

  replace(rec: StoredRecord, journal?: Journal): void {
    const old = this.remove(rec.id);
    this.insert(rec);
    if (journal && old) {
      journal.push(() => {
        this.remove(rec.id);
        this.insert(old);
      });
    }
  }

  /**
   * The same-name rules of records-with-same-name.mdx, checked against the records as they are now
   * (within a batch: after the operations before this one). `selfId` is the record being replaced.
   */
  checkConflicts(f: RecordFields, zoneName: string, selfId?: string): void {
    const here = this.atName(f.name).filter((r) => r.id !== selfId);
    const isAddr = f.type === 'A' || f.type === 'AAAA';
    if (f.type === 'CNAME' && here.some((r) => r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME')) throw cf.cnameConflict();
    if (isAddr && here.some((r) => r.type === 'CNAME')) throw cf.cnameExists();
    if (f.name !== zoneName) {
      // A delegation holds NS, and the DS that signs it (RFC 4035 §2.4): nothing else.
      if (f.type !== 'NS' && f.type !== 'DS' && here.some((r) => r.type === 'NS')) throw cf.nsExists();
      if (f.type === 'NS' && here.some((r) => r.type !== 'NS' && r.type !== 'DS')) throw cf.nsOthersExist();
      if (isAddr || f.type === 'CNAME') {
        // Below a delegation (NS at an ancestor name inside the zone) the zone is not authoritative.
        let n = f.name;
        for (let i = n.indexOf('.'); i >= 0; i = n.indexOf('.')) {
          n = n.slice(i + 1);
          if (n === zoneName || n.length < zoneName.length) break;
          if (this.atName(n).some((r) => r.type === 'NS')) throw cf.nsExists();
        }
      }
    }
    if (f.type === 'TXT') {
      let total = f.content.length;
      for (const r of here) if (r.type === 'TXT') total += r.content.length;
      if (total > 8192) throw cf.txtCombinedTooLong();
    }
    if (here.some((r) => identical(r, f))) throw cf.identical();
  }

  /** All records sorted for listing; the sorted array is cached until the next write. */
  sorted(order: RecordOrder, direction: 'asc' | 'desc'): StoredRecord[] {
    const key = `${order}:${direction}`;
    const hit = this.sortCache.get(key);
    if (hit && hit.version === this.version) return hit.list;
    const list = sortRecords([...this.byId.values()], order, direction);
    this.sortCache.set(key, { version: this.version, list });
    return list;
  }
}

export function sortRecords(list: StoredRecord[], order: RecordOrder, direction: 'asc' | 'desc'): StoredRecord[] {
  const sign = direction === 'desc' ? -1 : 1;
  return list.sort(
    (a, b) => sign * cmp(a[order], b[order]) || cmp(a.type, b.type) || cmp(a.name, b.name) || cmp(a.content, b.content) || cmp(a.id, b.id),
  );
}

export function recordToWire(r: StoredRecord): Record<string, unknown> {
  const w: Record<string, unknown> = { id: r.id, name: r.name, type: r.type, content: r.content };
  if (r.priority !== undefined && (r.type === 'MX' || r.type === 'SRV' || r.type === 'URI')) w.priority = r.priority;
  w.proxiable = r.proxiable;
  w.proxied = r.proxied;
  w.ttl = r.ttl;
  if (r.data) w.data = { ...r.data };
  w.settings = { ...r.settings };
  w.meta = {};
  w.comment = r.comment;
  w.tags = [...r.tags];
  w.created_on = r.created_on;
  w.modified_on = r.modified_on;
  if (r.comment_modified_on) w.comment_modified_on = r.comment_modified_on;
  if (r.tags_modified_on) w.tags_modified_on = r.tags_modified_on;
  return w;
}

/** Pool the assigned name-server pairs are drawn from (real Cloudflare uses first names like these). */
const NS_NAMES = [
  'ada',
  'alan',
  'amy',
  'arch',
  'bart',
  'beth',
  'bob',
  'carl',
  'cass',
  'dana',
  'dave',
  'dina',
  'elle',
  'emma',
  'fay',
  'gina',
  'hank',
  'iris',
  'jack',
  'jade',
  'kate',
  'kurt',
  'lara',
  'leo',
  'lily',
  'lou',
  'mark',
  'mary',
  'nash',
  'nina',
  'olga',
  'pat',
  'rob',
  'rose',
  'sam',
  'sue',
  'tom',
  'uma',
  'vera',
  'walt',
  'yan',
  'zoe',
];

export function assignedNameServers(zoneName: string): string[] {
  const h = fnv1a(zoneName);
  const i = h % NS_NAMES.length;
  const j = (i + 1 + ((h >>> 8) % (NS_NAMES.length - 1))) % NS_NAMES.length;
  return [`${NS_NAMES[i]}.ns.cloudflare.com`, `${NS_NAMES[j]}.ns.cloudflare.com`];
}

/** A batch as it committed: the records (as the API returns them) of each list. */
export interface CommittedBatch {
  zoneId: string;
  deletes: unknown[];
  patches: unknown[];
  puts: unknown[];
  posts: unknown[];
}
const BATCHES_KEPT = 1000;

export class SimState {
  readonly accounts = new Map<string, Account>();
  readonly tokens = new Map<string, Token>();
  readonly zones = new Map<string, Zone>();
  readonly zoneIdByName = new Map<string, string>();
  readonly unregistered = new Set<string>();
  /** Zone additions through the API per account (times), for the 25-per-10-minutes limit. */
  readonly zoneAdditions = new Map<string, number[]>();
  /** That limit; null = not enforced. */
  zoneAdditionLimit: { zones: number; windowMs: number } | null = null;
  /** Record quotas by plan (false: no zone or account has one). */
  recordQuotas = true;
  /** The batches that committed, newest last (bounded): what each removed, patched, replaced and added. */
  readonly batches: CommittedBatch[] = [];
  private readonly rand: () => number;

  constructor(
    seed: number,
    readonly now: () => number,
  ) {
    this.rand = prng(seed ^ 0x5eed1d5);
  }

  commitBatch(b: CommittedBatch): void {
    this.batches.push(b);
    if (this.batches.length > BATCHES_KEPT) this.batches.splice(0, this.batches.length - BATCHES_KEPT);
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** 32 lower-case hex characters, like every Cloudflare object id. */
  newId(): string {
    let s = '';
    for (let i = 0; i < 4; i++)
      s += Math.floor(this.rand() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return s;
  }

  randomToken(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.rand() * alphabet.length)];
    return s;
  }

  /** The zone of that name that answers in the DNS, or the one an account holds. */
  zoneByName(name: string, accountId?: string): Zone | undefined {
    if (accountId !== undefined) return this.zoneIn(name.toLowerCase(), accountId);
    const id = this.zoneIdByName.get(name.toLowerCase());
    return id ? this.zones.get(id) : undefined;
  }

  /** Records in all the account's zones, as the account's usage counts them. */
  accountRecords(accountId: string): number {
    let n = 0;
    for (const z of this.zones.values()) if (z.accountId === accountId) n += z.store.size;
    return n;
  }

  /** One more record in the zone would pass its quota, or its account's: 81045. */
  checkRecordQuota(zone: Zone): void {
    if (zone.recordQuota !== null) {
      if (zone.store.size >= zone.recordQuota) throw cf.recordQuotaExceeded();
      return;
    }
    const quota = this.accounts.get(zone.accountId)?.recordQuota ?? null;
    if (quota !== null && this.accountRecords(zone.accountId) >= quota) throw cf.recordQuotaExceeded();
  }

  zoneIn(name: string, accountId: string): Zone | undefined {
    for (const z of this.zones.values()) if (z.name === name && z.accountId === accountId) return z;
    return undefined;
  }

  deleteZone(id: string): void {
    const z = this.zones.get(id);
    if (!z) return;
    this.zones.delete(id);
    if (this.zoneIdByName.get(z.name) !== id) return;
    this.zoneIdByName.delete(z.name);
    for (const other of this.zones.values()) {
      if (other.name === z.name) {
        this.zoneIdByName.set(z.name, other.id);
        break;
      }
    }
  }
}
