import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TsigKey } from '@dnsferry/shared';
import { nameAt } from '../../dns/wire-name';

/**
 * TSIG (RFC 8945): a request signed with a shared key, and the transfer's answers checked against it,
 * message by message. A server signs the first and the last message and at least every hundredth
 * (§5.3.1); the unsigned ones in between are covered by the next signature, so they are kept until it.
 */

const TSIG_TYPE = 250;
const CLASS_ANY = 255;
const FUDGE = 300;
const HASH: Record<TsigKey['algorithm'], string> = {
  'hmac-sha1': 'sha1',
  'hmac-sha224': 'sha224',
  'hmac-sha256': 'sha256',
  'hmac-sha384': 'sha384',
  'hmac-sha512': 'sha512',
};
/** RFC 8945 §3 TSIG errors, as the server's refusal names them. */
const TSIG_ERRORS: Record<number, string> = {
  16: 'BADSIG: the server computed another signature — the secret does not match its key',
  17: 'BADKEY: the server knows no key of this name and algorithm',
  18: "BADTIME: the server's clock and this machine's differ by more than 5 minutes",
  22: 'BADTRUNC: the server refused a truncated signature',
};

export class TsigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TsigError';
  }
}

/** A name in canonical wire form (RFC 4034 §6.2): lower case, uncompressed. */
export function nameToWire(name: string): Buffer {
  const labels = name === '' || name === '.' ? [] : name.replace(/\.$/, '').toLowerCase().split('.');
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0])]);
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

function time48(seconds: number): Buffer {
  const b = Buffer.alloc(6);
  b.writeUIntBE(seconds, 0, 6);
  return b;
}

/** A TSIG record found at the end of a message, and the message as it was before the server added it. */
interface FoundTsig {
  unsigned: Buffer;
  algorithm: string;
  timeSigned: Buffer;
  fudge: number;
  mac: Buffer;
  error: number;
  otherData: Buffer;
}

/** The TSIG record a message ends with, if any (it is always the last additional record). */
export function findTsig(msg: Buffer): FoundTsig | null {
  const arcount = msg.readUInt16BE(10);
  if (arcount === 0) return null;
  const counts = [msg.readUInt16BE(4), msg.readUInt16BE(6), msg.readUInt16BE(8), arcount];
  let pos = 12;
  for (let i = 0; i < (counts[0] ?? 0); i++) pos = nameAt(msg, pos).next + 4;
  const rrs = (counts[1] ?? 0) + (counts[2] ?? 0) + arcount;
  let last = -1;
  let type = 0;
  let rdata = 0;
  for (let i = 0; i < rrs; i++) {
    last = pos;
    const owner = nameAt(msg, pos);
    type = msg.readUInt16BE(owner.next);
    rdata = owner.next + 10;
    pos = rdata + msg.readUInt16BE(owner.next + 8);
  }
  if (type !== TSIG_TYPE) return null;
  const alg = nameAt(msg, rdata);
  let p = alg.next;
  const timeSigned = msg.subarray(p, p + 6);
  const fudge = msg.readUInt16BE(p + 6);
  const macSize = msg.readUInt16BE(p + 8);
  const mac = msg.subarray(p + 10, p + 10 + macSize);
  p += 10 + macSize;
  const originalId = msg.readUInt16BE(p);
  const error = msg.readUInt16BE(p + 2);
  const otherLen = msg.readUInt16BE(p + 4);
  const otherData = msg.subarray(p + 6, p + 6 + otherLen);
  // The message the MAC covers: without the TSIG record, one fewer additional, the original id.
  const unsigned = Buffer.from(msg.subarray(0, last));
  unsigned.writeUInt16BE(originalId, 0);
  unsigned.writeUInt16BE(arcount - 1, 10);
  return {
    unsigned,
    algorithm: alg.name,
    timeSigned: Buffer.from(timeSigned),
    fudge,
    mac: Buffer.from(mac),
    error,
    otherData: Buffer.from(otherData),
  };
}

