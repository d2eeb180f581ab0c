import { z } from 'zod';
import { DnsRecordSchema } from '../records/schema';
import { LineIssueSchema, ZoneNoteSchema } from '../zone-file/schema';

/** What a column of a copied records table holds; columns of any other heading are not read. */
export const TABLE_COLUMNS = ['type', 'name', 'value', 'ttl', 'priority', 'weight', 'port', 'proxy'] as const;
export const TableColumnSchema = z.enum(TABLE_COLUMNS);
export type TableColumn = z.infer<typeof TableColumnSchema>;

/** How the header row separates its cells, and so every row of its table. */
export const TableSeparatorSchema = z.enum(['tab', 'comma', 'spaces']);
export type TableSeparator = z.infer<typeof TableSeparatorSchema>;

/** A row that could not become a record: its row number among the table's rows, and its line. */
export const RowIssueSchema = LineIssueSchema.extend({ row: z.number().int().min(1) });
export type RowIssue = z.infer<typeof RowIssueSchema>;

/** A table copied from a DNS host's dashboard, read into records of the registry. */
export const ParsedTableSchema = z.object({
  /** The first header row: how its columns were read, in order (null for a column not read), and its separator. */
  header: z
    .object({
      line: z.number().int().min(1),
      columns: z.array(TableColumnSchema.nullable()),
      separator: TableSeparatorSchema,
    })
    .nullable(),
  /** Names relative to the zone (`@` for the apex). */
  records: z.array(DnsRecordSchema),
  /** Line number (1-based) of each record, in the same order. */
  lines: z.array(z.number().int().min(1)),
  issues: z.array(RowIssueSchema),
  /** What the reader decided for the user (columns not read, an ALIAS read as a CNAME, a title between tables). */
  notes: z.array(ZoneNoteSchema),
  /** The line where reading stopped because the table gives more records and issues than the limit it was read with. */
  stoppedAt: z.number().int().min(1).optional(),
});
export type ParsedTable = z.output<typeof ParsedTableSchema>;
