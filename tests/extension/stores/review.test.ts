import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useTargetStore } from '@/stores/target';
import { useMigrationStore } from '@/stores/migration';
import { useRequestStore } from '@/stores/request';
import { useReviewStore } from '@/stores/review';
import { useScanStore } from '@/stores/scan';
import { useSourceFormStore } from '@/stores/source-form';
import { usePasteSourceStore } from '@/stores/paste-source';
import { useSourceStore } from '@/stores/source';
import { createMigrationJob, applyMigrateEvent } from '@/jobs/migrate-events';

const ACCOUNT = 'a'.repeat(32);
const SUB = '11111111-2222-3333-4444-555555555555';

function readyTarget() {
  const c = useTargetStore();
  c.token = 'tok';
  c.accounts = [{ id: ACCOUNT, name: 'Acme' }];
  c.accountId = ACCOUNT;
  // validated as this token
  return c;
}

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('review store', () => {
  it('groups manual records by type and leaves deselected ones out of the request', () => {
    const source = useSourceStore();
    source.kind = 'manual';
    const paste = usePasteSourceStore();
    paste.zone = 'example.com';
    paste.text = ['@ A 192.0.2.1', 'www A 192.0.2.2', '@ MX 10 mail', '@ TXT "v=spf1 -all"'].join('\n');
    const review = useReviewStore();
    const requests = useRequestStore();
    expect(review.zones).toHaveLength(1);
    expect(review.zones[0]?.groups?.map((g) => [g.type, g.records.length])).toEqual([
      ['A', 2],
      ['MX', 1],
      ['TXT', 1],
    ]);
    const www = review.zones[0]!.groups![0]!.records[1]!;
    review.toggle(www.key);
    expect(review.selectedCount).toBe(3);
    review.toggleGroup(review.zones[0]!.groups![2]!); // TXT off
    expect(review.selectedCount).toBe(2);

    readyTarget();
    const { request } = requests.buildRequest(true);
    expect(request.dryRun).toBe(true);
    expect(request.targetToken).toBe('tok');
    expect(request.zones).toEqual([
      {
        name: 'example.com',
        records: [
          { type: 'A', name: '@', ttl: 3600, content: '192.0.2.1' },
          { type: 'MX', name: '@', ttl: 3600, content: 'mail.example.com', priority: 10 },
        ],
      },
    ]);
  });

  it('shows every record type the contract knows in its own group', () => {
    const source = useSourceStore();
    source.kind = 'manual';
    const paste = usePasteSourceStore();
    paste.zone = 'example.com';
    paste.text = ['child 300 IN DS 2371 13 2 1F98AB', '_443._tcp 300 IN TLSA 3 1 1 ABCD', '@ 300 IN HTTPS 1 . alpn=h2'].join('\n');
    const review = useReviewStore();
    expect(review.zones[0]?.groups?.map((g) => [g.type, g.records.length])).toEqual([
      ['DS', 1],
      ['TLSA', 1],
      ['HTTPS', 1],
    ]);
  });

  it('maps the outcome of each record of a dry run back to its row', () => {
    const source = useSourceStore();
    source.kind = 'manual';
    const paste = usePasteSourceStore();
    paste.zone = 'example.com';
    paste.text = '@ A 192.0.2.1\nwww A 192.0.2.2';
    const review = useReviewStore();
    const requests = useRequestStore();
    readyTarget();
    requests.buildRequest(true);
    const migration = useMigrationStore();
    const job = createMigrationJob({ id: 'd', dryRun: true, zones: [{ name: 'example.com', expected: 2 }], now: 0 });
    applyMigrateEvent(job, { type: 'skip', zone: 'example.com', message: '[1/2] A @ already exists', index: 1, total: 2 });
    applyMigrateEvent(job, {
      type: 'record',
      zone: 'example.com',
      message: '[2/2] A www would create → 192.0.2.2',
      index: 2,
      total: 2,
      change: 'create',
    });
    migration.job = job;
    const [apex, www] = review.zones[0]!.groups![0]!.records;
    expect(requests.outcomes.get(apex!.key)?.kind).toBe('exists');
    expect(requests.outcomes.get(www!.key)?.kind).toBe('create');
  });

  it('tells the rows of a mirror dry run apart: replaced, updated, differing at the target', () => {
    const source = useSourceStore();
    source.kind = 'manual';
    const paste = usePasteSourceStore();
    paste.zone = 'example.com';
    paste.text = 'www A 192.0.2.1\nmail A 93.184.216.34\n@ MX 10 mail';
    const review = useReviewStore();
    const requests = useRequestStore();
    readyTarget();
    requests.buildRequest(true, { 'example.com': { mode: 'mirror' } });
    const job = createMigrationJob({ id: 'd', dryRun: true, zones: [{ name: 'example.com', expected: 3, mode: 'mirror' }], now: 0 });
    const zone = 'example.com';
    applyMigrateEvent(job, {
      type: 'record',
      zone,
      index: 1,
      total: 3,
      message: '[1/3] A www would create → 192.0.2.1 (replaces 203.0.113.9)',
      change: 'create',
      replaces: ['203.0.113.9'],
    });
    applyMigrateEvent(job, {
      type: 'record',
      zone,
      index: 2,
      total: 3,
      message: '[2/3] A mail would update → 93.184.216.34 (proxied → DNS only)',
      change: 'update',
    });
    applyMigrateEvent(job, {
      type: 'skip',
      zone,
      index: 3,
      total: 3,
      message: '[3/3] MX @ already exists, TTL 1 at the target, 3600 in the source (left as it is; mirror mode sets it as the source says)',
      drift: 'TTL 1 at the target, 3600 in the source',
    });
    useMigrationStore().job = job;
    const [www, mail, mx] = review.zones[0]!.ordered;
    expect([www, mail, mx].map((r) => requests.outcomes.get(r!.key)?.kind)).toEqual(['replace', 'update', 'drift']);
  });

  it('takes the scan result as one zone', () => {
    const source = useSourceStore();
    source.kind = 'scan';
    const scan = useScanStore();
    scan.job = {
      id: 's',
      domain: 'example.org',
      status: 'done',
      error: null,
      startedAt: 0,
      finishedAt: 1,
      lines: [],
      records: [
        { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
        { type: 'A', name: '@', ttl: 300, content: '192.0.2.1' },
      ],
      total: 2,
      subdomainsFound: [],
    };
    const review = useReviewStore();
    expect(review.zones[0]?.name).toBe('example.org');
    // the same record twice still gives two distinct rows
    const keys = review.zones[0]!.groups![0]!.records.map((r) => r.key);
    expect(new Set(keys).size).toBe(2);
  });

  it('sends Azure zones without records, with the source credentials', () => {
    const source = useSourceStore();
    source.kind = 'azure';
    const azure = useSourceFormStore('azure');
    azure.set('authMethod', 'bearerToken');
    azure.set('sourceToken', 'arm-token');
    azure.subscriptionId = SUB;
    azure.zones = [
      { name: 'a.com', resourceGroup: 'rg1', recordCount: 5 },
      { name: 'b.com', resourceGroup: 'rg2', recordCount: 7 },
      { name: 'c.com', resourceGroup: 'rg2', recordCount: 9 },
    ];
    azure.selectedZones = ['a.com', 'c.com'];
    readyTarget();
    const review = useReviewStore();
    const requests = useRequestStore();
    expect(review.selectedCount).toBe(14);
    const { request, expected } = requests.buildRequest(false);
    expect(request).toMatchObject({
      subscriptionId: SUB,
      authMethod: 'bearerToken',
      sourceToken: 'arm-token',
      dryRun: false,
      zones: [
        { name: 'a.com', resourceGroup: 'rg1' },
        { name: 'c.com', resourceGroup: 'rg2' },
      ],
    });
    expect(request.zones[0]).not.toHaveProperty('records');
    expect(expected).toEqual({ 'a.com': 5, 'c.com': 9 });
  });

  describe('Azure zones after a dry run', () => {
    const RECORDS = [
      { type: 'A' as const, name: '@', ttl: 3600, content: '192.0.2.1' },
      { type: 'A' as const, name: 'www', ttl: 3600, content: '192.0.2.2' },
      { type: 'MX' as const, name: '@', ttl: 3600, content: 'mail.a.com', priority: 10 },
    ];

    function azureSource() {
      const source = useSourceStore();
      source.kind = 'azure';
      const azure = useSourceFormStore('azure');
      azure.set('authMethod', 'bearerToken');
      azure.set('sourceToken', 'arm-token');
      azure.subscriptionId = SUB;
      azure.zones = [{ name: 'a.com', resourceGroup: 'rg1', recordCount: 4 }];
      azure.selectedZones = ['a.com'];
      readyTarget();
      return source;
    }

    /** The dry run the companion streams for a.com: records out of order, one alias it cannot map. */
    function dryRun(opts: { subscriptionId?: string; status?: 'done' | 'interrupted'; dropIndex?: number } = {}) {
      const job = createMigrationJob({
        id: `d${Math.random()}`,
        dryRun: true,
        zones: [{ name: 'a.com', expected: 4, fromSource: true }],
        now: 0,
        subscriptionId: opts.subscriptionId ?? SUB,
      });
      const events = [
        { type: 'skip' as const, zone: 'a.com', index: 2, total: 4, record: RECORDS[1], message: '[2/4] A www already exists' },
        { type: 'error' as const, zone: 'a.com', index: 4, total: 4, message: '[4/4] A cdn ✗ alias to an unsupported resource' },
        { type: 'record' as const, zone: 'a.com', index: 1, total: 4, record: RECORDS[0], message: '[1/4] A @ would create → 192.0.2.1' },
        {
          type: 'record' as const,
          zone: 'a.com',
          index: 3,
          total: 4,
          record: RECORDS[2],
          message: '[3/4] MX @ would create → 10 mail.a.com',
        },
      ].filter((e) => e.index !== opts.dropIndex);
      for (const e of events) applyMigrateEvent(job, e);
      applyMigrateEvent(job, {
        type: 'zone-complete',
        zone: 'a.com',
        result: { created: 2, updated: 0, skipped: 1, failed: 1, removed: 0, nameServers: [] },
      });
      if (opts.status === 'interrupted') job.status = 'interrupted';
      else
        applyMigrateEvent(job, { type: 'done', results: [{ zone: 'a.com', created: 2, updated: 0, skipped: 1, failed: 1, removed: 0 }] });
      return job;
    }

    it('shows each record the dry run read, in source order, with what could not be mapped', async () => {
      azureSource();
      const review = useReviewStore();
      const requests = useRequestStore();
      expect(review.zones[0]?.groups).toBeNull();
      useMigrationStore().job = dryRun();
      await nextTick();
      const zone = review.zones[0]!;
      expect(zone.ordered.map((r) => r.record)).toEqual(RECORDS);
      expect(zone.groups?.map((g) => [g.type, g.records.length])).toEqual([
        ['A', 2],
        ['MX', 1],
      ]);
      expect(zone.fromSource?.problems).toEqual(['[4/4] A cdn ✗ alias to an unsupported resource']);
      expect(review.selectedCount).toBe(3);
      // the dry run that read the zone also says, row by row, what it would do
      expect(zone.ordered.map((r) => requests.outcomes.get(r.key)?.kind)).toEqual(['create', 'exists', 'create']);
    });

    it('reads the zone again when nothing is left out, and sends exactly the chosen records otherwise', async () => {
      azureSource();
      const review = useReviewStore();
      const requests = useRequestStore();
      useMigrationStore().job = dryRun();
      await nextTick();
      let { request } = requests.buildRequest(false);
      expect(request.zones).toEqual([{ name: 'a.com', resourceGroup: 'rg1' }]);
      expect(request.sourceToken).toBe('arm-token');

      const www = review.zones[0]!.ordered[1]!;
      review.toggle(www.key);
      ({ request } = requests.buildRequest(false));
      expect(request.zones).toEqual([{ name: 'a.com', records: [RECORDS[0], RECORDS[2]] }]);
      expect(review.selectedCount).toBe(2);
    });

    it("maps the next run's outcomes to the rows by the source order", async () => {
      azureSource();
      const review = useReviewStore();
      const requests = useRequestStore();
      const migration = useMigrationStore();
      migration.job = dryRun();
      await nextTick();
      requests.buildRequest(true);
      migration.job = dryRun();
      await nextTick();
      const [apex, www, mx] = review.zones[0]!.ordered;
      expect(requests.outcomes.get(apex!.key)?.kind).toBe('create');
      expect(requests.outcomes.get(www!.key)?.kind).toBe('exists');
      expect(requests.outcomes.get(mx!.key)?.kind).toBe('create');
    });

    it('takes nothing from a run that did not finish, misses a record, or read another subscription', async () => {
      azureSource();
      const review = useReviewStore();
      const migration = useMigrationStore();
      for (const job of [
        dryRun({ status: 'interrupted' }),
        dryRun({ dropIndex: 3 }),
        dryRun({ subscriptionId: '99999999-2222-3333-4444-555555555555' }),
      ]) {
        migration.job = job;
        await nextTick();
        expect(review.zones[0]?.groups).toBeNull();
      }
      // a real migration is not a review source either
      const real = dryRun();
      real.dryRun = false;
      migration.job = real;
      await nextTick();
      expect(review.zones[0]?.groups).toBeNull();
    });
  });
});
