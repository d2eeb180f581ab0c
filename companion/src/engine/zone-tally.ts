import type { DnsRecord, MigrateEvent, UndoPiece, ZoneResult } from '@dnsferry/shared';

/** What a line names: a record, or what could not become one (a zone file's line, a source's record set). */
interface Subject {
  type: string;
  name: string;
}

/**
 * A zone's counts, and the per-record events that make them: each record (0-based `i`) is counted
 * once, and its event says `[i/N] TYPE name …`, so the counts of the records sent always add up to N
 * (a removal the source did not ask for is counted as removed, outside N).
 */
export class ZoneTally {
  readonly counts: ZoneResult = { created: 0, updated: 0, skipped: 0, failed: 0, removed: 0 };
  /** N, once the zone's records are known. */
  total = 0;
  /** Which records are counted already: a byte each (a Set of a hundred thousand numbers holds twenty times as much). */
  private accounted = new Uint8Array(0);

  constructor(readonly zone: string) {}

  line(i: number, s: Subject): string {
    return `[${i + 1}/${this.total}] ${s.type} ${s.name}`;
  }

  // The events of each record are written out field by field (in the order `at` gives them): a hundred
  // thousand of them are built without spreading one object into another.
  /** `undo`: the write's own undo, once the target confirmed it (none in a dry run). */
  created(i: number, record: DnsRecord, text: string, replaces?: string[], undo?: UndoPiece): MigrateEvent {
    this.count('created', i);
    const message = `${this.line(i, record)} ${text}`;
    const event: MigrateEvent = { type: 'record', zone: this.zone, index: i + 1, total: this.total, record, message, change: 'create' };
    if (replaces) event.replaces = replaces;
    if (undo) event.undo = undo;
    return event;
  }

  updated(i: number, record: DnsRecord, text: string, undo?: UndoPiece): MigrateEvent {
    this.count('updated', i);
    const message = `${this.line(i, record)} ${text}`;
    const event: MigrateEvent = { type: 'record', zone: this.zone, index: i + 1, total: this.total, record, message, change: 'update' };
    if (undo) event.undo = undo;
    return event;
  }

  /** A record taken from the target: one of those sent (an undo's step, `i`), or one the source did not name. */
  removed(i: number | undefined, record: DnsRecord, text: string, undo?: UndoPiece): MigrateEvent {
    const piece = undo ? { undo } : {};
    if (i === undefined) {
      this.counts.removed++;
      return { type: 'remove', zone: this.zone, record, message: `${record.type} ${record.name} ${text}`, ...piece };
    }
    this.count('removed', i);
    return { type: 'remove', ...this.at(i, record, text), ...piece };
  }

  skipped(i: number, record: DnsRecord, reason: string, drift?: string): MigrateEvent {
    this.count('skipped', i);
    const message = `${this.line(i, record)} ${reason}`;
    const event: MigrateEvent = { type: 'skip', zone: this.zone, index: i + 1, total: this.total, record, message };
    if (drift) event.drift = drift;
    return event;
  }

  failed(i: number, subject: Subject, reason: string, extra: { record?: DnsRecord; code?: number | string } = {}): MigrateEvent {
    this.count('failed', i);
    return { type: 'error', zone: this.zone, index: i + 1, total: this.total, ...extra, message: `${this.line(i, subject)} ✗ ${reason}` };
  }

  /** Every record not counted yet, failed for `reason` (the zone failed), so the counts still add up. */
  *failRest(subjectAt: (i: number) => Subject | undefined, reason: string): Generator<MigrateEvent> {
    for (let i = 0; i < this.total; i++) {
      if (this.accounted[i] !== 1) yield this.failed(i, subjectAt(i) ?? { type: '?', name: '?' }, reason);
    }
  }

  /** What every per-record event of record `i` carries. */
  private at(i: number, record: DnsRecord, text: string) {
    return { zone: this.zone, index: i + 1, total: this.total, record, message: `${this.line(i, record)} ${text}` };
  }

  private count(kind: keyof ZoneResult, i: number): void {
    this.counts[kind]++;
    if (i >= this.accounted.length) {
      const grown = new Uint8Array(Math.max(i + 1, this.total, 2 * this.accounted.length, 1024));
      grown.set(this.accounted);
      this.accounted = grown;
    }
    this.accounted[i] = 1;
  }
}
