// The types the zone generator writes, apart from it: generic-rdata.ts needs them and the generator needs
// generic-rdata.ts, so keeping them in zone-generator.ts made an import cycle.

export const GENERATED_TYPES = [
  'A',
  'AAAA',
  'CAA',
  'CERT',
  'CNAME',
  'DS',
  'HTTPS',
  'LOC',
  'MX',
  'NAPTR',
  'NS',
  'OPENPGPKEY',
  'PTR',
  'SMIMEA',
  'SRV',
  'SSHFP',
  'SVCB',
  'TLSA',
  'TXT',
  'URI',
] as const;
export type GenType = (typeof GENERATED_TYPES)[number];
