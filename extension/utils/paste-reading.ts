import {
  looksLikeTable,
  parseRecordsTable,
  parseZoneFile,
  tableHeader,
  ZoneNameSchema,
  type ParsedTable,
  type ParsedZone,
} from '@dnsferry/shared';

/**
 * What a paste is read as, for the popup's thread and its worker alike: a zone file (or record lines),
 * or a records table copied from a DNS host's dashboard, told apart by the table's header row.
 */
export interface ParseRequest {
  seq: number;
  text: string;
  zone: string | undefined;
}

/** What the paste was read as. A table has no $ORIGIN: its zone is the one the user types. */
export type PastedText = ({ kind: 'zone-file' } & ParsedZone) | ({ kind: 'table'; origin: null } & ParsedTable);

export interface ParseReply {
  seq: number;
  parsed: PastedText;
}

/** The paste read as what it is; a table is read once its zone is known (its names are made relative to it). */
export function readPaste(text: string, zone: string | undefined): PastedText {
  if (!looksLikeTable(text)) return { kind: 'zone-file', ...parseZoneFile(text, zone) };
  const name = ZoneNameSchema.safeParse(zone ?? '');
  if (name.success) return { kind: 'table', origin: null, ...parseRecordsTable(text, name.data) };
  // the header only, so the panel can say it is a table while it asks for the zone
  return { kind: 'table', origin: null, header: tableHeader(text), records: [], lines: [], issues: [], notes: [] };
}
