import { azureAliasTarget, copiedSetNote, type AliasHome } from '../aliases/azure';
import { groupRoutedSets, nameInZone, resolveRoutedSet, routedProblem, routingNotes, type RoutedSet } from '../aliases/route53';
import { recordKey } from '../records/identity';
import type { DnsRecord } from '../records/schema';
import { azureAlias } from './azure-cli';
import { cli53Alias } from './cli53';
import type { ZoneEntry, ZoneNote } from './schema';

/**
 * The export dialects of other tools, read as the API sources read the same zones: cli53's
 * `AWS ALIAS` lines and routing comments (Route 53), and the Azure CLI's `AZURE ALIAS` lines and its
 * other quirks. Aliases need the whole zone (an alias copies a record of the zone), so they are set
 * aside before the records are read and translated after.
 */
export interface Dialects {
  /** The lines other than aliases that carry a cli53 routing comment, in file order. */
  routedEntries: ZoneEntry[];
  /** The `AWS …` and `AZURE …` lines, in file order. */
  aliases: ZoneEntry[];
  /** The resource group an Azure export's header names (its aliases to the same zone are compared with it). */
  azureResourceGroup: string | null;
  /** Some line carries a cli53 routing comment. */
  routed: boolean;
}

/** cli53's `AWS …` and the Azure CLI's `AZURE …` lines: read once the other records are known. */
export const isAlias = (e: ZoneEntry): boolean => e.type === 'AWS' || e.type === 'AZURE';

export interface Translated {
  records: DnsRecord[];
  lines: number[];
  issues: Array<{ line: number; message: string }>;
  notes: ZoneNote[];
}

/** A record of the zone with the line it was read from. */
interface Read {
  record: DnsRecord;
  line: number;
}

/**
 * The records the alias lines stand for and the notes of routed names, given the records read from
 * the other lines (`records`, `lines`; names relative to `zone`). What an alias answers with at the
 * target is decided by the shared rules of the Route 53 and Azure sources.
 */
export function translateDialects(d: Dialects, zone: string | null, records: readonly DnsRecord[], lines: readonly number[]): Translated {
  const out: Translated = { records: [], lines: [], issues: [], notes: [] };
  if (d.aliases.length === 0 && !d.routed) return out;
  if (zone === null) {
    for (const e of d.aliases)
      out.issues.push({ line: e.line, message: 'an alias needs the zone it belongs to: give the zone, or start the file with $ORIGIN' });
    return out;
  }
  const known = new Set(records.map(recordKey));
  const add = (line: number, found: DnsRecord[]) => {
    for (const record of found) {
      // the A and AAAA aliases of one name may become the same CNAME
      const id = recordKey(record);
      if (known.has(id)) continue;
      known.add(id);
      out.records.push(record);
      out.lines.push(line);
    }
  };
  const read = records.map((record, i) => ({ record, line: lines[i] ?? 0 }));
  route53Aliases(d, zone, read, out, add);
  azureAliases(d, zone, read, out, add);
  out.issues.sort((a, b) => a.line - b.line);
  out.notes.sort((a, b) => a.line - b.line);
  return out;
}

/** cli53's aliases and routed names, through the Route 53 source's rules. */
function route53Aliases(d: Dialects, zone: string, read: Read[], out: Translated, add: (line: number, r: DnsRecord[]) => void): void {
  const aws = d.aliases.filter((e) => e.type === 'AWS');
  if (aws.length === 0 && !d.routed) return;
  const routing = new Map(d.routedEntries.map((e) => [e.line, e.routing]));
  const lineOf = new Map<RoutedSet, number>();
  const byIdentity = new Map<string, RoutedSet>();
  const sets: RoutedSet[] = [];
  for (const { record, line } of read) {
    // one record set per name, type and identifier, as Route 53 holds them
    const r = routing.get(line);
    const id = `${record.type} ${record.name} ${r?.identifier ?? ''}`;
    const set = byIdentity.get(id);
    if (set?.content.kind === 'values') {
      set.content.records.push(record);
      continue;
    }
    const made: RoutedSet = {
      type: record.type,
      name: record.name,
      identifier: r?.identifier,
      policy: r?.policy ?? null,
      healthChecked: r?.healthChecked ?? false,
      content: { kind: 'values', records: [record] },
    };
    byIdentity.set(id, made);
    lineOf.set(made, line);
    sets.push(made);
  }
  const aliases: RoutedSet[] = [];
  for (const entry of aws) {
    const name = nameInZone(entry.owner, zone);
    const parsed =
      name === null ? ({ ok: false, message: `${entry.owner} is not inside the zone ${zone}` } as const) : cli53Alias(entry, name);
    if (!parsed.ok) {
      out.issues.push({ line: entry.line, message: parsed.message });
      continue;
    }
    lineOf.set(parsed.set, entry.line);
    aliases.push(parsed.set);
    sets.push(parsed.set);
  }
  // in file order, so a routed name's notes list its record sets as the file does
  const groups = groupRoutedSets(sets.sort((a, b) => (lineOf.get(a) ?? 0) - (lineOf.get(b) ?? 0)));
  const routedZone = { name: zone, groups };
  for (const set of aliases) {
    const line = lineOf.get(set) ?? 0;
    const r = resolveRoutedSet(routedZone, set);
    if (!r.ok) {
      out.issues.push({ line, message: routedProblem(set, r.message) });
      continue;
    }
    for (const message of r.notes) out.notes.push({ line, message });
    add(line, r.records);
  }
  for (const members of groups.values()) {
    const first = members[0];
    if (first) for (const message of routingNotes(members)) out.notes.push({ line: lineOf.get(first) ?? 0, message });
  }
}

