import { describe, expect, it } from 'vitest';
import { MalformedReplyError, decodeReply, encodeQuery, readMessage } from '@dnsferry/companion/dns/message';

// Messages written byte by byte (RFC 1035 §4.1), so the reader is checked against the format, not against itself.
const name = (n: string) =>
  Buffer.concat([
    ...n
      .split('.')
      .filter(Boolean)
      .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])),
    Buffer.from([0]),
  ]);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const str = (s: string | Buffer) => {
  const b = typeof s === 'string' ? Buffer.from(s, 'utf8') : s;
  return Buffer.concat([Buffer.from([b.length]), b]);
};
type Rr = [owner: string | Buffer, code: number, ttl: number, rdata: Buffer];
const rrBytes = ([owner, code, ttl, rdata]: Rr) =>
  Buffer.concat([typeof owner === 'string' ? name(owner) : owner, u16(code), u16(1), u32(ttl), u16(rdata.length), rdata]);

function message(flags: number, question: [string, number] | null, answers: Rr[], authorities: Rr[] = []): Buffer {
  return Buffer.concat([
    u16(0x1234),
    u16(flags),
    u16(question ? 1 : 0),
    u16(answers.length),
    u16(authorities.length),
    u16(0),
    ...(question ? [name(question[0]), u16(question[1]), u16(1)] : []),
    ...answers.map(rrBytes),
    ...authorities.map(rrBytes),
  ]);
}
const RESPONSE = 0x8000;
const AA = 0x0400;
/** The question's name, written at offset 12: a compression pointer to it. */
const AT_QUESTION = Buffer.from([0xc0, 12]);

describe('readMessage: RDATA read by the shared registry', () => {
  const one = (code: number, rdata: Buffer, ttl = 300) =>
    readMessage(message(RESPONSE, null, [['example.com', code, ttl, rdata]])).answers[0];

  it('CAA keeps flags and tag and quotes the value', () => {
    const caa = one(257, Buffer.concat([Buffer.from([128]), str('iodef'), Buffer.from('mailto:a"b@example.com')]));
    expect(caa?.record).toMatchObject({ type: 'CAA', content: '128 iodef "mailto:a\\"b@example.com"' });
  });

  it('MX and SRV split their fields; names lose the trailing dot and the case', () => {
    expect(one(15, Buffer.concat([u16(5), name('MX.Example.com')]))).toMatchObject({
      type: 'MX',
      record: { content: 'mx.example.com', priority: 5 },
      text: '5 mx.example.com',
    });
    expect(one(15, Buffer.concat([u16(0), name('')]))?.record).toMatchObject({ content: '.', priority: 0 });
    expect(one(33, Buffer.concat([u16(1), u16(2), u16(3), name('sip.example.com')]))).toMatchObject({
      record: { content: 'sip.example.com', priority: 1, weight: 2, port: 3 },
      text: '1 2 3 sip.example.com',
    });
  });

  it('TXT strings in the quoted form, bytes that are not UTF-8 as \\DDD', () => {
    expect(one(16, Buffer.concat([str('part one'), str('part two')]))?.text).toBe('"part one" "part two"');
    expect(one(16, str(Buffer.from([0x61, 0xff, 0x22, 0x62])))?.text).toBe('"a\\255\\"b"');
  });

  it('reads SOA too (the scan reports it), and a TTL with the top bit set as 0 (RFC 2181 §8)', () => {
    const soa = one(6, Buffer.concat([name('ns1.example.com'), name('hostmaster.example.com'), ...[1, 2, 3, 4, 5].map(u32)]), 0x80000000);
    expect(soa).toMatchObject({ type: 'SOA', ttl: 0, text: 'ns1.example.com hostmaster.example.com 1 2 3 4 5' });
  });

  it('keeps what the registry cannot read, with no record, in RFC 3597 form', () => {
    expect(one(5, name('not a host!'))).toMatchObject({ type: 'CNAME', record: null, text: '\\# 13 0B6E6F74206120686F73742100' });
    expect(one(99, Buffer.from([1, 2]))).toMatchObject({ type: 'TYPE99', record: null, text: '\\# 2 0102' });
  });
});

describe('readMessage: the message around the records', () => {
  it('reads the header bits, the question and compressed owner names', () => {
    const m = readMessage(message(RESPONSE | AA | 3, ['Www.Example.com', 1], [[AT_QUESTION, 1, 60, Buffer.from([192, 0, 2, 1])]]));
    expect(m).toMatchObject({ id: 0x1234, response: true, authoritative: true, truncated: false, rcode: 'NXDOMAIN' });
    expect(m.question).toEqual({ name: 'www.example.com', code: 1 });
    expect(m.answers.map((a) => [a.name, a.type, a.ttl, a.record, a.text])).toEqual([
      ['www.example.com', 'A', 60, { type: 'A', name: '@', ttl: 60, content: '192.0.2.1' }, '192.0.2.1'],
    ]);
  });

  it('refuses a message cut short', () => {
    const whole = message(RESPONSE, ['example.com', 1], [['example.com', 1, 60, Buffer.from([192, 0, 2, 1])]]);
    expect(() => readMessage(whole.subarray(0, whole.length - 2))).toThrow(MalformedReplyError);
    expect(() => readMessage(whole.subarray(0, 5))).toThrow(MalformedReplyError);
  });
});

describe('decodeReply', () => {
  it('takes a response to the question asked', () => {
    const r = decodeReply(message(RESPONSE, ['example.com', 65], []), 'EXAMPLE.com.', 'HTTPS');
    expect(r).toEqual({ rcode: 'NOERROR', authoritative: false, answers: [], authorities: [], additionals: [] });
  });

  it('refuses a query, and an answer to another question', () => {
    expect(() => decodeReply(message(0, ['example.com', 1], []), 'example.com', 'A')).toThrow(/not a DNS response/);
    expect(() => decodeReply(message(RESPONSE, ['example.com', 28], []), 'example.com', 'A')).toThrow(
      'the reply answers example.com AAAA, not example.com A',
    );
  });
});

describe('encodeQuery', () => {
  it('writes the question with the type number, and EDNS only when asked', () => {
    const doh = encodeQuery('example.com', 65, { id: 0, recursion: true, edns: false });
    expect(readMessage(doh)).toMatchObject({ id: 0, response: false, question: { name: 'example.com', code: 65 }, additionals: [] });
    expect(doh.readUInt16BE(2)).toBe(0x0100);
    const direct = encodeQuery('example.com', 1, { id: 7, recursion: false, edns: true });
    expect(direct.readUInt16BE(2)).toBe(0);
    expect(readMessage(direct).additionals.map((a) => a.type)).toEqual(['TYPE41']);
  });
});
