import { describe, expect, it } from 'vitest';
import { ZONE_NAMES_CAP, zoneNamesOf } from '@/utils/zone-names';

describe('zoneNamesOf', () => {
  it('reads names separated by spaces, commas or semicolons, once each, in lower case', () => {
    expect(zoneNamesOf(' Example.com, example.org;example.com ', null)).toEqual({ names: ['example.com', 'example.org'], error: null });
  });

  it("takes the tab's domain when nothing is typed, and asks for one when there is none", () => {
    expect(zoneNamesOf('  ', 'shop.example')).toEqual({ names: ['shop.example'], error: null });
    expect(zoneNamesOf('', null)).toEqual({ names: [], error: 'Name the zone (domain) to migrate.' });
  });

  it('names the entry that is not a domain, and refuses more names than the cap', () => {
    expect(zoneNamesOf('example.com http://x', null).error).toBe('"http://x" is not a domain name like example.com.');
    const many = Array.from({ length: ZONE_NAMES_CAP + 1 }, (_, i) => `z${i}.example`).join(' ');
    expect(zoneNamesOf(many, null)).toEqual({ names: [], error: `Name at most ${ZONE_NAMES_CAP} zones at a time.` });
  });
});
