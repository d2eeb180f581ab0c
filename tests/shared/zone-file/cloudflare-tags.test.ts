import { describe, expect, it } from 'vitest';
import { cloudflareProxied } from '../../../shared/src/zone-file/cloudflare-tags';

describe('cloudflareProxied', () => {
  it.each([
    [[' cf_tags=cf-proxied:true'], true],
    [[' cf_tags=cf-proxied:false'], false],
    [[' cf_tags=team:web,cf-proxied:true'], true],
    [[' a comment'], undefined],
    [[' cf_tags=team:web'], undefined],
    [[], undefined],
  ])('%j → %s', (comments, proxied) => {
    expect(cloudflareProxied(comments)).toBe(proxied);
  });
});
