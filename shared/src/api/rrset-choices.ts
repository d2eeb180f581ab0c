import { z } from 'zod';
import { RecordNameSchema, RecordTypeSchema, resolveName } from '../records';

/**
 * What a run does with one RRset (name + type) where the target already holds records:
 * - `keep`: the target's records stay as they are; the source's are not added (nor its TTL or proxy set);
 * - `replace`: the RRset answers exactly as the source says (mirror for this RRset alone): the source's
 *   records created, the target's other records of it removed, TTL and proxy set as the source says,
 *   and what cannot sit beside it at its name (a CNAME, or data beside a source CNAME) removed;
 * - `add`: keep both (add mode for this RRset): the source's records created beside the target's, whose
 *   TTL and proxy stay. A record that would break what the name may hold (a second SPF policy, a CNAME
 *   beside other data) cannot be kept both ways: it fails, naming the rule, and the dry run says so.
 */
export const RRsetActionSchema = z.enum(['keep', 'replace', 'add'], { error: 'action is "keep", "replace" or "add"' });
export type RRsetAction = z.infer<typeof RRsetActionSchema>;

export const RRsetChoiceSchema = z.object({
  /** Relative to the zone (`www`, `@` for the apex), or a FQDN inside it, as a record's name. */
  name: RecordNameSchema,
  type: RecordTypeSchema,
  action: RRsetActionSchema,
});
export type RRsetChoice = z.infer<typeof RRsetChoiceSchema>;

/**
 * RRsets one zone may list. A zone's `mode` decides every RRset it does not list, so a list only needs
 * the RRsets chosen otherwise; the bound keeps the list one short check (it is parsed whole).
 */
export const MAX_RRSET_CHOICES = 10_000;

export const RRsetChoicesSchema = z
  .array(RRsetChoiceSchema)
  .max(MAX_RRSET_CHOICES, { error: `rrsets lists at most ${MAX_RRSET_CHOICES} RRsets; the zone's "mode" decides the others` });

/** `name|TYPE` of an RRset, its name relative to `zone` and in lower case: how plans and choices meet. Null: outside the zone. */
export function rrsetKey(zone: string, name: string, type: string): string | null {
  const relative = resolveName(name, zone);
  return relative === null ? null : `${relative.toLowerCase()}|${type}`;
}

/**
 * A zone's list checked against its name: every RRset inside the zone and listed once (two actions
 * for one RRset would leave the run to pick one). Adds its issues under `path`.
 */
export function refineRRsetChoices(
  zone: string,
  choices: readonly RRsetChoice[],
  ctx: z.RefinementCtx,
  path: ReadonlyArray<string | number>,
): void {
  const seen = new Map<string, number>();
  for (const [i, c] of choices.entries()) {
    const key = rrsetKey(zone, c.name, c.type);
    if (key === null) {
      ctx.addIssue({ code: 'custom', path: [...path, i, 'name'], message: `${c.name} is outside the zone ${zone}` });
      return;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, i],
        message: `${c.name} ${c.type} is listed twice (also at rrsets.${earlier}): give each RRset one action`,
      });
      return;
    }
    seen.set(key, i);
  }
}
