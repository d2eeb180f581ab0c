export { readZoneEntries } from './reader';
export { LineIssueSchema, ZoneEntrySchema, ZoneEntriesSchema, ZoneNoteSchema } from './schema';
export type { LineIssue, ZoneEntry, ZoneEntries, ZoneNote } from './schema';
