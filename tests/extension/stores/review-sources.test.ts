import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { DnsRecord, EdgeAddress } from '@dnsferry/shared';
import { useTargetStore } from '@/stores/target';
import { useMigrationStore } from '@/stores/migration';
import { useRequestStore } from '@/stores/request';
import { useReviewStore } from '@/stores/review';
import { useScanStore } from '@/stores/scan';
import { useSourceStore } from '@/stores/source';
import { useSourceFormStore } from '@/stores/source-form';
import { applyMigrateEvent, createMigrationJob } from '@/jobs/migrate-events';
import { readScope } from '@/utils/source-side';

const ACCOUNT = 'a'.repeat(32);
const RECORDS: DnsRecord[] = [
  { type: 'A', name: '@', ttl: 300, content: '192.0.2.1', proxied: true },
  { type: 'TXT', name: '@', ttl: 300, content: 'v=spf1 -all' },
];

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
  const c = useTargetStore();
  c.token = 'tok';
  c.accounts = [{ id: ACCOUNT, name: 'Acme' }];
  c.accountId = ACCOUNT;
});

/** The dry run of `request` as the companion streams it: both records read, both new. */
function dryRunOf(request: Parameters<typeof readScope>[0]) {
  const scope = readScope(request);
  const job = createMigrationJob({
    id: `d${Math.random()}`,
    dryRun: true,
    zones: [{ name: 'example.com', expected: null, fromSource: true }],
    now: 0,
    ...(scope ? { subscriptionId: scope } : {}),
  });
  RECORDS.forEach((record, i) =>
    applyMigrateEvent(job, { type: 'record', zone: 'example.com', index: i + 1, total: 2, record, message: `would create ${i + 1}` }),
  );
  applyMigrateEvent(job, {
    type: 'zone-complete',
    zone: 'example.com',
    result: { created: 2, updated: 0, skipped: 0, failed: 0, removed: 0, nameServers: [] },
  });
  applyMigrateEvent(job, { type: 'done', results: [{ zone: 'example.com', created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 }] });
  return job;
}

describe('the review of zones read by a transfer or from another account', () => {
  it('sends a transfer zone by name with its server, and shows what a dry run read', async () => {
    useSourceStore().kind = 'transfer';
    const transfer = useSourceFormStore('transfer');
    transfer.zonesText = 'example.com';
    transfer.set('server', 'ns1.example.com');
    const review = useReviewStore();
    const requests = useRequestStore();
    expect(review.zones[0]?.groups).toBeNull();
    // how many records the zone holds is known only once it is read (the dry run is offered all the same)
    expect([review.countUnknown, review.selectedCount]).toEqual([true, 0]);
    const { request } = requests.buildRequest(true);
    expect(request.zones).toEqual([{ name: 'example.com', axfr: { server: 'ns1.example.com' } }]);
    expect(request).not.toHaveProperty('subscriptionId');

    useMigrationStore().job = dryRunOf(request);
    await nextTick();
    expect(review.zones[0]?.ordered.map((r) => r.record)).toEqual(RECORDS);
    expect([review.countUnknown, review.selectedCount]).toEqual([false, 2]);
    // nothing left out: the migration transfers the zone again; one left out: exactly the rest is sent
    expect(requests.buildRequest(false).request.zones).toEqual([{ name: 'example.com', axfr: { server: 'ns1.example.com' } }]);
    review.toggle(review.zones[0]!.ordered[1]!.key);
    expect(requests.buildRequest(false).request.zones).toEqual([{ name: 'example.com', records: [RECORDS[0]] }]);
  });

  it("sends an account zone with the other account's token, and a transfer's read is not taken for it", async () => {
    const source = useSourceStore();
    source.kind = 'transfer';
    const transfer = useSourceFormStore('transfer');
    transfer.zonesText = 'example.com';
    transfer.set('server', 'ns1.example.com');
    const review = useReviewStore();
    const requests = useRequestStore();
    useMigrationStore().job = dryRunOf(requests.buildRequest(true).request);
    await nextTick();
    expect(review.zones[0]?.groups).not.toBeNull();

    source.kind = 'account';
    const account = useSourceFormStore('account');
    account.zonesText = 'example.com';
    account.set('token', 'old-agency-token');
    expect(review.zones[0]?.groups).toBeNull();
    const { request } = requests.buildRequest(true);
    expect(request.zones).toEqual([{ name: 'example.com', cloudflare: { token: 'old-agency-token' } }]);
    useMigrationStore().job = dryRunOf(request);
    await nextTick();
    expect(review.zones[0]?.ordered.map((r) => r.record)).toEqual(RECORDS);
    expect(review.zones[0]?.read).toEqual({ cloudflare: { token: 'old-agency-token' } });
  });
});

describe("the review of a scan's edge addresses", () => {
  const ORIGIN: DnsRecord = { type: 'A', name: 'mail', ttl: 300, content: '192.0.2.10' };
  const PROXY: DnsRecord = { type: 'A', name: '@', ttl: 300, content: '104.16.1.1' };
  const CDN: DnsRecord = { type: 'CNAME', name: 'static', ttl: 300, content: 'example.map.fastly.net' };
  const EDGE: EdgeAddress[] = [
    { record: PROXY, network: 'Cloudflare', setApart: true, message: "this is Cloudflare's proxy address, not your server" },
    { record: CDN, network: 'Fastly', setApart: false, message: "this is Fastly's edge" },
  ];

  function scanned(edge: EdgeAddress[] = EDGE) {
    useScanStore().job = {
      id: 's',
      domain: 'example.com',
      status: 'done',
      error: null,
      startedAt: 0,
      finishedAt: 1,
      lines: [],
      records: [ORIGIN, CDN],
      total: 2,
      subdomainsFound: [],
      edge,
    };
  }

  it('lists a proxy address unchecked with its note, and sends it only once ticked', () => {
    scanned();
    const review = useReviewStore();
    const requests = useRequestStore();
    const zone = review.zones[0]!;
    expect(zone.ordered.map((r) => [r.record.name, r.edge?.network ?? null, review.excluded.has(r.key)])).toEqual([
      ['mail', null, false],
      ['static', 'Fastly', false],
      ['@', 'Cloudflare', true],
    ]);
    expect(zone.ordered[2]?.edge?.message).toBe("this is Cloudflare's proxy address, not your server");
    expect(review.selectedCount).toBe(2);
    expect(requests.buildRequest(false).request.zones[0]).toMatchObject({ records: [ORIGIN, CDN] });

    review.toggle(zone.ordered[2]!.key);
    expect(requests.buildRequest(false).request.zones[0]).toMatchObject({ records: [ORIGIN, CDN, PROXY] });
  });

  it("keeps the user's tick when the review is computed again", async () => {
    scanned();
    const review = useReviewStore();
    const key = review.zones[0]!.ordered[2]!.key;
    review.toggle(key);
    scanned([...EDGE]);
    await nextTick();
    expect(review.excluded.has(key)).toBe(false);
  });

  it('marks nothing for a scan without edge addresses', () => {
    scanned([]);
    const review = useReviewStore();
    expect(review.zones[0]?.ordered.every((r) => r.edge === undefined)).toBe(true);
    expect(review.excluded.size).toBe(0);
  });
});
