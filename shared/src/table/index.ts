export { looksLikeTable, parseRecordsTable, readingRecordsTable, tableHeader } from './reader';
export { dashboardTtl } from './ttl';
export { ParsedTableSchema, RowIssueSchema, TABLE_COLUMNS, TableColumnSchema, TableSeparatorSchema } from './schema';
export type { ParsedTable, RowIssue, TableColumn, TableSeparator } from './schema';
