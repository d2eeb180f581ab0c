import { describe, expect, it } from 'vitest';
import type { CutoverEvent, MigrateEvent, UndoData } from '@dnsferry/shared';
import { companionFetch, lines, ndjson } from '../../support/fetch';
import { NS, WWW as www, ZONE as zone, openPopup, toReview, toReviewAnswers, until, usePopup } from '../../support/popup';

/**
 * Issue 28, item 2: after "Undo this run" removed every record, the Switch step still said "Ready to
 * switch" from the check made before the undo. Any write to a checked zone makes that check out of
 * date at once: the Switch step says so and checks again, and never shows the old verdict.
 */
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

usePopup({ tab: 'https://www.example.com/' });

describe('popup: the Switch step after an undo', () => {
  it('never shows "Ready to switch" from a check older than the undo, and checks again', async () => {
    let recordThere = true;
    let checks = 0;
    const fetch = companionFetch({
      ...toReviewAnswers(),
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
    const { w } = openPopup(fetch);
    await toReview(w);
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
