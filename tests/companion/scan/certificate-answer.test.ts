import { describe, expect, it } from 'vitest';
import { EntrySplitter, NotAnEntryList } from '@dnsferry/companion/scan/certificate-answer';

const ANSWER = JSON.stringify([
  { common_name: 'a.example.com', name_value: 'a.example.com\nb.example.com', issuer_name: 'C=US, O=Brace } [ Co' },
  { common_name: null, name_value: 'c.example.com', issuer_name: 'quote \\" and \\\\ and {' },
  { id: 3, nested: { list: [1, 2, { x: '}' }] } },
]);

/** The entries of `text` fed in pieces of `size` characters. */
function split(text: string, size: number): unknown[] {
  const s = new EntrySplitter();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...s.push(text.slice(i, i + size)));
  s.end();
  return out.map((t) => JSON.parse(t) as unknown);
}

describe('EntrySplitter', () => {
  it('hands out each entry of the list whole, however the text is cut into chunks', () => {
    const expected = JSON.parse(ANSWER) as unknown[];
    for (const size of [1, 2, 3, 7, 64, ANSWER.length]) expect(split(ANSWER, size)).toEqual(expected);
  });

  it('reads white space between entries and an empty list', () => {
    expect(split(' [ \n{"a":1} ,\r\n\t{"b":"]"} ]\n', 5)).toEqual([{ a: 1 }, { b: ']' }]);
    expect(split('[]', 1)).toEqual([]);
  });

  it('refuses what is not a list of objects, quoting how it begins', () => {
    expect(() => new EntrySplitter().push('<!DOCTYPE HTML>')).toThrow(
      new NotAnEntryList('it is not a JSON list of certificates (it begins "<!DOCTYPE HTML>")'),
    );
    expect(() => new EntrySplitter().push('{"a":1}')).toThrow(NotAnEntryList);
    expect(() => new EntrySplitter().push('[1,2]')).toThrow(NotAnEntryList);
    expect(() => new EntrySplitter().push('[{"a":1}] x')).toThrow(NotAnEntryList);
  });

  it('refuses an answer that ends early or says nothing', () => {
    const cut = new EntrySplitter();
    expect(cut.push('[{"a":1},{"b":')).toEqual(['{"a":1}']);
    expect(() => cut.end()).toThrow('the answer ends before its list does');
    expect(() => new EntrySplitter().end()).toThrow('the answer is empty');
  });

  it('refuses an entry longer than any certificate has', () => {
    const s = new EntrySplitter();
    s.push('[{"name_value":"');
    expect(() => s.push('a'.repeat(300 * 1024))).toThrow(/an entry is longer than/);
  });
});
