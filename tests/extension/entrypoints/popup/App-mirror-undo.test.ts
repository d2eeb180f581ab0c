import { describe, expect, it } from 'vitest';
import type { MigrateEvent, MigrateRequest, UndoData, UndoRequest } from '@dnsferry/shared';
import { companionFetch, lines, ndjson } from '../../support/fetch';
import {
  ACCOUNT,
  NS,
  WWW as www,
  ZONE as zone,
  mountPopup,
  openPopup,
  toReview,
  toReviewAnswers,
  until,
  usePopup,
} from '../../support/popup';

const stale = { type: 'A' as const, name: 'www', ttl: 1, content: '203.0.113.9', proxied: true };
const undo: UndoData = {
  version: 1,
  zone,
  zoneId: 'z',
  zoneCreated: false,
  created: [{ id: 'n1', record: www }],
  removed: [{ id: 'o1', record: stale }],
  updated: [],
};
const conflict = {
  type: 'info' as const,
  zone,
  message: 'www A: the target also holds 203.0.113.9; after this run both answer — mirror mode replaces it',
  conflict: { name: 'www', type: 'A', source: ['192.0.2.1'], target: ['203.0.113.9'], after: ['203.0.113.9', '192.0.2.1'] },
};

function migrateAnswer(req: MigrateRequest): MigrateEvent[] {
  const mirror = req.zones[0]?.mode === 'mirror';
  const done = { created: 1, updated: 0, skipped: 0, failed: 0, removed: mirror ? 1 : 0 };
  if (req.dryRun) {
    return [
      { type: 'status', zone, message: `Planning ${zone} (dry run: nothing will be written)` },
      conflict,
      { type: 'info', zone, targetOnly: 3, message: '3 records at the target are in RRsets the source does not have; they stay' },
      { type: 'record', zone, index: 1, total: 1, record: www, message: '[1/1] A www would create → 192.0.2.1', change: 'create' },
      { type: 'zone-complete', zone, result: { ...done, nameServers: NS } },
      { type: 'done', results: [{ zone, ...done }] },
    ];
  }
  return [
    { type: 'status', zone, message: `Migrating ${zone}, mirroring the source` },
    { type: 'remove', zone, record: stale, message: 'A www → 203.0.113.9 removed (replaced by the source’s A www)' },
    {
      type: 'record',
      zone,
      index: 1,
      total: 1,
      record: www,
      message: '[1/1] A www → 192.0.2.1 (replaces 203.0.113.9)',
      change: 'create',
      replaces: ['203.0.113.9'],
    },
    { type: 'zone-complete', zone, result: { ...done, nameServers: NS, undo } },
    { type: 'done', results: [{ zone, ...done }] },
  ];
}
const undoAnswer: MigrateEvent[] = [
  { type: 'status', zone, message: `Undoing ${zone}` },
  { type: 'remove', zone, index: 1, total: 2, record: www, message: '[1/2] A www → 192.0.2.1 removed' },
  {
    type: 'skip',
    zone,
    index: 2,
    total: 2,
    record: stale,
    message: '[2/2] A www 203.0.113.9: a record changed at the target since the run; left as it is',
  },
  { type: 'zone-complete', zone, result: { created: 0, updated: 0, skipped: 1, failed: 0, removed: 1, nameServers: NS } },
  { type: 'done', results: [{ zone, created: 0, updated: 0, skipped: 1, failed: 0, removed: 1 }] },
];

usePopup({ tab: 'https://www.example.com/' });

