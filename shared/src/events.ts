import { z } from 'zod';
import { DnsRecordSchema } from './records';
import { UndoDataSchema, UndoPieceSchema } from './api/undo';
import { RRsetActionSchema } from './api/rrset-choices';
import { ScanCoverageSchema } from './api/scan-coverage';

// ---- scan stream (/api/dns/scan) ----
export const ScanProgressEventSchema = z.object({
  type: z.literal('progress'),
  message: z.string(),
  /** Deep scans: names asked about so far, names found so far, questions asked so far. */
  tried: z.number().int().optional(),
  found: z.number().int().optional(),
  questions: z.number().int().optional(),
  /** Deep scans: where the scan is (`wordlist`, `walk`, `below found names`, …). */
  at: z.string().optional(),
});
export const ScanInfoEventSchema = z.object({ type: z.literal('info'), message: z.string() });
/** A failure of the scan itself; `done` still follows with whatever was found. */
export const ScanErrorEventSchema = z.object({ type: z.literal('error'), message: z.string() });
/** An address of a network's edge found by the scan (e.g. a proxy in front of the site): whose it is and what that means. */
export const EdgeAddressSchema = z.object({
  record: DnsRecordSchema,
  /** The network whose published ranges hold the address (`Cloudflare`, `Fastly`). */
  network: z.string(),
  /** True when the address is a proxy's, not the site's: the record is left out of `records` unless the user chooses it. */
  setApart: z.boolean(),
  message: z.string(),
});
export type EdgeAddress = z.infer<typeof EdgeAddressSchema>;

export const ScanDoneEventSchema = z.object({
  type: z.literal('done'),
  records: z.array(DnsRecordSchema),
  total: z.number().int(),
  subdomainsFound: z.array(z.string()),
  /** Records whose address is an edge network's; those set apart are not in `records`. */
  edge: z.array(EdgeAddressSchema).optional(),
  /** What the scan could and could not see: how it found its names, whether the zone can be walked, what is left to do. */
  coverage: ScanCoverageSchema.optional(),
});
export const ScanEventSchema = z.discriminatedUnion('type', [
  ScanProgressEventSchema,
  ScanInfoEventSchema,
  ScanErrorEventSchema,
  ScanDoneEventSchema,
]);
export type ScanEvent = z.infer<typeof ScanEventSchema>;

// ---- migrate stream (/api/migrate) ----
const zoneMessage = { zone: z.string(), message: z.string() };
/**
 * Per-record events also carry their position, so a client can draw progress without parsing
 * messages, and the record itself (canonical: relative name, target TTL), so a dry run of a zone read
 * from the source can be reviewed record by record and sent back as the zone's records.
 */
const recordPosition = {
  index: z.number().int().optional(),
  total: z.number().int().optional(),
  record: DnsRecordSchema.optional(),
};

export const MigrateStatusEventSchema = z.object({ type: z.literal('status'), ...zoneMessage });
export const MigrateSuccessEventSchema = z.object({
  type: z.literal('success'),
  ...zoneMessage,
  zoneId: z.string().optional(),
  /** The zone was created by this run: `{ "zoneCreated": true, "zoneCreatedOn": … }`, the start of its undo. */
  undo: UndoPieceSchema.optional(),
});
/**
 * An RRset (name + type) that will not answer exactly as the source says after this run, told once
 * per run (dry runs too): the contents of each side and those that answer after the run. An RRset the
 * request lists in `rrsets` is told whenever the target held something else, whatever its action.
 */
export const ConflictSchema = z.object({
  name: z.string(),
  type: z.string(),
  source: z.array(z.string()),
  target: z.array(z.string()),
  after: z.array(z.string()),
  /** What this run does with the RRset: the request's `rrsets` choice, or the zone's mode (add: `add`, mirror: `replace`). */
  action: RRsetActionSchema.optional(),
  /**
   * Why keeping both (`add`) cannot be carried out here: the source's records beside the target's would
   * break what the name may hold (a second SPF policy, a CNAME beside other data). Told whatever the action.
   */
  bothRefused: z.string().optional(),
  /**
   * The source's records the target holds with another TTL or proxy (`192.0.2.1: proxied at the target,
   * DNS only in the source`): `keep` and `add` leave them so, `replace` sets them as the source says.
   */
  drift: z.array(z.string()).optional(),
});
export type Conflict = z.infer<typeof ConflictSchema>;

export const MigrateInfoEventSchema = z.object({
  type: z.literal('info'),
  ...zoneMessage,
  conflict: ConflictSchema.optional(),
  /** Records the target holds in RRsets the source does not have: what mirror with prune removes. */
  targetOnly: z.number().int().optional(),
});
export const MigrateRecordEventSchema = z.object({
  type: z.literal('record'),
  ...zoneMessage,
  ...recordPosition,
  /** `create` (a new record) or `update` (its TTL or proxy set in place, mirror mode or an undo). */
  change: z.enum(['create', 'update']).optional(),
  /** A create that takes the place of these records of its RRset (or name), as they read. */
  replaces: z.array(z.string()).optional(),
  /** Once the target confirmed the write (never in a dry run): its undo, `{ "created": [ … ] }` or `{ "updated": [ … ] }`. */
  undo: UndoPieceSchema.optional(),
});
export const MigrateSkipEventSchema = z.object({
  type: z.literal('skip'),
  ...zoneMessage,
  ...recordPosition,
  /** The record is there but its TTL or proxy differ, left as they are (add mode): `proxied at the target, DNS only in the source`. */
  drift: z.string().optional(),
});
export const MigrateErrorEventSchema = z.object({
  type: z.literal('error'),
  ...zoneMessage,
  ...recordPosition,
  /** The provider's error code when there is one (e.g. 81053). */
  code: z.union([z.number(), z.string()]).optional(),
});
/** A record removed from the target (mirror mode; an undo of what a run created). */
export const MigrateRemoveEventSchema = z.object({
  type: z.literal('remove'),
  ...zoneMessage,
  ...recordPosition,
  /** Once the target confirmed the removal (never in a dry run): its undo, `{ "removed": [ … ] }`. */
  undo: UndoPieceSchema.optional(),
});

/**
 * Per zone, created + updated + skipped + failed = records sent (an undo: + removed = its steps).
 * `updated` and `removed` are 0 in add mode (and read as 0 from a companion that predates them).
 */
export const ZoneResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int().default(0),
  skipped: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int().default(0),
});
export const MigrateZoneCompleteEventSchema = z.object({
  type: z.literal('zone-complete'),
  zone: z.string(),
  result: ZoneResultSchema.extend({
    nameServers: z.array(z.string()),
    /** When the run wrote something: what puts the zone back (`/api/undo`). */
    undo: UndoDataSchema.optional(),
  }),
});
export const MigrateDoneEventSchema = z.object({
  type: z.literal('done'),
  results: z.array(ZoneResultSchema.extend({ zone: z.string() })),
});
export const MigrateEventSchema = z.discriminatedUnion('type', [
  MigrateStatusEventSchema,
  MigrateSuccessEventSchema,
  MigrateInfoEventSchema,
  MigrateRecordEventSchema,
  MigrateSkipEventSchema,
  MigrateErrorEventSchema,
  MigrateRemoveEventSchema,
  MigrateZoneCompleteEventSchema,
  MigrateDoneEventSchema,
]);
export type MigrateEvent = z.infer<typeof MigrateEventSchema>;
export type ZoneResult = z.infer<typeof ZoneResultSchema>;
export type ZoneResultInput = z.input<typeof ZoneResultSchema>;
