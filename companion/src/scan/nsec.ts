import { typeByCode } from '@dnsferry/shared';
import type { Answer, DnsReply } from '../dns/message';
import { nameAt } from '../dns/wire-name';

/** An NSEC record (RFC 4034 §4): its owner, the next owner name of the zone's chain, and the types at the owner. */
export interface Nsec {
  owner: string;
  /** Lower case, no trailing dot; a `\000` label reads as the character U+0000. */
  next: string;
  /** The type numbers of the bit map. */
  types: ReadonlySet<number>;
}

/** RFC 9824 §2: the meta-type that marks a name that does not exist, and the private number Cloudflare and NS1 used before it. */
const NXNAME = [128, 65238];

/** The NSEC record of an answer, read from its RDATA (which the registry keeps opaque: `\# n HEX`); null when it cannot be read. */
export function readNsec(a: Answer): Nsec | null {
  if (a.type !== 'NSEC') return null;
  const m = /^\\# \d+ ([0-9A-Fa-f]+)$/.exec(a.record?.content ?? a.text);
  if (!m?.[1]) return null;
  const rdata = Buffer.from(m[1], 'hex');
  try {
    const { name, next } = nameAt(rdata, 0);
    const types = new Set<number>();
    for (let pos = next; pos + 2 <= rdata.length;) {
      const window = rdata[pos] ?? 0;
      const length = rdata[pos + 1] ?? 0;
      for (let i = 0; i < length; i++) {
        const bits = rdata[pos + 2 + i] ?? 0;
        for (let b = 0; b < 8; b++) if (bits & (0x80 >> b)) types.add(window * 256 + i * 8 + b);
      }
      pos += 2 + length;
    }
    return { owner: a.name, next: name, types };
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}

/** The NSEC records of a reply (answer and authority sections). */
export function nsecsOf(reply: DnsReply): Nsec[] {
  return [...reply.answers, ...reply.authorities].flatMap((a) => {
    const n = readNsec(a);
    return n ? [n] : [];
  });
}

/**
 * Whether an NSEC is made on the fly by an online signer rather than read from a chain: its next name
 * is the owner's immediate successor (`\000.<owner>`: RFC 4470 "white lies", Cloudflare's "black
 * lies", RFC 9824 Compact Denial), or it marks a name that does not exist (NXNAME). Such a chain
 * shows no other name, so it cannot be walked.
 */
export function synthesized(n: Nsec): boolean {
  return n.next === `\u0000.${n.owner}` || n.next.startsWith('\u0000.') || NXNAME.some((t) => n.types.has(t));
}

/**
 * RFC 9824 Compact Denial: a NOERROR answer without data whose NSEC at the name itself carries
 * NXNAME says the name does not exist, as an NXDOMAIN would.
 */
export function deniedCompactly(reply: DnsReply, qname: string): boolean {
  if (reply.rcode !== 'NOERROR') return false;
  return reply.authorities.some((a) => {
    if (a.name !== qname) return false;
    const n = readNsec(a);
    return n !== null && NXNAME.some((t) => n.types.has(t));
  });
}

/** The mnemonics of an NSEC's types that the registry reads; `TYPE<n>` for the others. */
export function typeNames(n: Nsec): string[] {
  return [...n.types].sort((a, b) => a - b).map((code) => typeByCode(code) ?? `TYPE${code}`);
}