describe('popup: a conflict replaced, then the run undone', () => {
  it('shows the dry run’s conflict, mirrors the zone when it is replaced, and undoes the run in the background', async () => {
    const migrateBodies: MigrateRequest[] = [];
    const undoBodies: UndoRequest[] = [];
    const fetch = companionFetch({
      ...toReviewAnswers(),
      '/api/migrate': (body) => {
        migrateBodies.push(body as MigrateRequest);
        return ndjson(lines(migrateAnswer(body as MigrateRequest)));
      },
      '/api/undo': (body) => {
        undoBodies.push(body as UndoRequest);
        return ndjson(lines(undoAnswer));
      },
    });
    const { w, runner } = openPopup(fetch);
    await toReview(w);

    // the dry run tells the conflict: source beside target, both answering after an add
    await w.get('[data-testid=dry-run]').trigger('click');
    await until(() => expect(w.find('[data-testid=conflict-www-A]').exists()).toBe(true));
    const item = w.get('[data-testid=conflict-www-A]');
    expect(item.get('[data-testid=conflict-target]').text()).toBe('203.0.113.9');
    expect(item.findAll('[data-testid=conflict-after] code').map((c) => c.text())).toEqual(['203.0.113.9', '192.0.2.1']);

    // replace: the zone's only conflict, so it is mirrored; a scan is not offered prune
    await item.get('[data-testid=conflict-choice-replace]').trigger('change');
    expect((w.get(`[data-testid="review-mirror-${zone}"]`).element as HTMLInputElement).checked).toBe(true);
    expect(w.find(`[data-testid="review-prune-${zone}"]`).exists()).toBe(false);
    expect(w.find(`[data-testid="review-no-prune-${zone}"]`).exists()).toBe(true);
    expect(w.get('[data-testid=conflict-www-A] [data-testid=conflict-after]').text()).toBe('192.0.2.1');

    await w.get('[data-testid=migrate]').trigger('click');
    await until(() => expect(w.get('[data-testid=migration-headline]').text()).toBe('Migration finished'));
    expect(migrateBodies.at(-1)).toMatchObject({ dryRun: false, zones: [{ name: zone, mode: 'mirror', records: [www] }] });
    expect(migrateBodies.at(-1)?.zones[0]).not.toHaveProperty('prune');
    expect(w.get('[data-testid=total-created]').text()).toBe('1');
    expect(w.get('[data-testid=total-removed]').text()).toBe('1');
    await w.get('[data-testid=log-filter-remove]').trigger('click');
    expect(w.findAll('[data-testid=log-row]').map((r) => r.get('.msg').text())).toEqual([
      'A www → 203.0.113.9 removed (replaced by the source’s A www)',
    ]);

    // undo asks first, with what it puts back, from what this browser kept
    await w.get('[data-testid=migration-undo]').trigger('click');
    await until(() => expect(w.find('[data-testid=undo-confirm]').exists()).toBe(true));
    expect(w.findAll('[data-testid=undo-counts] li').map((l) => l.text())).toEqual([
      'delete the 1 record it created',
      'create again the 1 record it removed, with their content, TTL and proxy',
    ]);
    expect(w.find('[data-testid=undo-delete-zone]').exists()).toBe(false);
    await w.get('[data-testid=undo-confirm-button]').trigger('click');
    await until(() => expect(w.get('[data-testid=migration-headline]').text()).toBe('Undo finished'));
    expect(undoBodies).toEqual([{ targetToken: 'my-token', targetAccountId: ACCOUNT.id, zones: [{ name: zone, undo }] }]);
    expect(w.get('[data-testid=undo-changed-since]').text()).toContain('1 record was left as it is: changed at Cloudflare since the run');
    expect(w.get('[data-testid=total-removed]').text()).toBe('1');
    expect(w.get('[data-testid=step-migrate]').text()).toContain('undo done');
    w.unmount();

    // the popup opened again finds the undo where it ended, and no second undo offered
    const again = mountPopup(runner);
    await until(() => expect(again.find('[data-testid=migration-headline]').exists()).toBe(true));
    expect(again.get('[data-testid=migration-headline]').text()).toBe('Undo finished');
    await again.get('[data-testid=show-run]').trigger('click');
    expect(again.get('[data-testid=migration-headline]').text()).toBe('Migration finished');
    expect(again.find('[data-testid=migration-undo]').exists()).toBe(false);
  });
});
