import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useTargetStore } from '@/stores/target';
import { useProxyingStore } from '@/stores/proxying';
import { useRequestStore } from '@/stores/request';
import { useReviewStore } from '@/stores/review';
import { usePasteSourceStore } from '@/stores/paste-source';
import { useSourceStore } from '@/stores/source';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
  const c = useTargetStore();
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

describe('proxying store', () => {
  it("keeps a Cloudflare export's proxied flags and lets the user switch one record or a whole zone", () => {
    const review = manual([
      '@ 300 IN A 192.0.2.1 ; cf_tags=cf-proxied:true',
      'www 300 IN CNAME @ ; cf_tags=cf-proxied:false',
      '@ 300 IN MX 10 mail',
      'v6 300 IN AAAA 2001:db8::1',
    ]);
    const proxying = useProxyingStore();
    const zone = review.zones[0]!;
    const key = (type: string) => zone.ordered.find((r) => r.record.type === type)!.key;
    expect([...proxying.proxied]).toEqual([key('A')]);

    proxying.toggleProxied(key('CNAME'));
    proxying.toggleProxied(key('A'));
    const sent = () => useRequestStore().buildRequest(false).request.zones[0]?.records;
    expect(sent()).toEqual([
      { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
      { type: 'CNAME', name: 'www', ttl: 300, content: 'example.com', proxied: true },
      { type: 'MX', name: '@', ttl: 300, content: 'mail.example.com', priority: 10 },
      { type: 'AAAA', name: 'v6', ttl: 300, content: '2001:db8::1' },
    ]);

    proxying.setZoneProxied('example.com', true);
    expect(proxying.proxied.size).toBe(3); // the MX cannot be proxied
    expect(
      sent()
        ?.filter((r) => 'proxied' in r && r.proxied)
        .map((r) => r.type),
    ).toEqual(['A', 'CNAME', 'AAAA']);
    proxying.setZoneProxied('example.com', false);
    expect(sent()?.some((r) => 'proxied' in r && r.proxied)).toBe(false);
  });
});
