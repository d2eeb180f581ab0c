import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useConnectionStore } from '@/stores/connection';
import { useReviewStore } from '@/stores/review';
import { usePasteSourceStore } from '@/stores/paste-source';
import { useSourceStore } from '@/stores/source';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
  const c = useConnectionStore();
  c.token = 'tok';
  c.accounts = [{ id: 'a'.repeat(32), name: 'Acme' }];
  c.accountId = 'a'.repeat(32);
});

function manual(lines: string[]) {
  const source = useSourceStore();
  source.kind = 'manual';
  const paste = usePasteSourceStore();
  paste.zone = 'example.com';
  paste.text = lines.join('\n');
  return useReviewStore();
}

describe('review store: proxying', () => {
  it("keeps a Cloudflare export's proxied flags and lets the user switch one record or a whole zone", () => {
    const review = manual([
      '@ 300 IN A 192.0.2.1 ; cf_tags=cf-proxied:true',
      'www 300 IN CNAME @ ; cf_tags=cf-proxied:false',
      '@ 300 IN MX 10 mail',
      'v6 300 IN AAAA 2001:db8::1',
    ]);
    const zone = review.zones[0]!;
    const key = (type: string) => zone.ordered.find((r) => r.record.type === type)!.key;
    expect([...review.proxied]).toEqual([key('A')]);

    review.toggleProxied(key('CNAME'));
    review.toggleProxied(key('A'));
    const sent = () => review.buildRequest(false).request.zones[0]?.records;
    expect(sent()).toEqual([
      { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
      { type: 'CNAME', name: 'www', ttl: 300, content: 'example.com', proxied: true },
      { type: 'MX', name: '@', ttl: 300, content: 'mail.example.com', priority: 10 },
      { type: 'AAAA', name: 'v6', ttl: 300, content: '2001:db8::1' },
    ]);

    review.setZoneProxied('example.com', true);
    expect(review.proxied.size).toBe(3); // the MX cannot be proxied
    expect(
      sent()
        ?.filter((r) => 'proxied' in r && r.proxied)
        .map((r) => r.type),
    ).toEqual(['A', 'CNAME', 'AAAA']);
    review.setZoneProxied('example.com', false);
    expect(sent()?.some((r) => 'proxied' in r && r.proxied)).toBe(false);
  });

  it('shows every record type the contract knows in its own group', () => {
    const review = manual(['child 300 IN DS 2371 13 2 1F98AB', '_443._tcp 300 IN TLSA 3 1 1 ABCD', '@ 300 IN HTTPS 1 . alpn=h2']);
    expect(review.zones[0]?.groups?.map((g) => [g.type, g.records.length])).toEqual([
      ['DS', 1],
      ['TLSA', 1],
      ['HTTPS', 1],
    ]);
  });
});
