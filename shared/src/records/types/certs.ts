import type { RecordTypeSpec } from '../spec';
import { toBase64, toHex } from '../wire-reader';
import { ALGORITHMS } from './dnssec';

/** TLSA (RFC 6698) and SMIMEA (RFC 8162): `usage selector matching-type HEX`. */
function tlsaLike(code: number): RecordTypeSpec {
  return {
    code,
    parse(r) {
      const usage = r.int('the certificate usage', 255);
      const selector = r.int('the selector', 255);
      const matching = r.int('the matching type', 255);
      return { content: `${usage} ${selector} ${matching} ${r.hex('the certificate data')}` };
    },
    read: (w) => ({ content: `${w.u8()} ${w.u8()} ${w.u8()} ${toHex(w.rest())}` }),
  };
}
export const TLSA = tlsaLike(52);
export const SMIMEA = tlsaLike(53);

/** SSHFP (RFC 4255): `algorithm fingerprint-type HEX`. */
export const SSHFP: RecordTypeSpec = {
  code: 44,
  parse(r) {
    const alg = r.int('the algorithm', 255);
    const fpType = r.int('the fingerprint type', 255);
    return { content: `${alg} ${fpType} ${r.hex('the fingerprint')}` };
  },
  read: (w) => ({ content: `${w.u8()} ${w.u8()} ${toHex(w.rest())}` }),
};

const CERT_TYPES: Record<string, number> = {
  PKIX: 1,
  SPKI: 2,
  PGP: 3,
  IPKIX: 4,
  ISPKI: 5,
  IPGP: 6,
  ACPKIX: 7,
  IACPKIX: 8,
  URI: 253,
  OID: 254,
};

/** CERT (RFC 4398): `type key-tag algorithm base64`; mnemonics are read as their numbers. */
export const CERT: RecordTypeSpec = {
  code: 37,
  parse(r) {
    const type = r.intOrMnemonic('the certificate type', 65535, CERT_TYPES);
    const keyTag = r.int('the key tag', 65535);
    const alg = r.intOrMnemonic('the algorithm', 255, ALGORITHMS);
    return { content: `${type} ${keyTag} ${alg} ${r.base64('the certificate')}` };
  },
  read: (w) => ({ content: `${w.u16()} ${w.u16()} ${w.u8()} ${toBase64(w.rest())}` }),
};

/** OPENPGPKEY (RFC 7929): the key in base64. */
export const OPENPGPKEY: RecordTypeSpec = {
  code: 61,
  parse: (r) => ({ content: r.base64('the OpenPGP key') }),
  read: (w) => ({ content: toBase64(w.rest()) }),
};
