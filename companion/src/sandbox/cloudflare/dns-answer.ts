import dnsPacket, { type Answer, type DecodedPacket } from 'dns-packet';
import { certRdata, locRdata, openpgpkeyRdata, smimeaRdata, svcbRdata, uriRdata } from './dns-rdata';
import { parseQuotedTxt } from './txt';
import type { SimState, StoredRecord, Zone } from './state';

/**
 * The simulator's authoritative DNS: answers a query for any of its zones from the record state the API
 * writes, as Cloudflare's assigned name servers do (pending zones too, which is what makes a check before
 * the switch possible). Proxied A/AAAA/CNAME names answer with the simulator's "edge" addresses, never
 * the origin. Apex SOA and NS are Cloudflare's own. Wildcards (RFC 4592), delegations (referrals),
 * NXDOMAIN and NODATA (SOA in the authority section), and TC over UDP when the answer does not fit.
 */

/** Documentation addresses standing in for Cloudflare's anycast edge (104.16.0.0/13, 2606:4700::/32). */
export const EDGE_IPV4 = ['198.51.100.1', '198.51.100.2'];
export const EDGE_IPV6 = ['2001:db8:cf::1', '2001:db8:cf::2'];

/** Cloudflare's TTL for "automatic", and its SOA timers. */
const AUTO_TTL = 300;
const SOA = { refresh: 10000, retry: 2400, expire: 604800, minimum: 1800 };

const CODES: Record<string, number> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  PTR: 12,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  LOC: 29,
  SRV: 33,
  NAPTR: 35,
  CERT: 37,
  DS: 43,
  SSHFP: 44,
  DNSKEY: 48,
  TLSA: 52,
  SMIMEA: 53,
  OPENPGPKEY: 61,
  SVCB: 64,
  HTTPS: 65,
  ANY: 255,
  URI: 256,
  CAA: 257,
};

/** dns-packet's type name (`A`, `UNKNOWN_65`) → the mnemonic the API stores (`HTTPS`). */
function typeName(packetType: string): string {
  const m = /^UNKNOWN_(\d+)$/.exec(packetType);
  if (!m) return packetType.toUpperCase();
  const code = Number(m[1]);
  return Object.keys(CODES).find((k) => CODES[k] === code) ?? `TYPE${code}`;
}

/**
 * A record whose RDATA is written here (dns-packet has no encoder for its type). dns-packet writes any
 * `UNKNOWN_<code>` record's Buffer as it is; its typings do not model that, hence the one cast.
 */
function raw(name: string, code: number, ttl: number, data: Buffer): Answer {
  return { type: `UNKNOWN_${code}`, name, ttl, class: 'IN', data } as unknown as Answer;
}

/** TXT strings of at most 255 octets each: quoted content as the API stored it, else the raw text split. */
function txtStrings(content: string): Buffer[] {
  const strings = content.startsWith('"') ? (parseQuotedTxt(content) ?? [Buffer.from(content)]) : [Buffer.from(content, 'utf8')];
  return strings.flatMap((s) => {
    const parts: Buffer[] = [];
    for (let i = 0; i < s.length; i += 255) parts.push(s.subarray(i, i + 255));
    return parts.length > 0 ? parts : [Buffer.alloc(0)];
  });
}

const data = (r: StoredRecord): Record<string, unknown> => (r.data ?? {}) as Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => String(v ?? '');

