import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import { MAX_RRSET_CHOICES } from '@dnsferry/shared';
import type { ReportedConflict } from '@/jobs/migrate-events';
import { answersOf, refusalOf, rrsetsOf, tooManyChoices, type ConflictChoice } from '@/utils/conflict-choices';
import type { ZoneModes } from '@/utils/review-zones';
import { useReviewStore } from './review';
import { setKey, useRRsetsStore } from './rrsets';
import { useSourceStore } from './source';

/**
 * What the target already holds where the source has records, and how each zone is to end. Dry runs
 * report each RRset that will not answer as the source says (a stale address beside the new one, a
 * second SPF policy, a proxy or TTL that differs); the review lets the user choose per RRset, and the
 * run carries out each choice as shown (`zones[].rrsets`, in one run, whatever the others are):
 * - `keep-target`: the source's records of the RRset are deselected, and the RRset is sent as `keep`
 *   (so mirror's prune leaves it too);
 * - `replace`: the RRset answers as the source says (`replace`);
 * - `keep-both`: both answer (`add`); where that would break a rule (a second SPF policy, a CNAME
 *   beside other data) the choice is shown as one that cannot be carried out and holds Migrate back.
 * The zone's mode is mirror when its Mirror box is on (every RRset replaced, prune and force offered),
 * add otherwise; only the RRsets chosen otherwise than the mode are listed.
 */
export type { ConflictChoice };

export interface ZoneConflict extends ReportedConflict {
  /** `zone|name|type`: the RRset. */
  key: string;
  /** The review rows that are this RRset's records in the source. */
  rows: string[];
  choice: ConflictChoice;
  /** What answers after the run with this choice. */
  answers: string[];
  /** Why this choice cannot be carried out (keep both, where both would break a rule), or null. */
  refused: string | null;
}

export interface ZoneEnd {
  zone: string;
  conflicts: ZoneConflict[];
  mirror: boolean;
  /** Null when prune is not offered (add mode, or a scan source, which sees only the names it guesses). */
  prune: { on: boolean; count: number | null } | null;
  force: boolean;
  /** Why the zone's choices cannot be carried out as they stand (each a sentence); Migrate waits for none. */
  blocked: string[];
}

export const useConflictsStore = defineStore('conflicts', () => {
  const review = useReviewStore();
  const source = useSourceStore();
  const rrsets = useRRsetsStore();
  const choices = shallowRef<Map<string, 'replace' | 'keep-both'>>(new Map());
  const mirrorOn = shallowRef<Set<string>>(new Set());
  const pruneOn = shallowRef<Set<string>>(new Set());
  const forceOn = shallowRef<Set<string>>(new Set());

  const ends = computed(() => {
    const out = new Map<string, ZoneEnd>();
    const chosen = choices.value;
    for (const z of review.zones) {
      const setRows = rrsets.rows.get(z.name);
      const listed = (rrsets.reported[z.name]?.conflicts ?? [])
        .map((c) => ({ c, key: setKey(z.name, c.name, c.type) }))
        // an RRset the source no longer has (the records were edited since) is no conflict of this review
        .filter(({ key }) => !z.groups || setRows?.has(key));
      const choiceOf = (key: string): ConflictChoice =>
        rrsets.keptByTarget(z.name, key) ? 'keep-target' : (chosen.get(key) ?? 'keep-both');
      const picked = listed.map(({ c, key }) => ({ c, key, choice: choiceOf(key) }));
      const anyBoth = picked.some((p) => p.choice === 'keep-both');
      const anyReplace = picked.some((p) => p.choice === 'replace');
      const mirror = !anyBoth && (anyReplace || mirrorOn.value.has(z.name));
      const conflicts = picked.map(({ c, key, choice }): ZoneConflict => ({
        ...c,
        key,
        rows: setRows?.get(key) ?? [],
        choice,
        answers: answersOf(c, choice),
        refused: refusalOf(c, choice),
      }));
      const blocked = conflicts.flatMap((c) =>
        c.refused
          ? [`${c.name} ${c.type} cannot keep both (its row says why): choose "Keep the target's" or "Replace with the source's"`]
          : [],
      );
      const tooMany = tooManyChoices(rrsetsOf(mirror, conflicts).length);
      if (tooMany) blocked.push(tooMany);
      const targetOnly = rrsets.reported[z.name]?.targetOnly ?? null;
      out.set(z.name, {
        zone: z.name,
        conflicts,
        mirror,
        prune: mirror && source.side.wholeZones ? { on: pruneOn.value.has(z.name), count: targetOnly } : null,
        force: mirror && forceOn.value.has(z.name),
        blocked,
      });
    }
    return out;
  });

  /** Each zone's mode, prune and force, and the RRsets chosen otherwise than its mode, for the request. */
  const zoneModes = computed<ZoneModes>(() => {
    const modes: ZoneModes = {};
    for (const [zone, end] of ends.value) {
      const rrsets = rrsetsOf(end.mirror, end.conflicts);
      if (!end.mirror && rrsets.length === 0) continue;
      modes[zone] = {
        ...(end.mirror ? { mode: 'mirror' as const } : {}),
        ...(end.prune?.on ? { prune: true } : {}),
        ...(end.force ? { force: true } : {}),
        ...(rrsets.length ? { rrsets } : {}),
      };
    }
    return modes;
  });
  /**
   * For the Switch step's check: the RRsets the run leaves other than the source says (kept, or both
   * kept), so the check expects them as chosen rather than as the source has them.
   */
  const checkModes = computed<ZoneModes>(() => {
    const modes: ZoneModes = {};
    for (const [zone, end] of ends.value) {
      const rrsets = rrsetsOf(true, end.conflicts).slice(0, MAX_RRSET_CHOICES);
      if (rrsets.length) modes[zone] = { rrsets };
    }
    return modes;
  });
  /** Every reason the review's choices cannot be carried out as they stand: Migrate waits until there is none. */
  const blocked = computed(() => [...ends.value.values()].flatMap((e) => e.blocked.map((why) => `${e.zone}: ${why}`)));

  function edit<T>(set: { value: Set<T> }, item: T, on: boolean): void {
    const next = new Set(set.value);
    if (on) next.add(item);
    else next.delete(item);
    set.value = next;
  }

  function choose(zone: string, key: string, choice: ConflictChoice): void {
    const list = rrsets.rows.get(zone)?.get(key) ?? [];
    review.setExcluded(list, choice === 'keep-target');
    if (choice === 'keep-target') return;
    const next = new Map(choices.value);
    next.set(key, choice);
    choices.value = next;
  }

  /** Mirror on: every RRset kept both ways is replaced; off: every replaced one is kept both ways. */
  function setMirror(zone: string, on: boolean): void {
    const next = new Map(choices.value);
    for (const c of ends.value.get(zone)?.conflicts ?? []) {
      if (on && c.choice === 'keep-both') next.set(c.key, 'replace');
      if (!on && c.choice === 'replace') next.set(c.key, 'keep-both');
    }
    choices.value = next;
    edit(mirrorOn, zone, on);
    if (!on) {
      edit(pruneOn, zone, false);
      edit(forceOn, zone, false);
    }
  }
  const setPrune = (zone: string, on: boolean) => edit(pruneOn, zone, on);
  const setForce = (zone: string, on: boolean) => edit(forceOn, zone, on);

  return { ends, zoneModes, checkModes, blocked, choose, setMirror, setPrune, setForce };
});
