import type { RecordTypeSpec } from './spec';
import { A, AAAA, CNAME, NS, PTR } from './types/simple';
import { MX, SRV } from './types/mx-srv';
import { TXT } from './types/txt';
import { CAA } from './types/caa';
import { SOA } from './types/soa';
import { CDNSKEY, CDS, DNSKEY, DS, NSEC, NSEC3, NSEC3PARAM, RRSIG } from './types/dnssec';
import { CERT, OPENPGPKEY, SMIMEA, SSHFP, TLSA } from './types/certs';
import { NAPTR, URI } from './types/uri-naptr';
import { LOC } from './types/loc';
import { HTTPS, SVCB } from './types/svcb';

/** Every record type the contract reads; which of them the target holds is in `target-rules.ts`. */
export const RECORD_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'TXT',
  'SRV',
  'CAA',
  'PTR',
  'NS',
  'SOA',
  'DS',
  'TLSA',
  'SSHFP',
  'HTTPS',
  'SVCB',
  'NAPTR',
  'LOC',
  'URI',
  'CERT',
  'SMIMEA',
  'OPENPGPKEY',
  'DNSKEY',
  'CDS',
  'CDNSKEY',
  'RRSIG',
  'NSEC',
  'NSEC3',
  'NSEC3PARAM',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const RECORD_SPECS: Record<RecordType, RecordTypeSpec> = {
  A,
  AAAA,
  CNAME,
  MX,
  TXT,
  SRV,
  CAA,
  PTR,
  NS,
  SOA,
  DS,
  TLSA,
  SSHFP,
  HTTPS,
  SVCB,
  NAPTR,
  LOC,
  URI,
  CERT,
  SMIMEA,
  OPENPGPKEY,
  DNSKEY,
  CDS,
  CDNSKEY,
  RRSIG,
  NSEC,
  NSEC3,
  NSEC3PARAM,
};

export const isRecordType = (t: string): t is RecordType => Object.prototype.hasOwnProperty.call(RECORD_SPECS, t);

/** RR type number → mnemonic, for RFC 3597 `TYPEnn` and DNS answers. */
export function typeByCode(code: number): RecordType | null {
  for (const t of RECORD_TYPES) if (RECORD_SPECS[t].code === code) return t;
  return null;
}