/** Signs requests and checks the answers of one transfer. */
export class TsigSession {
  private readonly secret: Buffer;
  private readonly hash: string;
  private readonly keyName: Buffer;
  private readonly algName: Buffer;
  private priorMac: Buffer = Buffer.alloc(0);
  private pending: Buffer[] = [];
  private signedOnce = false;

  constructor(
    private readonly key: TsigKey,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.secret = Buffer.from(key.secret.trim(), 'base64');
    this.hash = HASH[key.algorithm];
    this.keyName = nameToWire(key.name);
    this.algName = nameToWire(key.algorithm);
  }

  /** The request with its TSIG record appended (§4.2). */
  sign(query: Buffer): Buffer {
    const time = time48(this.now());
    const vars = Buffer.concat([this.keyName, u16(CLASS_ANY), Buffer.alloc(4), this.algName, time, u16(FUDGE), u16(0), u16(0)]);
    const mac = createHmac(this.hash, this.secret).update(query).update(vars).digest();
    this.priorMac = mac;
    const rdata = Buffer.concat([this.algName, time, u16(FUDGE), u16(mac.length), mac, u16(query.readUInt16BE(0)), u16(0), u16(0)]);
    const rr = Buffer.concat([this.keyName, u16(TSIG_TYPE), u16(CLASS_ANY), Buffer.alloc(4), u16(rdata.length), rdata]);
    const signed = Buffer.concat([query, rr]);
    signed.writeUInt16BE(query.readUInt16BE(10) + 1, 10);
    return signed;
  }

  /**
   * Checks one message of the answer. The first must be signed; later ones may wait for the next
   * signature, and `finish` refuses a transfer whose last messages were never signed.
   */
  verify(msg: Buffer): void {
    const found = findTsig(msg);
    if (!found) {
      if (!this.signedOnce) throw new TsigError(`the server's answer is not signed with the key ${this.key.name}`);
      this.pending.push(msg);
      if (this.pending.length > 99) throw new TsigError('the server sent 100 messages without a signature (RFC 8945 allows 99)');
      return;
    }
    if (found.error !== 0) {
      throw new TsigError(`the server refused the key ${this.key.name} (${TSIG_ERRORS[found.error] ?? `TSIG error ${found.error}`})`);
    }
    if (found.algorithm !== this.key.algorithm) {
      throw new TsigError(`the server signed with ${found.algorithm}, not ${this.key.algorithm}`);
    }
    const hmac = createHmac(this.hash, this.secret).update(u16(this.priorMac.length)).update(this.priorMac);
    for (const m of this.pending) hmac.update(m);
    hmac.update(found.unsigned);
    if (!this.signedOnce) {
      hmac.update(Buffer.concat([this.keyName, u16(CLASS_ANY), Buffer.alloc(4), this.algName]));
      hmac.update(Buffer.concat([found.timeSigned, u16(found.fudge), u16(found.error), u16(found.otherData.length), found.otherData]));
    } else {
      hmac.update(Buffer.concat([found.timeSigned, u16(found.fudge)]));
    }
    const expected = hmac.digest();
    if (found.mac.length !== expected.length || !timingSafeEqual(found.mac, expected)) {
      throw new TsigError(`the answer's signature does not verify with the key ${this.key.name}: it may have been altered on the way`);
    }
    const signedAt = found.timeSigned.readUIntBE(0, 6);
    if (Math.abs(this.now() - signedAt) > found.fudge) {
      throw new TsigError(`the answer was signed at a time more than ${found.fudge} s away from this machine's clock`);
    }
    this.priorMac = found.mac;
    this.pending = [];
    this.signedOnce = true;
  }

  /** The transfer's last message must be signed (§5.3.1). */
  finish(): void {
    if (this.pending.length > 0) throw new TsigError('the last messages of the transfer were not signed');
  }
}
