import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { applyMigrateEvent, createMigrationJob } from '@/jobs/migrate-events';
import { outcomeOf, type OutcomeKind } from '@/utils/record-outcome';

const zone = 'example.com';
const at = { zone, index: 1, total: 1 };

/** The event's fields decide; the messages are worded against them, to show the words are not read. */
const cases: Array<[string, Extract<MigrateEvent, { type: 'record' | 'skip' | 'error' }>, OutcomeKind]> = [
  ['a create', { type: 'record', ...at, message: '→ 192.0.2.1 (updated: proxied → DNS only)', change: 'create' }, 'create'],
  ['a create told without `change`', { type: 'record', ...at, message: 'would update → 192.0.2.1' }, 'create'],
  ['a create that replaces', { type: 'record', ...at, message: '→ 192.0.2.1', change: 'create', replaces: ['203.0.113.9'] }, 'replace'],
  ['an update', { type: 'record', ...at, message: '→ 192.0.2.1 (replaces 203.0.113.9)', change: 'update' }, 'update'],
  ['a skip', { type: 'skip', ...at, message: 'already exists, TTL 1 at the target, 300 in the source' }, 'exists'],
  ['a drift', { type: 'skip', ...at, message: 'already exists', drift: 'TTL 1 at the target, 300 in the source' }, 'drift'],
  ['a failure', { type: 'error', ...at, message: '✗ Cloudflare 81058: An identical record already exists', code: 81058 }, 'error'],
];

describe('outcomeOf', () => {
  it.each(cases)('%s', (_, event, kind) => {
    const job = createMigrationJob({ id: 'j', dryRun: false, zones: [{ name: zone, expected: 1 }], now: 0 });
    applyMigrateEvent(job, event);
    const entry = job.log.at(-1)!;
    expect(outcomeOf(entry)).toEqual({ kind, message: event.message });
  });

  it('is null for what is not about one record sent', () => {
    const job = createMigrationJob({ id: 'j', dryRun: false, zones: [{ name: zone, expected: 1 }], now: 0 });
    applyMigrateEvent(job, { type: 'remove', zone, message: 'A old → 198.51.100.7 removed (not in the source)' });
    applyMigrateEvent(job, { type: 'status', zone, message: 'Migrating example.com' });
    expect(job.log.map(outcomeOf)).toEqual([null, null]);
  });
});
