import { RdataError } from './rdata';

/**
 * Reads RDATA in wire form (RFC 1035 §3.3): an RFC 3597 `\# len hex` field in a zone file, or an
 * answer from a DNS server. `message` and `offset` allow name compression pointers into an answer.
 */
export class WireReader {
  private pos: number;
  private readonly end: number;
  constructor(
    private readonly buf: Uint8Array,
    offset = 0,
    length = buf.length - offset,
  ) {
    this.pos = offset;
    this.end = offset + length;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new RdataError('the RDATA is shorter than its type needs');
  }

  u8(): number {
    this.need(1);
    return this.buf[this.pos++] ?? 0;
  }

  u16(): number {
    return (this.u8() << 8) | this.u8();
  }

  u32(): number {
    return this.u16() * 65536 + this.u16();
  }

  bytes(n: number): Uint8Array {
    this.need(n);
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  rest(): Uint8Array {
    return this.bytes(this.end - this.pos);
  }

  /** One length-prefixed character-string. */
  charString(): Uint8Array {
    return this.bytes(this.u8());
  }

  /** A domain name; compression pointers are followed within the whole buffer. */
  name(): string {
    const labels: string[] = [];
    let p = this.pos;
    let jumped = false;
    for (let hops = 0; hops < 128; hops++) {
      if (p >= this.buf.length) throw new RdataError('a name runs past the RDATA');
      const len = this.buf[p] ?? 0;
      if ((len & 0xc0) === 0xc0) {
        const target = ((len & 0x3f) << 8) | (this.buf[p + 1] ?? 0);
        if (!jumped) this.pos = p + 2;
        jumped = true;
        p = target;
        continue;
      }
      if (len === 0) {
        if (!jumped) this.pos = p + 1;
        return labels.length === 0 ? '.' : labels.join('.').toLowerCase();
      }
      const label = this.buf.subarray(p + 1, p + 1 + len);
      labels.push(String.fromCharCode(...label));
      p += 1 + len;
    }
    throw new RdataError('a name has a compression loop');
  }

  finish(): void {
    if (!this.done) throw new RdataError('the RDATA is longer than its type allows');
  }
}

export const toHex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
export function toBase64(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = ((b[i] ?? 0) << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    out += B64[(n >> 18) & 63] ?? '';
    out += B64[(n >> 12) & 63] ?? '';
    out += i + 1 < b.length ? (B64[(n >> 6) & 63] ?? '') : '=';
    out += i + 2 < b.length ? (B64[n & 63] ?? '') : '=';
  }
  return out;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new RdataError('not hexadecimal');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export const ipv4FromWire = (b: Uint8Array): string => Array.from(b).join('.');
export function ipv6FromWire(b: Uint8Array): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((((b[i] ?? 0) << 8) | (b[i + 1] ?? 0)).toString(16));
  return groups.join(':');
}
