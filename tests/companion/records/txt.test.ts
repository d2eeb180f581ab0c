import { describe, expect, it } from 'vitest';
import { quoteTxt, txtStrings } from '@dnsferry/companion/records/txt';

describe('TXT canonical form', () => {
  it.each([
    ['raw value', 'v=spf1 -all', ['v=spf1 -all']],
    ['one quoted string', '"v=spf1 -all"', ['v=spf1 -all']],
    ['several quoted strings', '"v=spf1 include:a" " -all"', ['v=spf1 include:a', ' -all']],
    ['escaped quote and backslash', '"say \\"hi\\" \\\\ bye"', ['say "hi" \\ bye']],
    ['decimal escape', '"a\\059b"', ['a;b']],
    ['semicolons in a raw DKIM value', 'v=DKIM1; k=rsa; p=MIGf', ['v=DKIM1; k=rsa; p=MIGf']],
    ['raw value with inner quotes', 'he said "hi"', ['he said "hi"']],
    ['unbalanced quotes stay raw', '"abc', ['"abc']],
    ['empty quoted string', '""', ['']],
  ])('%s', (_what, content, strings) => {
    expect(txtStrings(content)).toEqual(strings);
  });

  it('splits values longer than 255 bytes at 255', () => {
    const long = 'k'.repeat(600);
    expect(txtStrings(long).map((s) => s.length)).toEqual([255, 255, 90]);
    // quoted or not, split by the client or by us: the same canonical strings
    expect(txtStrings(quoteTxt(txtStrings(long)))).toEqual(txtStrings(long));
  });

  it('never cuts a UTF-8 character in two', () => {
    const value = 'é'.repeat(200); // 400 bytes
    const parts = txtStrings(value);
    expect(parts.join('')).toBe(value);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(255);
  });

  it('quotes with escapes, so the round trip is exact', () => {
    const strings = ['a "quoted" word', 'back\\slash', 'semi;colon'];
    expect(txtStrings(quoteTxt(strings))).toEqual(strings);
  });
});
