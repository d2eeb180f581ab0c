import type { RecordTypeSpec } from '../spec';

/** MX and SRV keep their numbers in fields of their own (`priority`, `weight`, `port`); `content` is the host. */
export const MX: RecordTypeSpec = {
  code: 15,
  parse(r) {
    const priority = r.int('the MX priority', 65535);
    const content = r.name('mail server host name');
    r.end('MX');
    return { priority, content };
  },
  read: (w) => ({ priority: w.u16(), content: w.name() }),
};

export const SRV: RecordTypeSpec = {
  code: 33,
  parse(r) {
    const priority = r.int('the SRV priority', 65535);
    const weight = r.int('the SRV weight', 65535);
    const port = r.int('the SRV port', 65535);
    const content = r.name('target host name');
    r.end('SRV');
    return { priority, weight, port, content };
  },
  read: (w) => ({ priority: w.u16(), weight: w.u16(), port: w.u16(), content: w.name() }),
};
