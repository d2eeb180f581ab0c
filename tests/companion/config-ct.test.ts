import { describe, expect, it } from 'vitest';
import { loadConfig } from '@dnsferry/companion/config';

describe('DNSFERRY_CT_URL', () => {
  it('is the public crt.sh unless set; a trailing slash is dropped as for the other base URLs', () => {
    expect(loadConfig({}).ctUrl).toBe('https://crt.sh/');
    expect(loadConfig({ DNSFERRY_CT_URL: 'http://127.0.0.1:9443/' }).ctUrl).toBe('http://127.0.0.1:9443');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => loadConfig({ DNSFERRY_CT_URL: 'crt.sh' })).toThrow(/DNSFERRY_CT_URL must be an absolute URL/);
    expect(() => loadConfig({ DNSFERRY_CT_URL: 'ftp://crt.sh/' })).toThrow(/DNSFERRY_CT_URL must be http\(s\)/);
  });
});
