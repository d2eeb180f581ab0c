import { ipv4, ipv6 } from '../ip';
import { RdataError } from '../rdata';
import type { RecordTypeSpec } from '../spec';
import { ipv4FromWire, ipv6FromWire } from '../wire-reader';

/** Types whose value is one address or one host name. */
export const A: RecordTypeSpec = {
  code: 1,
  parse(r) {
    const content = ipv4(r.next('the IPv4 address').raw);
    r.end('A');
    return { content };
  },
  read: (w) => ({ content: ipv4FromWire(w.bytes(4)) }),
};

export const AAAA: RecordTypeSpec = {
  code: 28,
  parse(r) {
    const content = ipv6(r.next('the IPv6 address').raw);
    r.end('AAAA');
    return { content };
  },
  read: (w) => ({ content: ipv6(ipv6FromWire(w.bytes(16))) }),
};

function hostType(code: number, type: string, what: string, extra: Partial<RecordTypeSpec> = {}): RecordTypeSpec {
  return {
    code,
    parse(r) {
      const content = r.name(what);
      if (content === '.') throw new RdataError(`the root "." is not a ${what}`);
      r.end(type);
      return { content };
    },
    read: (w) => ({ content: w.name() }),
    ...extra,
  };
}

export const CNAME = hostType(5, 'CNAME', 'host name');
export const NS = hostType(2, 'NS', 'name server host name');
export const PTR = hostType(12, 'PTR', 'host name');
