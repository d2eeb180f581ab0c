import { describe, expect, it } from 'vitest';
import type { MigrateEvent, UndoData } from '@dnsferry/shared';
import { applyMigrateEvent, createMigrationJob } from '@/jobs/migrate-events';
import { jobTotals, jobUndoable, zoneProcessed } from '@/jobs/migration-totals';

/** Events as the companion sends them (companion/src/engine/apply.ts, plan.ts and zone-tally.ts). */
const zone = 'example.com';
const undo: UndoData = {
  version: 1,
  zone,
  zoneId: 'z1',
  zoneCreated: false,
  created: [{ id: 'r9', record: { type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' } }],
  removed: [
    { id: 'r1', record: { type: 'A', name: 'www', ttl: 1, content: '203.0.113.9', proxied: true } },
    { id: 'r2', record: { type: 'A', name: 'old', ttl: 300, content: '198.51.100.7' } },
  ],
  updated: [
    {
      id: 'r3',
      before: { type: 'A', name: 'mail', ttl: 1, content: '93.184.216.34', proxied: true },
      after: { type: 'A', name: 'mail', ttl: 300, content: '93.184.216.34' },
    },
  ],
};
const conflict = { name: 'www', type: 'A', source: ['192.0.2.1'], target: ['203.0.113.9'], after: ['203.0.113.9', '192.0.2.1'] };
const conflictMessage = 'www A: the target also holds 203.0.113.9; after this run both answer — mirror mode replaces it';
const mirrorRun: MigrateEvent[] = [
  { type: 'status', zone, message: 'Migrating example.com, mirroring the source and pruning' },
  {
    type: 'info',
    zone,
    message: conflictMessage,
    conflict,
  },
  { type: 'info', zone, targetOnly: 1, message: '1 record at the target is in RRsets the source does not have; it stays' },
  { type: 'skip', zone, index: 1, total: 3, message: '[1/3] MX @ already exists' },
  { type: 'remove', zone, message: 'A www → 203.0.113.9 removed (replaced by the source’s A www)' },
  { type: 'remove', zone, message: 'A old → 198.51.100.7 removed (not in the source)' },
  {
    type: 'record',
    zone,
    index: 3,
    total: 3,
    message: '[3/3] A mail → 93.184.216.34 (updated: proxied → DNS only, TTL 1 → 300)',
    change: 'update',
  },
  {
    type: 'record',
    zone,
    index: 2,
    total: 3,
    message: '[2/3] A www → 192.0.2.1 (replaces 203.0.113.9)',
    change: 'create',
    replaces: ['203.0.113.9'],
  },
];

function job(opts: { undoOf?: string } = {}) {
  return createMigrationJob({ id: 'j', dryRun: false, zones: [{ name: zone, expected: 3, mode: 'mirror', prune: true }], now: 0, ...opts });
}

describe('a mirror run, counted', () => {
  it('tells updates from creations, counts removals apart from the records sent, and keeps conflicts and what only the target holds', () => {
    const j = job();
    for (const e of mirrorRun) applyMigrateEvent(j, e);
    const z = j.zones[0]!;
    expect([z.mode, z.prune]).toEqual(['mirror', true]);
    expect([z.created, z.updated, z.skipped, z.removed]).toEqual([1, 1, 1, 2]);
    // the two removals are beyond the three records sent: the zone is done when the three are
    expect(zoneProcessed(z)).toBe(3);
    expect(z.conflicts).toEqual([{ ...conflict, message: conflictMessage }]);
    expect(z.targetOnly).toBe(1);
    expect(j.log.filter((l) => l.type === 'remove').map((l) => l.message)).toHaveLength(2);
    // the log keeps what became of each record, for the review to label
    expect(j.log.filter((l) => l.type === 'record').map((l) => [l.change, l.replaces])).toEqual([
      ['update', undefined],
      ['create', ['203.0.113.9']],
    ]);
    expect(z.undoable).toBeNull();

    applyMigrateEvent(j, {
      type: 'zone-complete',
      zone,
      result: { created: 1, updated: 1, skipped: 1, failed: 0, removed: 2, nameServers: ['ada.ns.cloudflare.com'], undo },
    });
    expect(z.undoable).toEqual({ created: 1, removed: 2, updated: 1, zonesCreated: 0 });
    expect(j.log.at(-1)?.message).toBe('Zone finished: 1 created, 1 updated, 2 removed, 1 skipped, 0 failed');
    expect(jobTotals(j)).toEqual({ created: 1, updated: 1, skipped: 1, failed: 0, removed: 2, processed: 3, size: 3 });
    expect(jobUndoable(j)).toEqual({ created: 1, removed: 2, updated: 1, zonesCreated: 0 });
    // the undo data itself is not kept in the job (it is kept in storage.local, once)
    expect(JSON.stringify(j)).not.toContain('r9');
  });

  it('a dry run counts what it would update the same way', () => {
    const j = job();
    applyMigrateEvent(j, {
      type: 'record',
      zone,
      index: 1,
      total: 3,
      message: '[1/3] A mail would update → 93.184.216.34 (proxied → DNS only)',
      change: 'update',
    });
    applyMigrateEvent(j, { type: 'record', zone, index: 2, total: 3, message: '[2/3] A www would create → 192.0.2.1', change: 'create' });
    expect([j.zones[0]?.updated, j.zones[0]?.created]).toEqual([1, 1]);
  });

  it('an undo counts its removals as steps: deleting what the run created is one of its entries', () => {
    const j = job({ undoOf: 'run-1' });
    applyMigrateEvent(j, { type: 'remove', zone, index: 1, total: 4, message: '[1/4] A www → 192.0.2.1 removed' });
    applyMigrateEvent(j, {
      type: 'skip',
      zone,
      index: 2,
      total: 4,
      message: '[2/4] A www changed at the target since the run; left as it is',
    });
    const z = j.zones[0]!;
    expect(zoneProcessed(z)).toBe(2);
    applyMigrateEvent(j, {
      type: 'zone-complete',
      zone,
      result: { created: 1, updated: 1, skipped: 1, failed: 0, removed: 1, nameServers: [] },
    });
    expect(zoneProcessed(z)).toBe(4);
    expect(j.undoOf).toBe('run-1');
  });
});
