import { MAX_RRSET_CHOICES, RRsetChoiceSchema, type Conflict, type RRsetAction, type RRsetChoice } from '@dnsferry/shared';

/*
 * What each choice of the review leaves at an RRset, worked out from what the dry run told of it, and
 * how the choices of a zone are sent (`zones[].rrsets`, docs/api.md "Choosing per RRset").
 */

/** `keep-target`: the target's records stay; `replace`: the source's answer; `keep-both`: both answer. */
export type ConflictChoice = 'keep-target' | 'replace' | 'keep-both';

/** What the dry run told of an RRset's two sides (a conflict's `source`, `target`, `bothRefused`). */
type ConflictSides = Readonly<Pick<Conflict, 'bothRefused'>> & { readonly source: readonly string[]; readonly target: readonly string[] };

const ACTION: Record<ConflictChoice, RRsetAction> = { 'keep-target': 'keep', replace: 'replace', 'keep-both': 'add' };

/** The request's word for a choice. */
export const actionOf = (choice: ConflictChoice): RRsetAction => ACTION[choice];

/** Why the choice cannot be carried out at this RRset (keeping both would break a rule), or null. */
export function refusalOf(c: ConflictSides, choice: ConflictChoice): string | null {
  return choice === 'keep-both' && c.bothRefused ? c.bothRefused : null;
}

/**
 * What answers at the RRset after a run with this choice: the target's records, the source's, or
 * both (nothing that cannot be carried out: the run would refuse the source's record that breaks a
 * rule, and the review holds the run back until another choice is made).
 */
export function answersOf(c: ConflictSides, choice: ConflictChoice): string[] {
  if (choice === 'keep-target') return [...c.target];
  if (choice === 'replace') return [...c.source];
  if (refusalOf(c, choice)) return [...c.target];
  return [...new Set([...c.target, ...c.source])];
}

/** A zone's choices as the request says them: the RRsets chosen otherwise than the zone's mode. */
export function rrsetsOf(mirror: boolean, conflicts: ReadonlyArray<{ name: string; type: string; choice: ConflictChoice }>): RRsetChoice[] {
  const byMode: RRsetAction = mirror ? 'replace' : 'add';
  return conflicts.flatMap((c) => {
    const action = ACTION[c.choice];
    if (action === byMode) return [];
    // the companion named the RRset; a name or type it could not have sent is left to the mode
    const checked = RRsetChoiceSchema.safeParse({ name: c.name, type: c.type, action });
    return checked.success ? [checked.data] : [];
  });
}

/** Why a zone's choices cannot be sent as they are: too many chosen one by one for one request. */
export function tooManyChoices(count: number): string | null {
  return count > MAX_RRSET_CHOICES
    ? `${count} RRsets are chosen one by one, more than the ${MAX_RRSET_CHOICES} one run takes: use the Mirror box for the zone, then choose the exceptions`
    : null;
}
