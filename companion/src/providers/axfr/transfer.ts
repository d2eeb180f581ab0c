import { connect } from 'node:net';
import { randomInt } from 'node:crypto';
import { plural, type AxfrSource } from '@dnsferry/shared';
import { nameAt } from '../../dns/wire-name';
import { findTsig, nameToWire, TsigSession } from './tsig';

/**
 * One resource record of the transfer, its RDATA still in the message it came in. It lives only as
 * long as the call that receives it: a record kept must be read out of the message there, so the
 * transfer holds records, never the messages behind them (a server may send each record alone in a
 * 64 KB message).
 */
export interface WireRecord {
  owner: string;
  type: number;
  class: number;
  ttl: number;
  message: Buffer;
  offset: number;
  length: number;
}

export class TransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransferError';
  }
}

const AXFR = 252;
const SOA = 6;
const RCODES: Record<number, string> = {
  1: 'FORMERR: it could not read the request',
  2: 'SERVFAIL: it has no usable copy of the zone',
  4: 'NOTIMP: it does not do zone transfers',
  5: 'REFUSED: it does not allow this zone to be transferred to this address; allow it (allow-transfer) or use a TSIG key it knows',
  9: 'NOTAUTH: it is not authoritative for this zone, or it refused the key',
};

export interface TransferLimits {
  /** Records the transfer may give before it is stopped (DNSFERRY_MAX_RECORDS). */
  maxRecords: number;
  /**
   * How long the server may go without giving a record: while connecting, and between two records.
   * Bytes that complete no record are no progress, so a server that drips or sends empty messages
   * is stopped as one that sends nothing.
   */
  idleMs: number;
  /** Bytes the whole transfer may take (DNSFERRY_TRANSFER_MAX_BYTES). */
  maxBytes: number;
  /** How long the whole transfer may take, however steadily it moves (DNSFERRY_TRANSFER_TIMEOUT_MS). */
  deadlineMs: number;
}

/** What a finished transfer tells besides its records. */
export interface TransferSummary {
  /** Records handed to `take` (the SOA at both ends left out). */
  records: number;
  serial: number;
}

/**
 * The whole zone by AXFR over TCP (RFC 5936): one request, then messages until the zone's SOA comes
 * round again. The first record must be the zone's SOA and the last the same SOA (same serial): a
 * transfer cut short or spliced from two versions of the zone is refused, never half used. Each
 * record between them goes to `take` as its message is read; the caller keeps what it needs of it.
 */
