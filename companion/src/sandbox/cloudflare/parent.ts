import type { SimState } from './state';

/**
 * What the parent zone (the registry, through the registrar) holds for a zone: the name servers it
 * delegates to and its DS records. Not part of Cloudflare's API: the test or the demo sets it on the
 * simulator, and the activation check and DNSSEC read it, as Cloudflare looks at the real parent.
 */
export interface ParentEntry {
  /** Lower case, no trailing dots; null until set (the zone is still delegated elsewhere). */
  nameServers: string[] | null;
  /** DS records in presentation form (`2371 13 2 1F98…`). */
  ds: string[];
}

const parents = new WeakMap<SimState, Map<string, ParentEntry>>();

function table(state: SimState): Map<string, ParentEntry> {
  let t = parents.get(state);
  if (!t) parents.set(state, (t = new Map<string, ParentEntry>()));
  return t;
}

const key = (zone: string) => zone.toLowerCase().replace(/\.$/, '');
const host = (ns: string) => ns.trim().toLowerCase().replace(/\.$/, '');

export function parentOf(state: SimState, zone: string): ParentEntry {
  return table(state).get(key(zone)) ?? { nameServers: null, ds: [] };
}

export function setParentNameServers(state: SimState, zone: string, nameServers: string[]): void {
  const t = table(state);
  t.set(key(zone), { ...parentOf(state, zone), nameServers: nameServers.map(host).sort() });
}

export function setParentDs(state: SimState, zone: string, ds: string[]): void {
  const t = table(state);
  t.set(key(zone), { ...parentOf(state, zone), ds: ds.map((d) => d.trim().replace(/\s+/g, ' ').toUpperCase()) });
}

/** The parent delegates to exactly these name servers (as a set, case and trailing dots aside). */
export function delegatesTo(state: SimState, zone: string, nameServers: string[]): boolean {
  const current = parentOf(state, zone).nameServers;
  if (current === null) return false;
  const wanted = [...new Set(nameServers.map(host))].sort();
  return current.length === wanted.length && current.every((ns, i) => ns === wanted[i]);
}