/** A stored (unproxied) record as an answer RR, owner `owner` (the query name when a wildcard answers). */
export function toAnswer(r: StoredRecord, owner: string): Answer {
  const ttl = r.ttl === 1 ? AUTO_TTL : r.ttl;
  const base = { name: owner, ttl, class: 'IN' as const };
  const d = data(r);
  switch (r.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { ...base, type: r.type, data: r.content };
    case 'MX':
      return { ...base, type: 'MX', data: { preference: r.priority ?? 0, exchange: r.content } };
    case 'TXT':
      return { ...base, type: 'TXT', data: txtStrings(r.content) };
    case 'SRV':
      return { ...base, type: 'SRV', data: { priority: n(d.priority), weight: n(d.weight), port: n(d.port), target: s(d.target) } };
    case 'CAA':
      return { ...base, type: 'CAA', data: { flags: n(d.flags), tag: s(d.tag) as 'issue', value: s(d.value) } };
    case 'DS':
      return {
        ...base,
        type: 'DS',
        data: { keyTag: n(d.key_tag), algorithm: n(d.algorithm), digestType: n(d.digest_type), digest: Buffer.from(s(d.digest), 'hex') },
      };
    case 'TLSA':
      return {
        ...base,
        type: 'TLSA',
        data: {
          usage: n(d.usage),
          selector: n(d.selector),
          matchingType: n(d.matching_type),
          certificate: Buffer.from(s(d.certificate), 'hex'),
        },
      };
    case 'SSHFP':
      return { ...base, type: 'SSHFP', data: { algorithm: n(d.algorithm), hash: n(d.type), fingerprint: s(d.fingerprint) } };
    case 'NAPTR':
      return {
        ...base,
        type: 'NAPTR',
        data: {
          order: n(d.order),
          preference: n(d.preference),
          flags: s(d.flags),
          services: s(d.service),
          regexp: s(d.regex),
          replacement: s(d.replacement),
        },
      };
    case 'HTTPS':
    case 'SVCB':
      return raw(owner, CODES[r.type] ?? 0, ttl, svcbRdata(d));
    case 'URI':
      return raw(owner, CODES.URI ?? 256, ttl, uriRdata(r.priority ?? n(d.priority), d));
    case 'CERT':
      return raw(owner, CODES.CERT ?? 37, ttl, certRdata(d));
    case 'SMIMEA':
      return raw(owner, CODES.SMIMEA ?? 53, ttl, smimeaRdata(d));
    case 'OPENPGPKEY':
      return raw(owner, CODES.OPENPGPKEY ?? 61, ttl, openpgpkeyRdata(r.content));
    case 'LOC':
      return raw(owner, CODES.LOC ?? 29, ttl, locRdata(d));
  }
}

/** What a name answers: proxied records are replaced by the edge (a proxied CNAME becomes edge A/AAAA). */
function served(records: StoredRecord[], owner: string): Array<{ type: string; rr: Answer }> {
  const out: Array<{ type: string; rr: Answer }> = [];
  let edge4 = false;
  let edge6 = false;
  for (const r of records) {
    if (r.proxied && (r.type === 'A' || r.type === 'CNAME')) edge4 = true;
    if (r.proxied && (r.type === 'AAAA' || r.type === 'CNAME')) edge6 = true;
    if (!r.proxied) out.push({ type: r.type, rr: toAnswer(r, owner) });
  }
  if (edge4) for (const a of EDGE_IPV4) out.push({ type: 'A', rr: { type: 'A', name: owner, ttl: AUTO_TTL, class: 'IN', data: a } });
  if (edge6) for (const a of EDGE_IPV6) out.push({ type: 'AAAA', rr: { type: 'AAAA', name: owner, ttl: AUTO_TTL, class: 'IN', data: a } });
  return out;
}

function soa(zone: Zone): Answer {
  const serial = Math.floor(Date.parse(zone.modified_on) / 1000) >>> 0;
  return {
    type: 'SOA',
    name: zone.name,
    ttl: SOA.minimum,
    class: 'IN',
    data: { mname: zone.nameServers[0] ?? `ns.${zone.name}`, rname: 'dns.cloudflare.com', serial, ...SOA },
  };
}

function apex(zone: Zone): Answer[] {
  return [soa(zone), ...zone.nameServers.map((ns): Answer => ({ type: 'NS', name: zone.name, ttl: 86400, class: 'IN', data: ns }))];
}

function ancestors(name: string, zone: string): string[] {
  const out: string[] = [];
  for (let cur = name; cur !== zone && cur.endsWith(`.${zone}`); cur = cur.slice(cur.indexOf('.') + 1)) out.push(cur);
  return out;
}

/** Every name that exists in the zone: owners and the empty non-terminals above them. */
function existingNames(zone: Zone): Set<string> {
  const names = new Set<string>([zone.name]);
  for (const r of zone.store.byId.values()) for (const a of ancestors(r.name, zone.name)) names.add(a);
  return names;
}

export interface Resolution {
  rcode: 'NOERROR' | 'NXDOMAIN' | 'REFUSED';
  authoritative: boolean;
  answers: Answer[];
  authorities: Answer[];
}

function findZone(state: SimState, qname: string): Zone | undefined {
  for (let cur = qname; cur !== ''; cur = cur.includes('.') ? cur.slice(cur.indexOf('.') + 1) : '') {
    const z = state.zoneByName(cur);
    if (z) return z;
  }
  return undefined;
}

