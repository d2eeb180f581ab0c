import { describe, expect, it } from 'vitest';
import { nameAt } from '@dnsferry/companion/dns/wire-name';

describe('nameAt', () => {
  it('follows compression pointers and refuses a loop', () => {
    // "example.com" at 0, then "www" + pointer to 0 at 13
    const msg = Buffer.from([7, ...Buffer.from('example'), 3, ...Buffer.from('com'), 0, 3, ...Buffer.from('WWW'), 0xc0, 0]);
    expect(nameAt(msg, 13)).toEqual({ name: 'www.example.com', next: 19 });
    expect(() => nameAt(Buffer.from([0xc0, 0]), 0)).toThrow(/loops/);
  });
});
