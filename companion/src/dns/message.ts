import dnsPacket from 'dns-packet';
import { RECORD_SPECS, describeValue, recordFromWire, typeByCode, type DnsRecord, type RecordType } from '@dnsferry/shared';
import { nameAt } from './wire-name';

/**
 * A DNS message on the wire, as both clients (DoH and direct) write and read it. Every RR's RDATA is
 * read by the shared record registry (`recordFromWire`), the same reader a zone file's `\#` goes
 * through, so the scan, the cutover check and the zone-file reader agree on every type's content.
 */

/** One resource record of a reply. */
export interface Answer {
  /** The owner, lower case, without the trailing dot. */
  readonly name: string;
  /** The registry's mnemonic; `TYPE<n>` (RFC 3597) for a type it does not know. */
  readonly type: string;
  /** RFC 2181 §8: a TTL with the top bit set counts as 0. */
  readonly ttl: number;
  /** The RDATA as a record named `@` with this TTL; null when the registry does not know the type or cannot read it. */
  readonly record: DnsRecord | null;
  /** How the data reads in messages: the record's value (`10 mail.example.com`), else RFC 3597's `\# 4 C0000201`. */
  readonly text: string;
  /** Why `record` is null. */
  readonly problem?: string;
}

/** A decoded reply, reduced to what its readers use. */
export interface DnsReply {
  /** NOERROR, NXDOMAIN, SERVFAIL, REFUSED, … */
  rcode: string;
  /** AA bit: the answer came from an authoritative server, so its TTLs are the zone's own. */
  authoritative: boolean;
  answers: Answer[];
  authorities: Answer[];
  additionals: Answer[];
}

/** A reply as read, with what a client checks before it believes it. */
export interface Message extends DnsReply {
  id: number;
  /** QR bit: a response, not a query. */
  response: boolean;
  /** TC bit: cut to fit a UDP datagram; ask again over TCP. */
  truncated: boolean;
  question: { name: string; code: number } | null;
}

export class MalformedReplyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MalformedReplyError';
  }
}

/**
 * A query for `name` and the type numbered `code`. The DoH client sends id 0 with recursion desired
 * (RFC 8484: HTTP caches can share the answers); the direct client asks an authority, so no
 * recursion, a random id, and EDNS with 1232 octets (the DNS Flag Day 2020 size). `dnssec` sets
 * the DO bit (a deep scan reads NSEC records).
 */
export function encodeQuery(name: string, code: number, opts: { id: number; recursion: boolean; edns: boolean; dnssec?: boolean }): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id: opts.id,
    flags: opts.recursion ? dnsPacket.RECURSION_DESIRED : 0,
    // dns-packet writes a type named `UNKNOWN_<code>` as that number, whether or not it has a name for it.
    questions: [{ type: `UNKNOWN_${code}` as dnsPacket.RecordType, name, class: 'IN' }],
    ...(opts.edns || opts.dnssec
      ? {
          additionals: [
            // DO (RFC 3225): the DNSSEC records with the answer, NSEC proofs of denial among them
            {
              type: 'OPT',
              name: '.',
              udpPayloadSize: 1232,
              extendedRcode: 0,
              ednsVersion: 0,
              flags: opts.dnssec ? dnsPacket.DNSSEC_OK : 0,
              flag_do: opts.dnssec === true,
              options: [],
            },
          ],
        }
      : {}),
  });
}

const RCODES: Record<number, string> = { 0: 'NOERROR', 1: 'FORMERR', 2: 'SERVFAIL', 3: 'NXDOMAIN', 4: 'NOTIMP', 5: 'REFUSED' };
export const rcodeName = (code: number): string => RCODES[code] ?? `RCODE${code}`;

