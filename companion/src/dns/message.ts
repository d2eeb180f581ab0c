import dnsPacket, { type Answer } from 'dns-packet';
import { RECORD_SPECS, typeByCode } from '@dnsferry/shared';

/** The record types the scan asks for. */
export const QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS', 'SOA', 'HTTPS', 'TLSA'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** dns-packet knows HTTPS only by number: it writes and reads it as `UNKNOWN_65`, with the raw RDATA. */
const wireType = (type: QueryType): string => (type === 'HTTPS' ? `UNKNOWN_${RECORD_SPECS.HTTPS.code}` : type);
function typeName(type: string): string {
  const m = /^UNKNOWN_(\d+)$/.exec(type);
  return m ? (typeByCode(Number(m[1])) ?? type) : type;
}

/** A decoded DNS reply, reduced to what the scan reads. Names are lower case without a trailing dot. */
export interface DnsReply {
  /** NOERROR, NXDOMAIN, SERVFAIL, REFUSED, … */
  rcode: string;
  /** AA bit: the answer came from an authoritative server, so its TTLs are the zone's own. */
  authoritative: boolean;
  answers: Answer[];
  authorities: Answer[];
  additionals: Answer[];
}

/**
 * RFC 8484 query: id 0 (so HTTP caches can share answers), recursion desired, no EDNS.
 */
export function encodeQuery(name: string, type: QueryType): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id: 0,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type: wireType(type) as dnsPacket.RecordType, name, class: 'IN' }],
  });
}

export class MalformedReplyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MalformedReplyError';
  }
}

/** Decodes a reply and checks that it answers the question that was asked. */
export function decodeReply(body: Buffer, name: string, type: QueryType): DnsReply {
  let packet: dnsPacket.DecodedPacket;
  try {
    packet = dnsPacket.decode(body);
  } catch (err) {
    throw new MalformedReplyError(`undecodable DNS message (${body.length} bytes)`, { cause: err });
  }
  if (packet.type !== 'response') throw new MalformedReplyError('the reply is not a DNS response');
  const q = packet.questions?.[0];
  if (q && (normalize(q.name) !== normalize(name) || typeName(q.type) !== type)) {
    throw new MalformedReplyError(`the reply answers ${q.name} ${q.type}, not ${name} ${type}`);
  }
  const lower = (list: Answer[] | undefined): Answer[] =>
    (list ?? []).map((a) => ({ ...a, name: normalize(a.name), type: typeName(a.type) }) as Answer);
  const code = (packet.flags ?? 0) & 0x0f;
  return {
    rcode: RCODES[code] ?? `RCODE${code}`,
    authoritative: packet.flag_aa,
    answers: lower(packet.answers),
    authorities: lower(packet.authorities),
    additionals: lower(packet.additionals),
  };
}

const RCODES: Record<number, string> = { 0: 'NOERROR', 1: 'FORMERR', 2: 'SERVFAIL', 3: 'NXDOMAIN', 4: 'NOTIMP', 5: 'REFUSED' };

export function normalize(name: string): string {
  const n = name.toLowerCase();
  return n.length > 1 && n.endsWith('.') ? n.slice(0, -1) : n;
}
