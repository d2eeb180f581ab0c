/**
 * RR type numbers, for `TYPEnn` (RFC 3597): a zone file may name a known type by its number
 * (`TYPE257` is CAA), and BIND then reads it as that type. Every type dnsferry carries is here, with
 * the common ones it points out, so their messages name them.
 */
const CODES: Record<string, number> = {
  A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, HINFO: 13, MX: 15, TXT: 16, RP: 17, AFSDB: 18, SIG: 24, KEY: 25,
  AAAA: 28, LOC: 29, NXT: 30, SRV: 33, NAPTR: 35, KX: 36, CERT: 37, DNAME: 39, APL: 42, DS: 43, SSHFP: 44,
  IPSECKEY: 45, RRSIG: 46, NSEC: 47, DNSKEY: 48, DHCID: 49, NSEC3: 50, NSEC3PARAM: 51, TLSA: 52,
  SMIMEA: 53, HIP: 55, CDS: 59, CDNSKEY: 60, OPENPGPKEY: 61, CSYNC: 62, ZONEMD: 63, SVCB: 64, HTTPS: 65,
  SPF: 99, EUI48: 108, EUI64: 109, URI: 256, CAA: 257, AVC: 258, DLV: 32769,
};
const NAMES = new Map(Object.entries(CODES).map(([name, code]) => [code, name]));

/** A type token (any case, mnemonic or `TYPEnn`) → upper-case mnemonic, or null when it is not a type. */
export function typeName(token: string): string | null {
  const upper = token.toUpperCase();
  const m = /^TYPE(\d{1,5})$/.exec(upper);
  if (m) {
    const code = Number(m[1]);
    if (code > 65535) return null;
    return NAMES.get(code) ?? `TYPE${code}`;
  }
  return /^[A-Z][A-Z0-9-]*$/.test(upper) ? upper : null;
}