/** Reads a whole message (RFC 1035 §4.1); throws MalformedReplyError when it is cut short or loops. */
export function readMessage(msg: Buffer): Message {
  try {
    const flags = msg.readUInt16BE(2);
    const counts = [4, 6, 8, 10].map((at) => msg.readUInt16BE(at));
    let pos = 12;
    let question: Message['question'] = null;
    for (let i = 0; i < (counts[0] ?? 0); i++) {
      const q = nameAt(msg, pos);
      question ??= { name: q.name, code: msg.readUInt16BE(q.next) };
      pos = q.next + 4;
    }
    const sections: Answer[][] = [];
    for (const count of counts.slice(1)) {
      const rrs: Answer[] = [];
      for (let i = 0; i < count; i++) {
        const owner = nameAt(msg, pos);
        const code = msg.readUInt16BE(owner.next);
        const raw = msg.readUInt32BE(owner.next + 4);
        const length = msg.readUInt16BE(owner.next + 8);
        const offset = owner.next + 10;
        if (offset + length > msg.length) throw new RangeError('a record runs past the end of the message');
        rrs.push(new WireAnswer(msg, owner.name, code, raw > 0x7fffffff ? 0 : raw, offset, length));
        pos = offset + length;
      }
      sections.push(rrs);
    }
    return {
      id: msg.readUInt16BE(0),
      response: (flags & 0x8000) !== 0,
      authoritative: (flags & 0x0400) !== 0,
      truncated: (flags & 0x0200) !== 0,
      rcode: rcodeName(flags & 0x0f),
      question,
      answers: sections[0] ?? [],
      authorities: sections[1] ?? [],
      additionals: sections[2] ?? [],
    };
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    throw new MalformedReplyError(`undecodable DNS message (${msg.length} bytes): ${err.message}`, { cause: err });
  }
}

/**
 * An RR whose RDATA is read when first asked for: most RRs of a reply are never looked at (the SOA
 * beside every NXDOMAIN and NODATA, the rest of a CNAME chain), and reading one through the
 * registry's schema costs more than reading the whole message.
 */
class WireAnswer implements Answer {
  readonly type: string;
  private read: Pick<Answer, 'record' | 'text' | 'problem'> | undefined;

  constructor(
    private readonly msg: Buffer,
    readonly name: string,
    private readonly code: number,
    readonly ttl: number,
    private readonly offset: number,
    private readonly length: number,
  ) {
    this.type = typeByCode(code) ?? `TYPE${code}`;
  }

  get record(): DnsRecord | null {
    return this.decoded().record;
  }

  get text(): string {
    return this.decoded().text;
  }

  get problem(): string | undefined {
    return this.decoded().problem;
  }

  private decoded(): Pick<Answer, 'record' | 'text' | 'problem'> {
    if (this.read) return this.read;
    const { msg, offset, length } = this;
    const type = typeByCode(this.code);
    const generic = `\\# ${length}${length > 0 ? ` ${msg.toString('hex', offset, offset + length).toUpperCase()}` : ''}`;
    if (type === null) return (this.read = { record: null, text: generic, problem: `type ${this.code} is not one the registry reads` });
    const r = recordFromWire(type, '@', this.ttl, msg, offset, length);
    return (this.read = r.ok ? { record: r.record, text: describeValue(r.record) } : { record: null, text: generic, problem: r.message });
  }
}

/** A DoH reply to `name`/`type`: a response, to that question. */
export function decodeReply(body: Buffer, name: string, type: RecordType): DnsReply {
  const m = readMessage(body);
  if (!m.response) throw new MalformedReplyError('the reply is not a DNS response');
  const q = m.question;
  if (q && (q.name !== normalize(name) || q.code !== RECORD_SPECS[type].code)) {
    throw new MalformedReplyError(`the reply answers ${q.name} ${typeByCode(q.code) ?? `TYPE${q.code}`}, not ${name} ${type}`);
  }
  return { rcode: m.rcode, authoritative: m.authoritative, answers: m.answers, authorities: m.authorities, additionals: m.additionals };
}

/** A name as the reader gives it: lower case, without the trailing dot. */
export function normalize(name: string): string {
  const n = name.toLowerCase();
  return n.length > 1 && n.endsWith('.') ? n.slice(0, -1) : n;
}
