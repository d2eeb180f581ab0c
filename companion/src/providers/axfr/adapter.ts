import { plural, recordFromWire, relativeName, typeByCode, type AxfrSource, type DnsRecord } from '@dnsferry/shared';
import type { Config } from '../../config';
import type { SourceProblem, SourceZoneContent } from '../../engine/ports';
import { transferZone, type TransferLimits, type WireRecord } from './transfer';

/** The limits of one transfer, as the configuration sets them. */
export function transferLimits(config: Config): TransferLimits {
  return {
    maxRecords: config.maxRecordsPerRequest,
    idleMs: config.upstreamTimeoutMs,
    maxBytes: config.transferMaxBytes,
    deadlineMs: config.transferTimeoutMs,
  };
}

const CLASS_IN = 1;

/**
 * A zone read by transfer: every record read by the shared registry from its wire form, so nothing
 * passes through a text form on the way. What the registry cannot read, and records of another class,
 * are problems (each a failed record), never dropped silently; the planner decides what the target holds.
 * Each record is read as its message arrives, so the transfer keeps records, not messages.
 */
export async function readByTransfer(
  zone: string,
  from: AxfrSource,
  limits: TransferLimits,
  signal: AbortSignal,
): Promise<SourceZoneContent> {
  const records: DnsRecord[] = [];
  const problems: SourceProblem[] = [];
  let outside = 0;
  const { records: read, serial } = await transferZone(zone, from, limits, signal, (rr) => {
    const name = relativeName(rr.owner, zone);
    if (name === null) {
      outside++;
      return;
    }
    const record = toRecord(rr, name);
    if ('message' in record) problems.push(record);
    else records.push(record);
  });
  const notes = [`Read ${plural(read, 'record')} by zone transfer from ${from.server} (SOA serial ${serial})`];
  if (outside > 0)
    notes.push(`${plural(outside, 'record')} outside ${zone} in the transfer ${outside === 1 ? 'was' : 'were'} left out (RFC 5936 §3.2)`);
  return { records, problems, notes };
}

function toRecord(rr: WireRecord, name: string): DnsRecord | SourceProblem {
  const type = typeByCode(rr.type);
  // RFC 3597's name for a type the record model has no place for (HINFO is TYPE13)
  if (type === null) return { name, type: `TYPE${rr.type}`, message: `record type TYPE${rr.type} is not supported` };
  if (rr.class !== CLASS_IN) return { name, type, message: `class ${rr.class} is not IN; not migrated` };
  const read = recordFromWire(type, name, rr.ttl, rr.message, rr.offset, rr.length);
  return read.ok ? read.record : { name, type, message: read.message };
}
