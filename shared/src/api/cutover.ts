import { z } from 'zod';
import { MigrateRequestSchema, refineSource } from './migrate';

/**
 * POST /api/cutover/check: the migrate body (a script can send it unchanged; `dryRun` is read and has no
 * effect, since the check writes no record), plus `requestActivation`. Built from migrate's fields, not its
 * refinement: here a zone sent without records, zoneFile or table and without source credentials is
 * checked against what the target holds. Source credentials, when sent, must still be complete.
 */
export const CutoverRequestSchema = z
  .object({
    ...MigrateRequestSchema.shape,
    /** When the delegation already points at the target and the zone is still pending, ask the target to check again. */
    requestActivation: z.boolean({ error: 'requestActivation is true or false' }).optional(),
  })
  .superRefine((req, ctx) => {
    // Nothing has to be read from the source here; credentials that are sent must still be complete.
    const sent = req.source !== undefined || [req.sourceToken, req.tenantId, req.clientId, req.clientSecret].some((v) => v !== undefined);
    if (req.source === undefined && sent && !req.subscriptionId) {
      ctx.addIssue({ code: 'custom', path: ['subscriptionId'], message: 'source credentials need a subscriptionId' });
    }
    refineSource(req, ctx, false);
  });
export type CutoverRequest = z.infer<typeof CutoverRequestSchema>;

const zoneMessage = { zone: z.string(), message: z.string() };

export const CutoverStatusEventSchema = z.object({ type: z.literal('status'), ...zoneMessage });
export const CutoverInfoEventSchema = z.object({ type: z.literal('info'), ...zoneMessage });

/** One name and type whose answer from the target's name servers differs from the expected records. */
export const ParityMismatchSchema = z.object({
  /** Relative to the zone, `@` for the apex. */
  name: z.string(),
  type: z.string(),
  /** Values in presentation form (`10 mail.example.com`), sorted. */
  expected: z.array(z.string()),
  actual: z.array(z.string()),
});
export type ParityMismatch = z.infer<typeof ParityMismatchSchema>;

/** At most this many mismatches are listed; `checked` and `matching` stay exact. */
export const MAX_LISTED_MISMATCHES = 100;

export const CutoverZoneReportEventSchema = z.object({
  type: z.literal('zone-report'),
  zone: z.string(),
  /** Every checked record matches and DNSSEC is not a blocker. */
  ready: z.boolean(),
  /** The name servers the target assigned to the zone: what to set at the registrar. */
  nameServers: z.array(z.string()),
  /** The zone's status at the target (`pending`, `active`, …; `missing` when the zone is not there). */
  targetStatus: z.string(),
  delegation: z.object({
    /** What the parent delegates to now: lower case, no trailing dots, sorted. */
    current: z.array(z.string()),
    /** `current` equals `nameServers` as a set. */
    switched: z.boolean(),
  }),
  dnssec: z.object({
    /** The DS records at the parent, in presentation form (`2371 13 2 1F98…`). */
    dsAtParent: z.array(z.string()),
    blocker: z.boolean(),
    message: z.string(),
  }),
  parity: z.object({
    /** Records compared (apex NS/SOA and what the target cannot hold are not). */
    checked: z.number().int(),
    /** Records whose name and type answer exactly as expected. */
    matching: z.number().int(),
    mismatches: z.array(ParityMismatchSchema).max(MAX_LISTED_MISMATCHES),
  }),
  /** One sentence a person can act on. */
  message: z.string(),
});
export type CutoverZoneReport = z.infer<typeof CutoverZoneReportEventSchema>;

export const CutoverDoneEventSchema = z.object({
  type: z.literal('done'),
  results: z.array(z.object({ zone: z.string(), ready: z.boolean() })),
});

export const CutoverEventSchema = z.discriminatedUnion('type', [
  CutoverStatusEventSchema,
  CutoverInfoEventSchema,
  CutoverZoneReportEventSchema,
  CutoverDoneEventSchema,
]);
export type CutoverEvent = z.infer<typeof CutoverEventSchema>;
