import { createSocket, type Socket } from 'node:dgram';
import { connect, isIPv6 } from 'node:net';
import { randomInt } from 'node:crypto';
import { RECORD_SPECS, type DnsRecord, type RecordType } from '@dnsferry/shared';
import { encodeQuery, MalformedReplyError, normalize, readMessage, type Answer, type Message } from './message';
import { nameAt } from './wire-name';

/**
 * Asks one authoritative server directly, never through a resolver (whose cache still holds the old
 * answers): UDP first, TCP when the answer comes back truncated. The reply is read by ./message.ts,
 * whose RDATA reader is the shared registry's: every type the contract knows, name compression included.
 */
export interface NameServer {
  host: string;
  port: number;
}

export interface DirectAnswer {
  rcode: number;
  /** Records whose owner and type are the question's, canonical, named `relName`. */
  records: DnsRecord[];
  /** RRs of the asked type the registry could not read (their reason), so a difference is still shown. */
  unreadable: string[];
}

export class DnsQueryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DnsQueryError';
  }
}

interface Pending {
  resolve(msg: Buffer): void;
  reject(err: Error): void;
}

/** One query sent at a time per id; answers are matched by id and then by question. */
export class DirectDnsClient {
  private readonly sockets = new Map<'udp4' | 'udp6', Socket>();
  private readonly pending = new Map<number, Pending>();
  sent = 0;

  constructor(private readonly opts: { timeoutMs: number; retries: number } = { timeoutMs: 2000, retries: 2 }) {}

  /** The RRset of `type` at `fqdn`, as `server` answers it. `relName` names the records (relative to the zone). */
  async query(server: NameServer, fqdn: string, type: RecordType, relName: string, signal: AbortSignal): Promise<DirectAnswer> {
    const code = RECORD_SPECS[type].code;
    let msg = await this.udp(server, fqdn, code, signal);
    if (msg.length > 2 && (msg[2] ?? 0) & 0x02) msg = await this.tcp(server, fqdn, code, signal);
    return readAnswer(msg, fqdn, type, relName);
  }

  close(): void {
    for (const s of this.sockets.values()) s.close();
    this.sockets.clear();
    for (const p of this.pending.values()) p.reject(new DnsQueryError('the client was closed'));
    this.pending.clear();
  }

  private socket(family: 'udp4' | 'udp6'): Socket {
    let s = this.sockets.get(family);
    if (s) return s;
    s = createSocket(family);
    s.on('message', (msg) => {
      if (msg.length < 12) return;
      const p = this.pending.get(msg.readUInt16BE(0));
      if (p) p.resolve(msg);
    });
    // A socket error (e.g. ICMP unreachable on some systems) fails the queries waiting on it; they retry.
    s.on('error', (err) => {
      for (const p of this.pending.values()) p.reject(new DnsQueryError(err.message, { cause: err }));
    });
    s.unref();
    this.sockets.set(family, s);
    return s;
  }

  private async udp(server: NameServer, fqdn: string, code: number, signal: AbortSignal): Promise<Buffer> {
    let last: Error | null = null;
    for (let attempt = 0; attempt <= this.opts.retries; attempt++) {
      signal.throwIfAborted();
      let id = randomInt(0, 65536);
      while (this.pending.has(id)) id = (id + 1) & 0xffff;
      const query = encodeQuery(fqdn, code, { id, recursion: false, edns: true });
      try {
        this.sent++;
        const reply = await this.wait(id, signal, () =>
          this.socket(isIPv6(server.host) ? 'udp6' : 'udp4').send(query, server.port, server.host),
        );
        if (sameQuestion(reply, query)) return reply;
        last = new DnsQueryError(`${server.host}:${server.port} answered another question`);
      } catch (err) {
        if (signal.aborted) throw err;
        last = err instanceof Error ? err : new DnsQueryError(String(err));
      }
    }
    throw new DnsQueryError(`${fqdn}: no answer from ${server.host}:${server.port} (${last?.message ?? 'no reply'})`, { cause: last });
  }

  private wait(id: number, signal: AbortSignal, send: () => void): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const timer = setTimeout(() => {
        done();
        reject(new DnsQueryError(`no answer within ${this.opts.timeoutMs} ms`));
      }, this.opts.timeoutMs);
      const onAbort = () => {
        done();
        reject(signal.reason instanceof Error ? signal.reason : new DnsQueryError('aborted'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (msg) => {
          done();
          resolve(msg);
        },
        reject: (err) => {
          done();
          reject(err);
        },
      });
      send();
    });
  }

  /** RFC 7766: the same question over TCP, each message after a two-octet length. */
  private tcp(server: NameServer, fqdn: string, code: number, signal: AbortSignal): Promise<Buffer> {
    const query = encodeQuery(fqdn, code, { id: randomInt(0, 65536), recursion: false, edns: true });
    const framed = Buffer.concat([Buffer.from([query.length >> 8, query.length & 0xff]), query]);
    this.sent++;
    return new Promise<Buffer>((resolve, reject) => {
      const sock = connect({ host: server.host, port: server.port });
      let buf = Buffer.alloc(0);
      const finish = (err: Error | null, msg?: Buffer) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        sock.destroy();
        if (err) reject(err);
        else if (msg) resolve(msg);
      };
      const timer = setTimeout(
        () => finish(new DnsQueryError(`${fqdn}: no TCP answer within ${this.opts.timeoutMs} ms`)),
        this.opts.timeoutMs,
      );
      const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new DnsQueryError('aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      sock.on('connect', () => sock.write(framed));
      sock.on('data', (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        if (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) finish(null, buf.subarray(2, 2 + buf.readUInt16BE(0)));
      });
      sock.on('error', (err) => finish(new DnsQueryError(`${fqdn} over TCP: ${err.message}`, { cause: err })));
      sock.on('end', () => finish(new DnsQueryError(`${fqdn}: the TCP connection closed before the answer`)));
    });
  }
}

/** The reply's question section equals the query's (name case aside). */
function sameQuestion(reply: Buffer, query: Buffer): boolean {
  if (reply.length < 12 || reply.readUInt16BE(4) !== 1) return false;
  const a = nameAt(reply, 12);
  const b = nameAt(query, 12);
  return a.name === b.name && reply.readUInt16BE(a.next) === query.readUInt16BE(b.next);
}

/** The answer's RRs of the asked type at the asked name, as the registry read them. */
export function readAnswer(msg: Buffer, fqdn: string, type: RecordType, relName: string): DirectAnswer {
  let m: Message;
  try {
    m = readMessage(msg);
  } catch (err) {
    if (err instanceof MalformedReplyError) throw new DnsQueryError(`${fqdn}: ${err.message}`, { cause: err });
    throw err;
  }
  const owner = normalize(fqdn);
  const at = (rrs: Answer[]) => rrs.filter((rr) => rr.name === owner && rr.type === type);
  // A delegation point answers NS with a referral: the NS set is in the authority section.
  const answer = at(m.answers);
  const rrs = answer.length === 0 && type === 'NS' ? at(m.authorities) : answer;
  const rcode = msg.readUInt16BE(2) & 0x0f;
  const records: DnsRecord[] = [];
  // NOERROR and NXDOMAIN say what is there; anything else says the server would not tell.
  const unreadable: string[] = rcode === 0 || rcode === 3 ? [] : [`the name server answered ${m.rcode}`];
  for (const rr of rrs) {
    if (rr.record) records.push({ ...rr.record, name: relName });
    else unreadable.push(`unreadable ${type} RDATA (${rr.problem ?? 'unknown'})`);
  }
  return { rcode, records, unreadable };
}
