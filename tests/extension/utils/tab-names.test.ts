import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { namesUnder, tabAddresses } from '@/utils/tab-names';

describe('namesUnder', () => {
  it('keeps the host names under the domain, relative, each once, sorted; not the domain, not other sites, not other schemes', () => {
    const urls = [
      'https://www.example.com/',
      'https://WWW.Example.com/about',
      'https://static.eu.example.com/app.js',
      'https://example.com/',
      'https://notexample.com/',
      'https://example.com.evil.test/',
      'mailto:someone@mail.example.com',
      'not a url',
      'http://xn--bcher-kva.example.com/',
    ];
    expect(namesUnder(urls, 'example.com')).toEqual(['static.eu', 'www', 'xn--bcher-kva']);
  });

  it('gives at most what a scan request takes', () => {
    const urls = Array.from({ length: 1200 }, (_, i) => `https://h${i}.example.com/`);
    expect(namesUnder(urls, 'example.com')).toHaveLength(1000);
  });
});

describe('tabAddresses', () => {
  it('gives none without a tab, and none when the page cannot be read', async () => {
    fakeBrowser.reset();
    expect(await tabAddresses(undefined)).toEqual([]);
    // the fake browser has no scripting: as a page the browser keeps to itself
    expect(await tabAddresses(1)).toEqual([]);
  });
});