/** Resolves one question against the simulator's zones. */
export function resolve(state: SimState, qname: string, qtype: string, depth = 0): Resolution {
  const zone = findZone(state, qname);
  if (!zone) return { rcode: 'REFUSED', authoritative: false, answers: [], authorities: [] };

  // A delegation inside the zone: below it (or at it, for anything but DS) the answer is a referral.
  for (const cut of ancestors(qname, zone.name).reverse()) {
    const ns = zone.store.atName(cut).filter((r) => r.type === 'NS');
    if (ns.length > 0 && !(cut === qname && qtype === 'DS')) {
      return { rcode: 'NOERROR', authoritative: false, answers: [], authorities: ns.map((r) => toAnswer(r, cut)) };
    }
  }

  let here = zone.store.atName(qname);
  if (here.length === 0 && qname !== zone.name && !existingNames(zone).has(qname)) {
    // RFC 4592: the closest encloser's wildcard answers for a name that does not exist.
    const names = existingNames(zone);
    const encloser =
      ancestors(qname, zone.name)
        .slice(1)
        .find((a) => names.has(a)) ?? zone.name;
    here = zone.store.atName(`*.${encloser}`);
    if (here.length === 0) return { rcode: 'NXDOMAIN', authoritative: true, answers: [], authorities: [soa(zone)] };
  }

  const rrs = served(here, qname);
  if (qname === zone.name) for (const rr of apex(zone)) rrs.push({ type: rr.type, rr });
  const matching = rrs.filter((x) => qtype === 'ANY' || x.type === qtype);
  if (matching.length > 0) return { rcode: 'NOERROR', authoritative: true, answers: matching.map((x) => x.rr), authorities: [] };

  const cname = rrs.find((x) => x.type === 'CNAME');
  if (cname && cname.rr.type === 'CNAME') {
    const target = cname.rr.data.toLowerCase().replace(/\.$/, '');
    // Follow the chain while it stays in our zones (as an authoritative server does), at most 8 links.
    const next = depth < 8 && findZone(state, target) ? resolve(state, target, qtype, depth + 1) : null;
    return {
      rcode: next?.rcode === 'NXDOMAIN' ? 'NXDOMAIN' : 'NOERROR',
      authoritative: true,
      answers: [cname.rr, ...(next?.answers ?? [])],
      authorities: next?.authorities ?? [],
    };
  }
  return { rcode: 'NOERROR', authoritative: true, answers: [], authorities: [soa(zone)] };
}

const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

/**
 * One query (wire) → its response (wire); null when the message is not a query at all. Over UDP an
 * answer larger than the client can take (512 octets, or its EDNS size) is sent empty with TC set.
 */
export function answerQuery(state: SimState, query: Buffer, transport: 'udp' | 'tcp'): Buffer | null {
  let packet: DecodedPacket;
  try {
    packet = dnsPacket.decode(query);
  } catch {
    if (query.length < 12) return null;
    // Not decodable: FORMERR with the query's id, as a server answers a malformed message.
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(0x8000 | RCODE.FORMERR, 2);
    return header;
  }
  if (packet.type !== 'query') return null;
  const question = packet.questions?.[0];
  const opt = packet.additionals?.find((a) => a.type === 'OPT');
  const rd = packet.flag_rd ? dnsPacket.RECURSION_DESIRED : 0;
  const edns: Answer[] = opt
    ? [{ type: 'OPT', name: '.', udpPayloadSize: 1232, extendedRcode: 0, ednsVersion: 0, flags: 0, flag_do: false, options: [] }]
    : [];
  const reply = (rcode: number, aa: boolean, body: Pick<Resolution, 'answers' | 'authorities'>, tc = false) =>
    dnsPacket.encode({
      type: 'response',
      id: packet.id ?? 0,
      flags: rcode | rd | (aa ? dnsPacket.AUTHORITATIVE_ANSWER : 0) | (tc ? dnsPacket.TRUNCATED_RESPONSE : 0),
      questions: packet.questions ?? [],
      answers: body.answers,
      authorities: body.authorities,
      additionals: edns,
    });
  if (!question || (packet.questions?.length ?? 0) !== 1) return reply(RCODE.FORMERR, false, { answers: [], authorities: [] });
  if (question.class !== 'IN' && question.class !== undefined) return reply(RCODE.REFUSED, false, { answers: [], authorities: [] });

  const qname = question.name.toLowerCase().replace(/\.$/, '');
  const result = resolve(state, qname, typeName(question.type));
  const wire = reply(RCODE[result.rcode], result.authoritative, result);
  const limit = opt && opt.type === 'OPT' ? Math.max(512, Math.min(opt.udpPayloadSize, 4096)) : 512;
  if (transport === 'udp' && wire.length > limit)
    return reply(RCODE[result.rcode], result.authoritative, { answers: [], authorities: [] }, true);
  return wire;
}