export function transferZone(
  zone: string,
  from: AxfrSource,
  limits: TransferLimits,
  signal: AbortSignal,
  take: (rr: WireRecord) => void,
): Promise<TransferSummary> {
  const where = `${from.server.includes(':') ? `[${from.server}]` : from.server}:${from.port ?? 53}`;
  const tsig = from.tsig ? new TsigSession(from.tsig) : null;
  const id = randomInt(0, 65536);
  const query = encodeQuery(id, zone);
  const request = tsig ? tsig.sign(query) : query;

  return new Promise((resolve, reject) => {
    let records = 0;
    let firstSoa: Buffer | null = null;
    let serial = 0;
    let buf: Buffer = Buffer.alloc(0);
    let messages = 0;
    let bytes = 0;
    /** Where the last record's message ended, and messages since: what a server making no progress still sent. */
    let bytesAtProgress = 0;
    let messagesIdle = 0;
    let settled = false;
    const sock = connect({ host: from.server, port: from.port ?? 53 });
    const seconds = (ms: number) => `${ms / 1000} s`;
    const stalled = () => {
      const when = records === 0 && messages === 0 ? 'after the request' : 'in the middle of the transfer';
      if (bytes === bytesAtProgress) return `${where} sent nothing for ${seconds(limits.idleMs)} ${when}`;
      const what =
        messagesIdle > 0 ? `${messagesIdle} messages without a record` : `${bytes - bytesAtProgress} bytes that complete no message`;
      return `${where} sent no record for ${seconds(limits.idleMs)} ${when}, only ${what}: stopped`;
    };
    // One timer for the whole transfer, moved on lazily: records arrive far faster than it fires.
    let lastProgress = Date.now();
    const watchIdle = (): void => {
      const left = lastProgress + limits.idleMs - Date.now();
      if (left > 0) idle = setTimeout(watchIdle, left);
      else finish(new TransferError(stalled()));
    };
    let idle = setTimeout(watchIdle, limits.idleMs);
    const progressed = () => {
      bytesAtProgress = bytes - buf.length;
      messagesIdle = 0;
      lastProgress = Date.now();
    };
    const deadline = setTimeout(
      () =>
        finish(
          new TransferError(
            `${where} did not finish the transfer of ${zone} within ${seconds(limits.deadlineMs)} (DNSFERRY_TRANSFER_TIMEOUT_MS): ` +
              `${plural(records, 'record')} in ${bytes} bytes so far; stopped, nothing is written for this zone`,
          ),
        ),
      limits.deadlineMs,
    );
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(deadline);
      signal.removeEventListener('abort', onAbort);
      sock.destroy();
      if (err) reject(err);
      else resolve({ records, serial });
    };
    const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new TransferError('the transfer was stopped'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });

    sock.on('connect', () => {
      progressed();
      sock.write(Buffer.concat([u16(request.length), request]));
    });
    sock.on('error', (err) => finish(new TransferError(`could not ask ${where} for the transfer: ${err.message}`)));
    sock.on('end', () =>
      finish(
        new TransferError(
          messages === 0
            ? `${where} closed the connection without an answer (transfers refused to this address?)`
            : `${where} closed the connection before the transfer ended (the zone's closing SOA never came)`,
        ),
      ),
    );
    sock.on('data', (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.length;
      if (bytes > limits.maxBytes) {
        finish(
          new TransferError(
            `${where} sent more than ${limits.maxBytes} bytes for the transfer of ${zone} (DNSFERRY_TRANSFER_MAX_BYTES), ` +
              `${plural(records, 'record')} so far: stopped, nothing is written for this zone`,
          ),
        );
        return;
      }
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      try {
        while (!settled && buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
          const msg = Buffer.from(buf.subarray(2, 2 + buf.readUInt16BE(0)));
          buf = buf.subarray(2 + msg.length);
          messages++;
          messagesIdle++;
          if (readMessage(msg)) {
            tsig?.finish();
            finish(null);
          }
        }
      } catch (err) {
        finish(err instanceof Error ? err : new TransferError(String(err)));
      }
    });

    /** True when the message ends the transfer. */
    function readMessage(msg: Buffer): boolean {
      if (msg.length < 12 || msg.readUInt16BE(0) !== id) throw new TransferError(`${where} answered another request`);
      const rcode = (msg[3] ?? 0) & 0x0f;
      if (rcode !== 0) {
        // A refused key comes back with rcode NOTAUTH and a TSIG error, which says more.
        if (tsig && findTsig(msg)?.error) tsig.verify(msg);
        throw new TransferError(`${where} refused the transfer of ${zone} (${RCODES[rcode] ?? `rcode ${rcode}`})`);
      }
      tsig?.verify(msg);
      let pos = 12;
      for (let i = 0; i < msg.readUInt16BE(4); i++) pos = nameAt(msg, pos).next + 4;
      const answers = msg.readUInt16BE(6);
      if (messages === 1 && answers === 0) throw new TransferError(`${where} answered with no records: it does not hold ${zone}`);
      for (let i = 0; i < answers; i++) {
        const owner = nameAt(msg, pos);
        const type = msg.readUInt16BE(owner.next);
        const rr: WireRecord = {
          owner: owner.name,
          type,
          class: msg.readUInt16BE(owner.next + 2),
          ttl: msg.readUInt32BE(owner.next + 4),
          message: msg,
          offset: owner.next + 10,
          length: msg.readUInt16BE(owner.next + 8),
        };
        pos = rr.offset + rr.length;
        if (pos > msg.length) throw new TransferError(`${where} sent a record that runs past the end of its message`);
        const rdata = canonicalRdata(rr);
        if (firstSoa === null) {
          if (type !== SOA || owner.name !== zone) throw new TransferError(`${where}'s transfer does not begin with the SOA of ${zone}`);
          firstSoa = rdata;
          serial = soaSerial(rr);
          progressed();
          continue;
        }
        if (type === SOA && owner.name === zone) {
          if (!rdata.equals(firstSoa))
            throw new TransferError(
              `${where}'s transfer ends with serial ${soaSerial(rr)} but began with ${serial}: the zone changed during the transfer; try again`,
            );
          if (i !== answers - 1) throw new TransferError(`${where} sent records after the closing SOA`);
          return true;
        }
        if (records >= limits.maxRecords)
          throw new TransferError(
            `the transfer gives more than ${limits.maxRecords} records (DNSFERRY_MAX_RECORDS): stopped, nothing is written for this zone`,
          );
        records++;
        take(rr);
        progressed();
      }
      return false;
    }
  });
}

/** The SOA's RDATA with its names uncompressed, so the opening and closing SOA compare byte for byte. */
function canonicalRdata(rr: WireRecord): Buffer {
  if (rr.type !== SOA) return Buffer.alloc(0);
  const mname = nameAt(rr.message, rr.offset);
  const rname = nameAt(rr.message, mname.next);
  return Buffer.concat([nameToWire(mname.name), nameToWire(rname.name), rr.message.subarray(rname.next, rr.offset + rr.length)]);
}

function soaSerial(rr: WireRecord): number {
  const mname = nameAt(rr.message, rr.offset);
  return rr.message.readUInt32BE(nameAt(rr.message, mname.next).next);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

/** An AXFR question for `zone`, class IN, no recursion asked. */
function encodeQuery(id: number, zone: string): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(1, 4);
  return Buffer.concat([header, nameToWire(zone), u16(AXFR), u16(1)]);
}