/** The Azure CLI's aliases, through the Azure source's rules; what only Azure can tell is pointed out. */
function azureAliases(d: Dialects, zone: string, read: Read[], out: Translated, add: (line: number, r: DnsRecord[]) => void): void {
  const lines = d.aliases.filter((e) => e.type === 'AZURE');
  if (lines.length === 0) return;
  const home: AliasHome = { name: zone, resourceGroup: d.azureResourceGroup ?? undefined };
  const key = (type: string, name: string) => `${type.toUpperCase()} ${name.toLowerCase()}`;
  const sets = new Map<string, DnsRecord[]>();
  for (const { record } of read) sets.set(key(record.type, record.name), [...(sets.get(key(record.type, record.name)) ?? []), record]);
  const aliases = new Map<string, { entry: ZoneEntry; name: string; type: string; targetId: string }>();
  for (const entry of lines) {
    const name = nameInZone(entry.owner, zone);
    const parsed = azureAlias(entry);
    if (name === null) out.issues.push({ line: entry.line, message: `${entry.owner} is not inside the zone ${zone}` });
    else if (!parsed.ok) out.issues.push({ line: entry.line, message: parsed.message });
    else aliases.set(key(parsed.type, name), { entry, name, type: parsed.type, targetId: parsed.targetId });
  }

  type Outcome = { ok: true; records: DnsRecord[]; note: string } | { ok: false; message: string };
  const resolve = (alias: { entry: ZoneEntry; name: string; type: string; targetId: string }, seen: Set<string>): Outcome => {
    const { name, type } = alias;
    const ttl = alias.entry.ttl >= 1 ? alias.entry.ttl : 1;
    const target = azureAliasTarget(alias.targetId, home);
    switch (target.kind) {
      case 'unsupported':
        return { ok: false, message: target.message };
      case 'traffic-manager':
        return {
          ok: false,
          message: `alias to Traffic Manager profile ${target.name}: its DNS name is not in the zone file; migrate this zone with Azure DNS as the source (which reads it and migrates a CNAME to it), or create a CNAME to the profile's DNS name (….trafficmanager.net) by hand`,
        };
      case 'public-ip':
        return {
          ok: false,
          message: `alias to public IP ${target.name}: its address is not in the zone file; migrate this zone with Azure DNS as the source (which copies the IP's current address), or create the ${type} record by hand`,
        };
      case 'record-set': {
        const k = key(target.type, target.name);
        if (seen.has(k)) return { ok: false, message: 'alias chain loops back on itself' };
        const inner = aliases.get(k);
        let found: DnsRecord[];
        if (inner) {
          const r = resolve(inner, new Set([...seen, key(type, name)]));
          if (!r.ok) return { ok: false, message: `alias to ${target.type} ${target.name}, which is an alias whose ${r.message}` };
          found = r.records;
        } else {
          const set = sets.get(k);
          if (!set) return { ok: false, message: `alias target ${target.type} ${target.name} does not exist in this zone` };
          found = set;
        }
        return { ok: true, records: found.map((r) => ({ ...r, name, ttl })), note: copiedSetNote(type, name, target, found.length) };
      }
    }
  };
  for (const alias of aliases.values()) {
    const r = resolve(alias, new Set());
    const line = alias.entry.line;
    if (!r.ok) {
      out.issues.push({ line, message: `Azure alias record set: ${r.message}` });
      continue;
    }
    out.notes.push({ line, message: r.note });
    add(line, r.records);
  }
}
