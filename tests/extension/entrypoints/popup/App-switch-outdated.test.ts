import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia } from 'pinia';
import { mount } from '@vue/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CutoverEvent, MigrateEvent, UndoData } from '@dnsferry/shared';
import App from '@/entrypoints/popup/App.vue';
import { BACKGROUND_LINK } from '@/jobs/link';
import { createJobRunner, type JobRunner } from '@/jobs/runtime';
import { companionFetch, json, lines, ndjson } from '../../support/fetch';
import { localLink } from '../../support/local-link';
import { pairTestCompanion } from '../../support/pairing';

/**
 * Issue 28, item 2: after "Undo this run" removed every record, the Switch step still said "Ready to
 * switch" from the check made before the undo. Any write to a checked zone makes that check out of
 * date at once: the Switch step says so and checks again, and never shows the old verdict.
 */
const ACCOUNT = { id: 'c'.repeat(32), name: 'Acme Ltd' };
const NS = ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'];
const zone = 'example.com';
const www = { type: 'A' as const, name: 'www', ttl: 300, content: '192.0.2.1' };
const undo: UndoData = {
  version: 1,
  zone,
  zoneId: 'z',
  zoneCreated: false,
  created: [{ id: 'n1', record: www }],
  removed: [],
  updated: [],
};
const done = { created: 1, updated: 0, skipped: 0, failed: 0, removed: 0 };

const migrateAnswer: MigrateEvent[] = [
  { type: 'status', zone, message: `Migrating ${zone}` },
  { type: 'record', zone, index: 1, total: 1, record: www, message: '[1/1] A www → 192.0.2.1', change: 'create' },
  { type: 'zone-complete', zone, result: { ...done, nameServers: NS, undo } },
  { type: 'done', results: [{ zone, ...done }] },
];
const undoAnswer: MigrateEvent[] = [
  { type: 'remove', zone, index: 1, total: 1, record: www, message: '[1/1] A www → 192.0.2.1 removed (the run created it)' },
  { type: 'zone-complete', zone, result: { created: 0, updated: 0, skipped: 0, failed: 0, removed: 1, nameServers: NS } },
  { type: 'done', results: [{ zone, created: 0, updated: 0, skipped: 0, failed: 0, removed: 1 }] },
];
/** What the target's name servers answer: the record while it is there, nothing once it is undone. */
function checkAnswer(there: boolean): CutoverEvent[] {
  return [
    { type: 'status', zone, message: `Checking ${zone}` },
    {
      type: 'zone-report',
      zone,
      ready: there,
      nameServers: NS,
      targetStatus: 'pending',
      delegation: { current: ['ns1.oldhost.example'], switched: false },
      dnssec: { dsAtParent: [], blocker: false, message: 'No DS at the parent.' },
      parity: there
        ? { checked: 1, matching: 1, mismatches: [] }
        : { checked: 1, matching: 0, mismatches: [{ name: 'www', type: 'A', expected: ['192.0.2.1'], actual: [] }] },
      message: there ? 'Ready to switch: all 1 records answer the same.' : 'Not yet: 1 of 1 records answer differently.',
    },
    { type: 'done', results: [{ zone, ready: there }] },
  ];
}

const until = (fn: () => void) => vi.waitFor(fn, { timeout: 30_000, interval: 20 });

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
  const win = await fakeBrowser.windows.create({ focused: true });
  await fakeBrowser.tabs.create({ windowId: win!.id, url: 'https://www.example.com/', active: true });
});
afterEach(() => vi.unstubAllGlobals());

function mountApp(runner: JobRunner) {
  return mount(App, { global: { plugins: [createPinia()], provide: { [BACKGROUND_LINK as symbol]: localLink(runner) } } });
}

describe('popup: the Switch step after an undo', () => {
  it('never shows "Ready to switch" from a check older than the undo, and checks again', async () => {
    let recordThere = true;
    let checks = 0;
    const fetch = companionFetch({
      '/api/target/validate': () => json(200, { success: true, accounts: [ACCOUNT], token: { status: 'active' } }),
      '/api/dns/scan': () => ndjson(lines([{ type: 'done', records: [www], total: 1, subdomainsFound: ['www'] }])),
      '/api/migrate': () => {
        recordThere = true;
        return ndjson(lines(migrateAnswer));
      },
      '/api/undo': () => {
        recordThere = false;
        return ndjson(lines(undoAnswer));
      },
      '/api/cutover/check': () => {
        checks++;
        return ndjson(lines(checkAnswer(recordThere)));
      },
    });
    vi.stubGlobal('fetch', fetch);
    const runner = createJobRunner({ fetch, flushMs: 5 });
    const w = mountApp(runner);
    await until(() => expect(w.get('[data-testid=scan-proposed]').text()).toBe(zone));
    await w.get('[data-testid=scan-start]').trigger('submit');
    await until(() => expect(w.get('[data-testid=scan-status]').attributes('data-status')).toBe('done'));
    await w.get('[data-testid=source-next]').trigger('click');
    await w.get('[data-testid=cf-token]').setValue('my-token');
    await w.get('[data-testid=cf-validate]').trigger('submit');
    await until(() => expect(w.find('[data-testid=cf-account-single]').exists()).toBe(true));
    await w.get('[data-testid=target-next]').trigger('click');
    await w.get('[data-testid=migrate]').trigger('click');
    await until(() => expect(w.get('[data-testid=migration-headline]').text()).toBe('Migration finished'));

    // checked while the record is there: ready
    await w.get('[data-testid=to-switch]').trigger('click');
    await until(() => expect(w.get('[data-testid=cutover-verdict]').text()).toBe('Ready to switch'));
    expect(w.get('[data-testid=step-switch]').text()).toContain('ready');
    expect(checks).toBe(1);

    // the run is undone: the check's word is out of date at once, before anyone looks again
    await w.get('[data-testid=step-migrate]').trigger('click');
    await w.get('[data-testid=migration-undo]').trigger('click');
    await until(() => expect(w.find('[data-testid=undo-confirm]').exists()).toBe(true));
    await w.get('[data-testid=undo-confirm-button]').trigger('click');
    await until(() => expect(w.get('[data-testid=migration-headline]').text()).toBe('Undo finished'));
    expect(w.get('[data-testid=step-switch]').text()).not.toContain('ready');
    expect(w.get('[data-testid=step-switch]').text()).toContain('out of date');

    // the Switch step checks again by itself, and says what the target answers now
    await w.get('[data-testid=step-switch]').trigger('click');
    expect(w.text()).not.toContain('Ready to switch');
    await until(() => expect(checks).toBe(2));
    await until(() => expect(w.get('[data-testid=cutover-verdict]').text()).toBe('Not yet'));
    expect(w.get('[data-testid=cutover-headline]').text()).toBe('Not yet: 1 of 1 zone not ready');
    expect(w.find('[data-testid=cutover-outdated]').exists()).toBe(false);
  });
});
