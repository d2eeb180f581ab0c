import {
  MAX_LISTED_MISMATCHES,
  isProxiable,
  isProxied,
  describeValue,
  recordKey,
  type DnsRecord,
  type ParityMismatch,
  type RecordType,
} from '@dnsferry/shared';
import { canonicalize } from '../records/canonical';
import type { DirectAnswer } from '../dns/direct-client';
import { pool } from '../flow/pool';

/** Asks the target's name servers for one RRset (`fqdn`, `type`), naming the records `relName`. */
export type AskTarget = (fqdn: string, type: RecordType, relName: string) => Promise<DirectAnswer>;

export interface ParityResult {
  checked: number;
  matching: number;
  /** At most MAX_LISTED_MISMATCHES, in the order of the expected records. */
  mismatches: ParityMismatch[];
  /** How many RRsets differ, all of them. */
  mismatchedSets: number;
  /** Records that count as matching because the target reports them proxied (it answers with its own addresses). */
  proxied: number;
}

/** Queries in flight at once: loopback or a nearby authority answers in well under a millisecond each. */
export const CONCURRENCY = 64;

/**
 * Compares, name by name and type by type, what the target's name servers answer with what the zone
 * should hold, on the canonical form the engine uses (case, trailing dots, TXT strings; TTL ignored).
 * A record counts as matching when its whole RRset answers exactly as expected. `targetRecords` is the
 * target's own listing: a proxied A/AAAA/CNAME answers with the target's addresses, so such an RRset
 * counts as matching when the target reports it proxied and holds exactly its records.
 */
export async function checkParity(
  zone: string,
  expected: DnsRecord[],
  targetRecords: DnsRecord[],
  ask: AskTarget,
  signal?: AbortSignal,
  /** RRsets (`name|TYPE`) kept both ways: they match when the expected records are among the answers. */
  alongside: ReadonlySet<string> = new Set(),
): Promise<ParityResult> {
  const sets = new Map<string, { name: string; type: RecordType; records: DnsRecord[] }>();
  for (const r of expected) {
    const k = `${r.type}|${r.name}`;
    const set = sets.get(k);
    if (set) {
      if (!set.records.some((x) => recordKey(x) === recordKey(r))) set.records.push(r);
    } else sets.set(k, { name: r.name, type: r.type, records: [r] });
  }
  const atTarget = new Map<string, DnsRecord[]>();
  for (const r of targetRecords) {
    const k = `${r.type}|${r.name}`;
    const list = atTarget.get(k);
    if (list) list.push(r);
    else atTarget.set(k, [r]);
  }

  const list = [...sets.values()];
  const outcomes: Array<{ ok: boolean; proxied: boolean; mismatch?: ParityMismatch }> = [];
  const compare = async (i: number) => {
    // Once the client is gone, no further query starts.
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
    const set = list[i] as (typeof list)[number];
    return compareSet(zone, set, atTarget, ask, alongside.has(`${set.name}|${set.type}`));
  };
  for await (const settled of pool(list.keys(), CONCURRENCY, compare)) {
    if (!settled.ok) throw settled.error;
    outcomes[settled.item] = settled.value;
  }

  const result: ParityResult = { checked: 0, matching: 0, mismatches: [], mismatchedSets: 0, proxied: 0 };
  list.forEach((set, i) => {
    const o = outcomes[i];
    result.checked += set.records.length;
    if (o?.ok) {
      result.matching += set.records.length;
      if (o.proxied) result.proxied += set.records.length;
    } else {
      result.mismatchedSets++;
      if (o?.mismatch && result.mismatches.length < MAX_LISTED_MISMATCHES) result.mismatches.push(o.mismatch);
    }
  });
  return result;
}

async function compareSet(
  zone: string,
  set: { name: string; type: RecordType; records: DnsRecord[] },
  atTarget: Map<string, DnsRecord[]>,
  ask: AskTarget,
  both: boolean,
): Promise<{ ok: boolean; proxied: boolean; mismatch?: ParityMismatch }> {
  const sameKeys = both ? amongKeys : exactKeys;
  const expectedValues = set.records.map(describeValue).sort();
  const held = atTarget.get(`${set.type}|${set.name}`) ?? [];
  if (isProxiable(set) && held.some(isProxied)) {
    // Proxied: the answer shows the target's addresses, so the target's own listing is the evidence.
    const ok = sameKeys(set.records, held);
    return ok
      ? { ok, proxied: true }
      : {
          ok,
          proxied: true,
          mismatch: {
            name: set.name,
            type: set.type,
            expected: expectedValues,
            actual: held.map((r) => `${describeValue(r)} (proxied)`).sort(),
          },
        };
  }
  const fqdn = set.name === '@' ? zone : `${set.name}.${zone}`;
  let answer: DirectAnswer;
  try {
    answer = await ask(fqdn, set.type, set.name);
  } catch (err) {
    return {
      ok: false,
      proxied: false,
      mismatch: {
        name: set.name,
        type: set.type,
        expected: expectedValues,
        actual: [`no answer: ${err instanceof Error ? err.message : String(err)}`],
      },
    };
  }
  const actual = answer.records.map((r) => canonicalize(r, zone) ?? r);
  const ok = answer.unreadable.length === 0 && sameKeys(set.records, actual);
  if (ok) return { ok, proxied: false };
  return {
    ok,
    proxied: false,
    mismatch: {
      name: set.name,
      type: set.type,
      expected: expectedValues,
      actual: [...actual.map(describeValue), ...answer.unreadable].sort(),
    },
  };
}

function exactKeys(a: DnsRecord[], b: DnsRecord[]): boolean {
  const x = new Set(a.map(recordKey));
  const y = new Set(b.map(recordKey));
  return x.size === y.size && [...x].every((k) => y.has(k));
}

/** Every expected record `a` is among the answers `b`, which may hold more. */
function amongKeys(a: DnsRecord[], b: DnsRecord[]): boolean {
  const y = new Set(b.map(recordKey));
  return a.every((r) => y.has(recordKey(r)));
}
