import { describe, expect, it } from 'vitest';
import { registrableDomain } from '@/utils/domain';

describe('registrableDomain', () => {
  it.each([
    ['https://shop.example.co.uk/cart?x=1', 'example.co.uk'],
    ['https://www.example.com/', 'example.com'],
    ['http://a.b.c.example.org:8080/x', 'example.org'],
    ['https://müller.de/', 'xn--mller-kva.de'],
    ['https://foo.bar.github.io/', 'github.io'],
  ])('%s → %s', async (url, domain) => {
    expect(await registrableDomain(url)).toBe(domain);
  });

  it.each([
    'http://127.0.0.1:8787/',
    'http://localhost/',
    'chrome://extensions',
    'chrome-extension://abc/popup.html',
    'not a url',
    undefined,
  ])('proposes nothing for %s', async (url) => {
    expect(await registrableDomain(url)).toBeNull();
  });
});
