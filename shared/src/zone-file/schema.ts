import { z } from 'zod';
import { RoutingPolicySchema } from '../aliases/route53';
import { DnsRecordSchema } from '../records/schema';

/** A line that could not be read; shown to the user with its number, never dropped silently. */
export const LineIssueSchema = z.object({
  line: z.number().int().min(1),
  /** The line as written (the first 200 characters), so the user can find it. */
  text: z.string(),
  message: z.string(),
});
export type LineIssue = z.infer<typeof LineIssueSchema>;

/** Something the reader decided for the user (a TTL rule BIND applies, a TTL out of range…). */
export const ZoneNoteSchema = z.object({ line: z.number().int().min(1), message: z.string() });
export type ZoneNote = z.infer<typeof ZoneNoteSchema>;

/** One record line as BIND reads it, before its RDATA is interpreted by the record-type registry. */
export const ZoneEntrySchema = z.object({
  line: z.number().int().min(1),
  /** Absolute, lower-case ASCII, no trailing dot; escapes in BIND's canonical form (`a\.b`, `\200`). */
  owner: z.string(),
  /** Seconds, as read: 0 and values the target cannot hold are kept; the engine brings them into range. */
  ttl: z.number().int().min(0),
  /** Upper-case mnemonic (`TYPE257` becomes `CAA`); `TYPEnn` when the number is not a known type. */
  type: z.string(),
  /** The RDATA tokens as written (escapes and quotes kept, comments and parentheses removed), one space apart. */
  rdata: z.string(),
  /** The `$ORIGIN` in force at this line, no trailing dot (empty when none is known). */
  origin: z.string(),
  /** From a Cloudflare export's `; cf_tags=cf-proxied:true|false` comment. */
  proxied: z.boolean().optional(),
  /** From a cli53 export's `; AWS routing="WEIGHTED" … identifier="…"` comment: the Route 53 record set the line belongs to. */
  routing: z.object({ policy: RoutingPolicySchema, identifier: z.string(), healthChecked: z.boolean() }).optional(),
  notes: z.array(z.string()),
});
export type ZoneEntry = z.infer<typeof ZoneEntrySchema>;

export const ZoneEntriesSchema = z.object({
  /** The text's first `$ORIGIN`, no trailing dot; null when it has none. */
  origin: z.string().nullable(),
  entries: z.array(ZoneEntrySchema),
  issues: z.array(LineIssueSchema),
  notes: z.array(ZoneNoteSchema),
  /** The line where reading stopped because the file gives more entries and issues than the reader's limit. */
  stoppedAt: z.number().int().min(1).optional(),
});
export type ZoneEntries = z.infer<typeof ZoneEntriesSchema>;

/** A zone file read into records of the registry: what the popup and `/api/migrate` take. */
export const ParsedZoneSchema = z.object({
  /** The text's first `$ORIGIN`, no trailing dot; null when it has none. */
  origin: z.string().nullable(),
  /** Names relative to the zone (`@` for the apex). */
  records: z.array(DnsRecordSchema),
  /** Line number (1-based) of each record, in the same order. */
  lines: z.array(z.number().int().min(1)),
  issues: z.array(LineIssueSchema),
  notes: z.array(ZoneNoteSchema),
  /** The line where reading stopped because the file gives more records and issues than the limit it was read with. */
  stoppedAt: z.number().int().min(1).optional(),
});
export type ParsedZone = z.output<typeof ParsedZoneSchema>;
