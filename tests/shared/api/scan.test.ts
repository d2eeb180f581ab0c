import { describe, expect, it } from 'vitest';
import { givenName, ScanRequestSchema } from '@dnsferry/shared';

describe('ScanRequestSchema', () => {
  it('keeps quick the default: depth and names are optional', () => {
    expect(ScanRequestSchema.parse({ domain: 'Example.COM' })).toEqual({ domain: 'example.com' });
    expect(ScanRequestSchema.parse({ domain: 'example.com', depth: 'deep' }).depth).toBe('deep');
  });

  it('makes the names given relative to the domain, each once, the apex left out', () => {
    const { names } = ScanRequestSchema.parse({
      domain: 'example.com',
      names: ['internal-host', 'api.eu', 'API.EU.example.com', 'www.example.com.', 'example.com', 'bücher', '_dmarc'],
    });
    expect(names).toEqual(['internal-host', 'api.eu', 'www', 'xn--bcher-kva', '_dmarc']);
  });
});

describe('givenName', () => {
  it('takes a name without the domain as relative, even when it looks like another domain', () => {
    expect(givenName('shop.other.org', 'example.com')).toBe('shop.other.org');
  });

  it('refuses an absolute name outside the domain, a wildcard, a control character', () => {
    expect(givenName('shop.other.org.', 'example.com')).toEqual({ problem: '"shop.other.org." is not inside example.com' });
    expect(givenName('*.dev', 'example.com')).toEqual({
      problem: '"*.dev" holds a *: give the names themselves, a wildcard cannot be asked for',
    });
    expect(givenName('a\u0000b', 'example.com')).toEqual({ problem: 'a name contains a control character (U+0000); remove it' });
  });

  it('refuses a name that would pass 253 characters with the domain', () => {
    const long = Array.from({ length: 4 }, () => 'a'.repeat(60)).join('.');
    expect(typeof givenName(long, 'example.com')).toBe('object');
  });
});
