import { describe, expect, it } from 'vitest';
import { FairShare, finished, sliced } from '@dnsferry/companion/flow/fair-share';
import { MAX_DEPTH, parsingJson } from '@dnsferry/companion/flow/json-steps';

const parse = (text: string) => finished(parsingJson(text));
/** JSON.parse's answer, or 'refused' when it throws. */
const native = (text: string) => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return 'refused';
  }
};
const ours = (text: string) => {
  try {
    return { value: parse(text) };
  } catch (err) {
    expect(err).toBeInstanceOf(SyntaxError);
    return 'refused';
  }
};

/** A string of `length` characters or more made of `unit`, as a JSON document `{"s": …}`. */
const longString = (unit: string, length: number) => JSON.stringify({ s: unit.repeat(Math.ceil(length / unit.length)) });

describe('parsingJson', () => {
  it.each([
    '{}',
    '[]',
    ' [ 1 , -0 , 2.5e-3 , 1E400 , true , false , null ] ',
    '{"a":[1,2,{"b":null}],"c":"\\u00e9\\n\\"","":""}',
    '"\\ud83d\\ude00 é 😀"',
    '[[[]],{},[{}]]',
    '{"a":1,"a":2}',
    // refused, as JSON.parse refuses them
    '',
    ' ',
    '[1,]',
    '{"a":1,}',
    '01',
    '1.',
    '-',
    '"\u0001"',
    '"\\x"',
    '[',
    '{"a"}',
    '{"a":1 "b":2}',
    '[1 2]',
    'truex',
    '\ufeff{}',
    '{"a":1}x',
    '"abc',
    "{'a':1}",
  ])('reads %j as JSON.parse does', (text) => {
    expect(ours(text)).toEqual(native(text));
  });

  it('reads a record list as JSON.parse does, nested objects included', () => {
    const records = Array.from({ length: 3000 }, (_, i) => ({
      type: i % 2 ? 'A' : 'TXT',
      name: `h${i}`,
      content: i % 2 ? '192.0.2.1' : `"v=spf1 \\"quoted\\" ${'x'.repeat(i % 50)}"`,
      ttl: 300,
      ...(i % 7 === 0 ? { data: { flags: 0, tag: 'issue', value: 'ca.example' }, tags: ['a', 'b'] } : {}),
    }));
    const text = JSON.stringify({ targetToken: 't', zones: [{ name: 'example.com', records }] });
    expect(parse(text)).toEqual(JSON.parse(text));
  });

  it.each(['\\"', '\\\\', '\\u00e9', 'ab\\n', '\\ud83d\\ude00', 'é😀x', '\\\\\\"'])(
    'reads a long string of %j, cut into pieces wherever they fall, as JSON.parse does',
    (unit) => {
      const text = longString(JSON.parse(`"${unit}"`) as string, 140_001);
      // every offset of the escapes against the pieces' boundaries
      for (let shift = 0; shift < 7; shift++) {
        const shifted = `{"s":"${'x'.repeat(shift)}${text.slice(6)}`;
        expect(parse(shifted)).toEqual(JSON.parse(shifted));
      }
    },
  );

  it('keeps a "__proto__" key as a plain field, as JSON.parse does, never as the prototype', () => {
    const read = parse('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.keys(read)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect((read as { polluted?: number }).polluted).toBeUndefined();
  });

  it(`refuses a body nested deeper than ${MAX_DEPTH} levels before it builds it`, () => {
    expect(() => parse('['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1))).toThrow(`nests deeper than ${MAX_DEPTH}`);
    expect(parse('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH))).toEqual(JSON.parse('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH)));
  });

  it('gives way between values and inside a long string: other callers are served before it ends', async () => {
    const text = JSON.stringify({
      records: Array.from({ length: 5000 }, (_, i) => ({ name: `h${i}` })),
      zoneFile: '@ TXT ""'.repeat(200_000),
    });
    const share = new FairShare(0);
    let turns = 0;
    let running = true;
    const otherCaller = () =>
      setImmediate(() => {
        turns++;
        if (running) otherCaller();
      });
    otherCaller();
    const read = await sliced(parsingJson(text), share.slice('a'));
    const turnsBeforeEnd = turns;
    running = false;
    expect(read).toEqual(JSON.parse(text));
    expect(turnsBeforeEnd).toBeGreaterThan(10);
  });
});
