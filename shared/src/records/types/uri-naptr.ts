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

/** NAPTR (RFC 3403): `order preference "flags" "service" "regexp" replacement`. */
export const NAPTR: RecordTypeSpec = {
  code: 35,
  parse(r) {
    const order = r.int('the NAPTR order', 65535);
    const preference = r.int('the NAPTR preference', 65535);
    const flags = quoteBytes(r.bytes('the NAPTR flags'));
    const service = quoteBytes(r.bytes('the NAPTR service'));
    const regexp = quoteBytes(r.bytes('the NAPTR regexp'));
    const replacement = r.name('the NAPTR replacement');
    r.end('NAPTR');
    return { content: `${order} ${preference} ${flags} ${service} ${regexp} ${replacement}` };
  },
  read(w) {
    const order = w.u16();
    const preference = w.u16();
    const strings = [w.charString(), w.charString(), w.charString()].map(quoteBytes);
    return { content: `${order} ${preference} ${strings.join(' ')} ${w.name()}` };
  },
};
