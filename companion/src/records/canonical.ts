import { isPlainCanonicalTxt, quoteTxt, resolveName, txtStringsOf, type DnsRecord } from '@dnsferry/shared';

/**
 * A record relative to its zone, in the form the engine compares and sends: the schema has already made
 * every value canonical; here the owner is made relative and TXT is written as quoted strings.
 * Null when the name is outside the zone. A record already in that form is returned as it is (no
 * copy of each of a hundred thousand records); records are never changed in place.
 */
export function canonicalize(record: DnsRecord, zone: string): DnsRecord | null {
  const name = resolveName(record.name, zone);
  if (name === null) return null;
  if (record.type === 'TXT') {
    if (name === record.name && isPlainCanonicalTxt(record.content)) return record;
    return { ...record, name, content: quoteTxt(txtStringsOf(record.content)) };
  }
  return name === record.name ? record : { ...record, name };
}
