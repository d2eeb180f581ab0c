import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import type { DnsRecord, EdgeAddress } from '@dnsferry/shared';
import ReviewPanel from '@/components/ReviewPanel.vue';
import { setApartKeys, zoneOf, type ReviewZone } from '@/utils/review-zones';

const PROXY: DnsRecord = { type: 'A', name: '@', ttl: 300, content: '104.16.1.1' };
const CDN: DnsRecord = { type: 'CNAME', name: 'static', ttl: 300, content: 'example.map.fastly.net' };
const EDGE: EdgeAddress[] = [
  { record: PROXY, network: 'Cloudflare', setApart: true, message: "this is Cloudflare's proxy address, not your server" },
  { record: CDN, network: 'Fastly', setApart: false, message: "this is Fastly's edge" },
];

describe("ReviewPanel and a scan's edge addresses", () => {
  it('lists each edge record with its message, tags its row, and shows the proxy one unchecked', () => {
    const z = zoneOf('example.com', [CDN, PROXY], EDGE);
    const w = mount(ReviewPanel, {
      props: { zones: [z], excluded: new Set(setApartKeys(z)), outcomes: new Map(), dryRun: null, dryRunStatus: null },
    });
    const notes = w.findAll('[data-testid="review-edge-example.com"] li').map((li) => li.text());
    expect(notes).toEqual([
      "CNAME static this is Fastly's edge",
      "A @ this is Cloudflare's proxy address, not your server Left out unless you tick it.",
    ]);
    const rows = w.findAll('[data-testid=review-record]').map((b) => [b.attributes('aria-label'), (b.element as HTMLInputElement).checked]);
    expect(rows).toEqual([
      ['A @ 104.16.1.1', false],
      ['CNAME static example.map.fastly.net', true],
    ]);
    expect(w.findAll('[data-testid=review-edge]').map((t) => [t.text(), t.classes('apart')])).toEqual([
      ['proxy', true],
      ['Fastly', false],
    ]);
  });

  it('names the zone transfer, the other account or Route 53 as where a zone is read from', () => {
    const byName = (read: ReviewZone['read']): ReviewZone => ({ name: 'example.com', groups: null, ordered: [], expected: null, read });
    const text = (z: ReviewZone) =>
      mount(ReviewPanel, {
        props: { zones: [z], excluded: new Set<string>(), outcomes: new Map(), dryRun: null, dryRunStatus: null },
      }).text();
    expect(text(byName({ axfr: { server: 'ns1.example.com' } }))).toContain('The records are read from ns1.example.com by a zone transfer');
    expect(text(byName({ cloudflare: { token: 't' } }))).toContain('read from the other Cloudflare account');
    expect(text(byName({ hostedZoneId: 'Z0123456789ABCDEFGHIJ' }))).toContain('read from Route 53 during the migration');
  });
});
