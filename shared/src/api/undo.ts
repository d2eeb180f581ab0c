import { z } from 'zod';
import { DnsRecordSchema } from '../records';
import { ZoneNameSchema } from '../names';
import { TargetAccountIdSchema, TargetTokenSchema } from './target-validate';

/** A record at the target, by the id the target gave it. */
const RecordIdSchema = z.string({ error: 'expected a record id' }).min(1).max(64, { error: 'a record id has at most 64 characters' });
const HeldRecordSchema = z.object({ id: RecordIdSchema, record: DnsRecordSchema });
/** A time as the target reported it (Cloudflare's `created_on`), compared as sent, never parsed. */
const TargetTimeSchema = z.string({ error: 'expected the time the target reported' }).min(1).max(64);
/** A record the run created, with the time the target reported creating it. */
const CreatedEntrySchema = HeldRecordSchema.extend({ createdOn: TargetTimeSchema.optional() });
/** A record the run changed in place: as it was, and as the run left it. */
const UpdatedEntrySchema = z.object({ id: RecordIdSchema, before: DnsRecordSchema, after: DnsRecordSchema });

/**
 * What puts one zone back as it was before a run: handed to the client in `zone-complete` (the
 * companion keeps nothing), sent back to `/api/undo`. Records are canonical (names relative to the
 * zone) with the TTL and `proxied` the target held.
 */
export const UndoDataSchema = z.object({
  version: z.literal(1, { error: 'undo data of version 1 is expected' }),
  zone: ZoneNameSchema,
  zoneId: z.string({ error: 'expected the zone id' }).min(1).max(64),
  /** The run created the zone itself (it is deleted only with `deleteZone` and when nothing else is left). */
  zoneCreated: z.boolean(),
  /**
   * When the target created the zone the run created: the zone is deleted only while the target
   * reports this same time for it (a zone made before the run, or since, has another).
   */
  zoneCreatedOn: TargetTimeSchema.optional(),
  /**
   * Records the run created, each with the time the target reported creating it: deleted by the undo
   * only while the target holds that id with that creation time, unchanged since.
   */
  created: z.array(CreatedEntrySchema),
  /** Records the run removed, as they were: created again. */
  removed: z.array(HeldRecordSchema),
  /** Records the run changed in place (TTL, proxy): set back unless changed since. */
  updated: z.array(UpdatedEntrySchema),
});
export type UndoData = z.infer<typeof UndoDataSchema>;
export type UndoDataInput = z.input<typeof UndoDataSchema>;

/**
 * The undo of one change the target confirmed, on the event that reports it (`undo`): one entry of
 * one of undo data's lists; on the `success` of a zone the run created, `zoneCreated` and its time.
 * A client that keeps the pieces of a stream holds the undo of everything that landed, whatever
 * happens to the stream after; `mergeUndo` makes them undo data again.
 */
export const UndoPieceSchema = z.object({
  zoneCreated: z.boolean().optional(),
  zoneCreatedOn: TargetTimeSchema.optional(),
  created: z.array(CreatedEntrySchema).optional(),
  removed: z.array(HeldRecordSchema).optional(),
  updated: z.array(UpdatedEntrySchema).optional(),
});
export type UndoPiece = z.infer<typeof UndoPieceSchema>;

/** A zone's undo data with nothing in it yet: the start of `addUndoPiece`. */
export function emptyUndoData(zone: string, zoneId: string): UndoData {
  return { version: 1, zone, zoneId, zoneCreated: false, created: [], removed: [], updated: [] };
}

/** Adds a piece to a zone's undo data, in place (pieces come one per record: no copy each time). */
export function addUndoPiece(undo: UndoData, piece: UndoPiece): UndoData {
  if (piece.zoneCreated) {
    undo.zoneCreated = true;
    if (piece.zoneCreatedOn !== undefined) undo.zoneCreatedOn = piece.zoneCreatedOn;
  }
  for (const c of piece.created ?? []) undo.created.push(c);
  for (const r of piece.removed ?? []) undo.removed.push(r);
  for (const u of piece.updated ?? []) undo.updated.push(u);
  return undo;
}

/**
 * The pieces of one zone's stream as one undo data: the zone, the id its `success` event gave, and
 * every piece in order. `/api/undo` takes it as it takes `zone-complete`'s; an entry kept both ways
 * counts once there.
 */
export function mergeUndo(zone: string, zoneId: string, pieces: Iterable<UndoPiece>): UndoData {
  const undo = emptyUndoData(zone, zoneId);
  for (const p of pieces) addUndoPiece(undo, p);
  return undo;
}

/** Entries one zone's undo data holds: each becomes one step of the undo (one per record). */
export const undoSteps = (u: Pick<UndoData, 'created' | 'removed' | 'updated'>): number =>
  u.created.length + u.removed.length + u.updated.length;

export const UndoRequestSchema = z
  .object({
    targetToken: TargetTokenSchema,
    targetAccountId: TargetAccountIdSchema,
    zones: z.array(z.object({ name: ZoneNameSchema, undo: UndoDataSchema })).min(1, { error: 'at least one zone is needed' }),
    /** Plan only: the same events and counts, nothing written. */
    dryRun: z.boolean().optional(),
    /** Also delete a zone the run created, when nothing but what the target manages is left in it. */
    deleteZone: z.boolean({ error: 'deleteZone is true or false' }).optional(),
  })
  .superRefine((req, ctx) => {
    for (const [i, z] of req.zones.entries()) {
      if (z.undo.zone !== z.name) {
        ctx.addIssue({
          code: 'custom',
          path: ['zones', i, 'undo', 'zone'],
          message: `this undo data is for ${z.undo.zone}, not ${z.name}`,
        });
      }
    }
  });
export type UndoRequest = z.infer<typeof UndoRequestSchema>;
