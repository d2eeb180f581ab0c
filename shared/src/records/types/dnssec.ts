import type { RdataReader } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { toBase64, toHex } from '../wire-reader';

/** DNSSEC algorithm mnemonics a zone file may use instead of numbers (RFC 8624 registry). */
export const ALGORITHMS: Record<string, number> = {
  RSAMD5: 1,
  DH: 2,
  DSA: 3,
  ECC: 4,
  RSASHA1: 5,
  'DSA-NSEC3-SHA1': 6,
  'RSASHA1-NSEC3-SHA1': 7,
  RSASHA256: 8,
  RSASHA512: 10,
  'ECC-GOST': 12,
  ECDSAP256SHA256: 13,
  ECDSAP384SHA384: 14,
  ED25519: 15,
  ED448: 16,
  INDIRECT: 252,
  PRIVATEDNS: 253,
  PRIVATEOID: 254,
};

function dsLike(code: number): RecordTypeSpec {
  return {
    code,
    parse(r) {
      const keyTag = r.int('the key tag', 65535);
      const alg = r.intOrMnemonic('the algorithm', 255, ALGORITHMS);
      const digestType = r.int('the digest type', 255);
      return { content: `${keyTag} ${alg} ${digestType} ${r.hex('the digest')}` };
    },
    read: (w) => ({ content: `${w.u16()} ${w.u8()} ${w.u8()} ${toHex(w.rest())}` }),
  };
}

/** DS: a child zone's delegation signer, held at the parent (this zone) — the target takes it below the apex. */
export const DS = dsLike(43);
/** CDS: the child's request to its parent to change the DS. */
export const CDS = dsLike(59);

function keyLike(code: number): RecordTypeSpec {
  return {
    code,
    parse(r) {
      const flags = r.int('the flags', 65535);
      const protocol = r.int('the protocol', 255);
      const alg = r.intOrMnemonic('the algorithm', 255, ALGORITHMS);
      return { content: `${flags} ${protocol} ${alg} ${r.base64('the public key')}` };
    },
    read: (w) => ({ content: `${w.u16()} ${w.u8()} ${w.u8()} ${toBase64(w.rest())}` }),
  };
}
export const DNSKEY = keyLike(48);
export const CDNSKEY = keyLike(60);

/**
 * Signatures and denial-of-existence records: only ever skipped, never compared, so they are kept
 * exactly as written (case, relative names, base64) and the skip names the record the file holds.
 */
function opaque(code: number): RecordTypeSpec {
  return {
    code,
    parse: (r: RdataReader) => ({
      content: r
        .rest('the value')
        .map((t) => (t.quoted ? `"${t.raw}"` : t.raw))
        .join(' '),
    }),
    read: (w) => {
      const b = w.rest();
      return { content: `\\# ${b.length} ${toHex(b)}` };
    },
  };
}
export const RRSIG = opaque(46);
export const NSEC = opaque(47);
export const NSEC3 = opaque(50);
export const NSEC3PARAM = opaque(51);
