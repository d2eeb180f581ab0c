import { describeValue, type MigrateEvent } from '@dnsferry/shared';
import { columnsOf, hanging } from './fit';

/**
 * What a dry run would do to a zone, one line per RRset and action, as a terminal shows it before the
 * counts: create, replace (the target's records that give way → the source's), update (TTL or proxy
 * set in place), remove, fail and skip, each with its reason. Read from the events alone, as any
 * client of the stream could.
 */

type Action = 'create' | 'replace' | 'update' | 'remove' | 'fail' | 'skip';
const ORDER: Action[] = ['create', 'replace', 'update', 'remove', 'fail', 'skip'];

interface Entry {
  action: Action;
  type: string;
  name: string;
  values: string[];
  /** replace: what the target held; update: what changes. */
  before: string[];
  reason: string | null;
}

interface ZoneChanges {
  entries: Map<string, Entry>;
  /** Removals, kept apart until the end: those in an RRset the source also writes are part of a replace. */
  removals: Array<{ type: string; name: string; value: string }>;
  /** Per RRset (`name type`), what the run leaves differing from the source, as the conflict event says it. */
  notes: Map<string, string>;
}

/** RRsets listed per zone; the rest are counted (--json has every event). */
const LISTED = 200;

/** The apex first, then names as a zone file sorts them. */
const byName = (a: string, b: string) => (a === b ? 0 : a === '@' ? -1 : b === '@' ? 1 : a.localeCompare(b));

/** The sentence of a record event, without its `[i/n]` position and the `TYPE name` it starts with. */
function reasonOf(e: { message: string; record?: { type: string; name: string } }): string {
  let text = e.message.replace(/^\[\d+\/\d+\] /, '');
  if (e.record && text.startsWith(`${e.record.type} ${e.record.name} `)) text = text.slice(`${e.record.type} ${e.record.name} `.length);
  return text.replace(/^(✗ |skipped: )/, '');
}

export class ChangeList {
  private readonly zones = new Map<string, ZoneChanges>();

  add(e: MigrateEvent): void {
    if (e.type === 'done' || e.type === 'status' || e.type === 'success' || e.type === 'zone-complete') return;
    const zone = this.zoneOf(e.zone);
    if (e.type === 'info') {
      if (e.conflict) {
        const prefix = `${e.conflict.name} ${e.conflict.type}: `;
        zone.notes.set(`${e.conflict.name} ${e.conflict.type}`, e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message);
      }
      return;
    }
    if (e.type === 'remove') {
      if (e.record) zone.removals.push({ type: e.record.type, name: e.record.name, value: describeValue(e.record) });
      return;
    }
    if (e.type === 'error' && e.index === undefined) return; // the zone's own failure: the failures list says it
    const record = e.record;
    const type = record?.type ?? '';
    const name = record?.name ?? reasonOf(e).replace(/ ✗.*$/, '');
    const value = record ? describeValue(record) : '';
    let action: Action;
    let before: string[] = [];
    let reason: string | null = null;
    if (e.type === 'record') {
      action = e.change === 'update' ? 'update' : e.replaces?.length ? 'replace' : 'create';
      before = e.replaces ?? [];
      // An update says what changes in its closing brackets: (proxied → DNS only, TTL 1 → 300).
      if (action === 'update') reason = /\(([^()]*)\)$/.exec(e.message)?.[1] ?? null;
    } else {
      action = e.type === 'skip' ? 'skip' : 'fail';
      reason = record ? reasonOf(e) : reasonOf(e).replace(/^.*? ✗ /, '');
    }
    const key = `${name} ${type} ${action} ${action === 'skip' || action === 'fail' ? (reason ?? '') : ''}`;
    const entry = zone.entries.get(key) ?? { action, type, name, values: [], before: [], reason };
    if (value !== '') entry.values.push(value);
    for (const b of before) if (!entry.before.includes(b)) entry.before.push(b);
    zone.entries.set(key, entry);
  }

  /** The zone's lines for a terminal `width` columns wide, or none when nothing was told of it. */
  lines(zoneName: string, width: number): string[] {
    const zone = this.zones.get(zoneName);
    if (!zone) return [];
    const entries = [...zone.entries.values()];
    // A removal in an RRset the source writes is the other half of a replace; the rest are removals.
    for (const r of zone.removals) {
      const replaced = entries.find((e) => e.name === r.name && e.type === r.type && (e.action === 'replace' || e.action === 'create'));
      if (replaced) {
        replaced.action = 'replace';
        if (!replaced.before.includes(r.value)) replaced.before.push(r.value);
      } else {
        const key = `${r.name} ${r.type} remove`;
        const entry = zone.entries.get(key) ?? {
          action: 'remove' as const,
          type: r.type,
          name: r.name,
          values: [],
          before: [],
          reason: null,
        };
        entry.values.push(r.value);
        zone.entries.set(key, entry);
        if (!entries.includes(entry)) entries.push(entry);
      }
    }
    entries.sort((a, b) => ORDER.indexOf(a.action) - ORDER.indexOf(b.action) || byName(a.name, b.name) || a.type.localeCompare(b.type));
    const typeWidth = Math.max(4, ...entries.map((e) => columnsOf(e.type)));
    const nameWidth = Math.min(Math.max(1, ...entries.map((e) => columnsOf(e.name))), Math.floor(width / 3));
    const out = [`${zoneName}: what the run would do`];
    const noted = new Set<string>();
    for (const e of entries.slice(0, LISTED)) {
      const name = columnsOf(e.name) > nameWidth ? e.name : e.name.padEnd(nameWidth);
      const head = `  ${e.action.padEnd(7)}  ${e.type.padEnd(typeWidth)}  ${name}  `;
      // What a write leaves differing (both answer, add mode); a skip or a failure says it in its reason.
      const writes = e.action === 'create' || e.action === 'replace' || e.action === 'update';
      const note = !writes || noted.has(`${e.name} ${e.type}`) ? undefined : zone.notes.get(`${e.name} ${e.type}`);
      noted.add(`${e.name} ${e.type}`);
      const text = [this.detail(e), ...(note ? [`(${note})`] : [])].filter((t) => t !== '').join(' ');
      out.push(...hanging(head, text, width));
    }
    if (entries.length > LISTED) out.push(`  … and ${entries.length - LISTED} more (--json lists every event)`);
    return out;
  }

  private detail(e: Entry): string {
    const values = e.values.join(', ');
    switch (e.action) {
      case 'replace':
        return `${e.before.join(', ') || '…'} → ${values}`;
      case 'update':
        return e.reason ? `${values}: ${e.reason}` : values;
      case 'skip':
      case 'fail':
        return e.reason ? (values ? `${values}: ${e.reason}` : e.reason) : values;
      default:
        return values;
    }
  }

  private zoneOf(name: string): ZoneChanges {
    let zone = this.zones.get(name);
    if (!zone) {
      zone = { entries: new Map(), removals: [], notes: new Map() };
      this.zones.set(name, zone);
    }
    return zone;
  }
}
