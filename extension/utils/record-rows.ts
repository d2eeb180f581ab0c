import { DnsRecordSchema, type DnsRecord } from '@dnsferry/shared';

/** A record entered as a form row; every field is text until it is validated. */
export interface ManualRow {
  id: number;
  type: string;
  name: string;
  ttl: string;
  content: string;
  priority: string;
  weight: string;
  port: string;
}

export interface RowResult {
  id: number;
  record: DnsRecord | null;
  error: string | null;
}

/** Validates one form row with the shared record schema. */
export function validateRow(row: ManualRow): RowResult {
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const candidate: Record<string, unknown> = { type: row.type, name: row.name, ttl: num(row.ttl) ?? 3600, content: row.content };
  if (row.type === 'MX' || row.type === 'SRV') candidate.priority = num(row.priority);
  if (row.type === 'SRV') {
    candidate.weight = num(row.weight);
    candidate.port = num(row.port);
  }
  const parsed = DnsRecordSchema.safeParse(candidate);
  if (parsed.success) return { id: row.id, record: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  return {
    id: row.id,
    record: null,
    error: issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'not a valid record',
  };
}
