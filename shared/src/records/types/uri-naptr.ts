import { ereGroups } from '../ere';
import { RdataError, tokenBytes } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { quoteBytes } from '../txt';

/** URI (RFC 7553): `priority weight "target"`. */
export const URI: RecordTypeSpec = {
  code: 256,
  parse(r) {
    const priority = r.int('the URI priority', 65535);
    const weight = r.int('the URI weight', 65535);
    const target = r.next('the URI target');
    if (!target.quoted) throw new RdataError('the URI target must be in quotes');
    r.end('URI');
    return { content: `${priority} ${weight} ${quoteBytes(tokenBytes(target.raw))}` };
  },
  read: (w) => ({ content: `${w.u16()} ${w.u16()} ${quoteBytes(w.rest())}` }),
};

/**
 * The checks BIND makes of a NAPTR regexp (RFC 3403 §4.3), so a line it refuses is pointed out here
 * too: empty, or `delim ere delim replacement delim flags` with the delimiter written exactly three
 * times unescaped, not a digit, `\` or `i`; flags only `i`; no NUL; a back-reference `\N` (N ≥ 1) to a
 * group the ERE has; an ERE BIND accepts (`ereGroups`).
 */
function checkRegexp(b: Uint8Array): Uint8Array {
  if (b.length === 0) return b;
  const shown = () => quoteBytes(b).slice(0, 80);
  const fail: (why: string) => never = (why) => {
    throw new RdataError(`the NAPTR regexp ${shown()} ${why}`);
  };
  const delim = b[0] ?? 0;
  if ((delim >= 0x30 && delim <= 0x39) || delim === 0x5c || delim === 0x69 || delim === 0)
    fail('starts with a digit, \\ or i, which cannot be its delimiter');
  let part = 0; // 0: the ERE, 1: the replacement, 2: the flags
  let ere = '';
  let backRef = 0;
  for (let i = 1; i < b.length; i++) {
    const c = b[i] ?? 0;
    if (c === 0) fail('holds a NUL byte');
    if (c === delim) {
      if (part === 2) fail(`has its delimiter ${String.fromCharCode(delim)} more than three times`);
      part++;
      continue;
    }
    if (part === 2) {
      if (c !== 0x69) fail('has flags other than i');
      continue;
    }
    if (c !== 0x5c) {
      if (part === 0) ere += String.fromCharCode(c);
      continue;
    }
    const next = b[++i];
    if (next === undefined || next === 0) fail('ends with a backslash');
    if (part === 1 && next === 0x30) fail('refers to \\0');
    if (part === 1 && next > 0x30 && next <= 0x39) backRef = Math.max(backRef, next - 0x30);
    if (part === 0) ere += `\\${String.fromCharCode(next)}`;
  }
  if (part < 2)
    fail(
      `is not ended: its delimiter ${String.fromCharCode(delim)} must be written three times (${String.fromCharCode(delim)}regexp${String.fromCharCode(delim)}replacement${String.fromCharCode(delim)})`,
    );
  const groups = ereGroups(ere);
  if (groups === null) fail('is not a regular expression BIND accepts (POSIX extended)');
  if (backRef > groups) fail(`refers to \\${backRef}, but its expression has ${groups} group(s)`);
  return b;
}

/** NAPTR (RFC 3403): `order preference "flags" "service" "regexp" replacement`. */
export const NAPTR: RecordTypeSpec = {
  code: 35,
  parse(r) {
    const order = r.int('the NAPTR order', 65535);
    const preference = r.int('the NAPTR preference', 65535);
    const flags = quoteBytes(r.bytes('the NAPTR flags'));
    const service = quoteBytes(r.bytes('the NAPTR service'));
    const regexp = quoteBytes(checkRegexp(r.bytes('the NAPTR regexp')));
    const replacement = r.name('the NAPTR replacement');
    r.end('NAPTR');
    return { content: `${order} ${preference} ${flags} ${service} ${regexp} ${replacement}` };
  },
  read(w) {
    const order = w.u16();
    const preference = w.u16();
    const strings = [w.charString(), w.charString(), checkRegexp(w.charString())].map(quoteBytes);
    return { content: `${order} ${preference} ${strings.join(' ')} ${w.name()}` };
  },
};
