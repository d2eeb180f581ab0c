import { describe, expect, it } from 'vitest';
import { quoteTxt, recordKey, txtStringsOf, txtText, txtValue, DnsRecordSchema } from '@dnsferry/shared';

const text = (b: Uint8Array[]) => b.map((s) => new TextDecoder().decode(s));

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
    ['UTF-8 bytes written as \\DDD are one character', '"\\195\\133LAND"', ['ÅLAND']],
  ])('%s', (_what, content, strings) => {
    expect(text(txtStringsOf(content))).toEqual(strings);
  });

  it('writes non-ASCII text as characters, control bytes and broken UTF-8 as \\DDD', () => {
    expect(quoteTxt(txtStringsOf('"\\195\\133LAND"'))).toBe('"ÅLAND"');
    expect(quoteTxt([new Uint8Array([0x61, 0x0a, 0x62, 0x00])])).toBe('"a\\010b\\000"');
    expect(quoteTxt([new Uint8Array([0xc3, 0x41])])).toBe('"\\195A"');
    // what is written is read back as the same bytes
    const bytes = new Uint8Array([0xff, 0x22, 0x5c, 0xe2, 0x82, 0xac, 0x01]);
    expect(txtStringsOf(quoteTxt([bytes]))).toEqual([bytes]);
  });

  it('splits values longer than 255 bytes at 255 without cutting a character', () => {
    const long = 'k'.repeat(600);
    expect(
      quoteTxt(txtStringsOf(long))
        .split('" "')
        .map((s) => s.replace(/"/g, '').length),
    ).toEqual([255, 255, 90]);
    const value = 'é'.repeat(200); // 400 bytes
    const parts = txtStringsOf(quoteTxt(txtStringsOf(value)));
    expect(parts.length).toBe(2);
    expect(text(parts).join('')).toBe(value);
  });

  it('is the same value however it is split (a DKIM key held whole vs split 249/161)', () => {
    const key = 'v=DKIM1; k=rsa; p=' + 'A'.repeat(392);
    const split = `"${key.slice(0, 249)}" "${key.slice(249)}"`;
    expect(txtValue(split)).toBe(txtValue(key));
    const r = (content: string) => DnsRecordSchema.parse({ type: 'TXT', name: 'sel._domainkey', content, ttl: 300 });
    expect(recordKey(r(split))).toBe(recordKey(r(key)));
    expect(recordKey(r('"Hello"'))).not.toBe(recordKey(r('"hello"')));
    expect(txtText('"\\195\\133" "LAND"')).toBe('ÅLAND');
  });
});
