import { questionName, startStubResolver, type StubResolver } from '../../support/dns/stub-resolvers';

/**
 * A DoH resolver that shows what the world sees of a zone's delegation: the NS set and the DS records
 * at the parent, as the test sets them. Replies are written byte by byte here (RFC 1035 §4.1), so the
 * companion's reading of them is not checked against its own encoder. A records for name-server names too. Any other question: NXDOMAIN.
 */
export interface ParentResolver extends StubResolver {
  setNs(zone: string, hosts: string[], ttl?: number): void;
  /** DS in presentation form: `keytag algorithm digest-type HEX`. */
  setDs(zone: string, ds: string[], ttl?: number): void;
  setA(name: string, addresses: string[]): void;
  /** Answers SERVFAIL for everything from now on. */
  fail(): void;
}

function nameWire(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0])]);
}

function rr(type: number, ttl: number, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // the question's name
  fixed.writeUInt16BE(type, 2);
  fixed.writeUInt16BE(1, 4);
  fixed.writeUInt32BE(ttl, 6);
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

function dsRdata(ds: string): Buffer {
  const [tag, alg, type, hex] = ds.split(/\s+/);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(Number(tag), 0);
  head[2] = Number(alg);
  head[3] = Number(type);
  return Buffer.concat([head, Buffer.from(hex ?? '', 'hex')]);
}

export async function startParentResolver(): Promise<ParentResolver> {
  const ns = new Map<string, { hosts: string[]; ttl: number }>();
  const ds = new Map<string, { ds: string[]; ttl: number }>();
  const a = new Map<string, string[]>();
  let failing = false;
  const stub = await startStubResolver((query, _req, res) => {
    const name = questionName(query);
    let end = 12;
    while ((query[end] ?? 0) > 0) end += (query[end] ?? 0) + 1;
    const qtype = query.readUInt16BE(end + 1);
    const question = query.subarray(12, end + 5);
    let answers: Buffer[] = [];
    let rcode = failing ? 2 : 3;
    if (!failing && (ns.has(name) || ds.has(name) || a.has(name))) {
      rcode = 0;
      if (qtype === 1) answers = (a.get(name) ?? []).map((ip) => rr(1, 300, Buffer.from(ip.split('.').map(Number))));
      if (qtype === 2) answers = (ns.get(name)?.hosts ?? []).map((h) => rr(2, ns.get(name)?.ttl ?? 0, nameWire(h)));
      if (qtype === 43) answers = (ds.get(name)?.ds ?? []).map((d) => rr(43, ds.get(name)?.ttl ?? 0, dsRdata(d)));
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(0x8180 | rcode, 2); // QR, RD, RA
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    res.writeHead(200, { 'content-type': 'application/dns-message' });
    res.end(Buffer.concat([header, question, ...answers]));
  });
  return Object.assign(stub, {
    setNs(zone: string, hosts: string[], ttl = 172800) {
      ns.set(zone, { hosts, ttl });
    },
    setDs(zone: string, list: string[], ttl = 3600) {
      ds.set(zone, { ds: list, ttl });
    },
    setA(name: string, addresses: string[]) {
      a.set(name, addresses);
    },
    fail() {
      failing = true;
    },
  });
}
