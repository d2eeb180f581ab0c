import { describeValue, recordFromPresentation, type RecordType } from '@dnsferry/shared';
import type { Answer } from '@dnsferry/companion/dns/message';

/**
 * An answer RR as dns/message.ts reads it off the wire, written in presentation form for tests that
 * feed replies to the scan by hand (`rr('MX', 'example.com', '10 mail.example.com')`).
 */
export function rr(type: RecordType, name: string, rdata: string, ttl = 300): Answer {
  const read = recordFromPresentation({ type, name: '@', ttl, rdata, origin: null });
  if (!read.ok) throw new Error(`${type} ${rdata}: ${read.message}`);
  return { name, type, ttl, record: read.record, text: describeValue(read.record) };
}
