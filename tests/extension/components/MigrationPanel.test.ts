import { describe, expect, it } from 'vitest';
import { mount, type DOMWrapper } from '@vue/test-utils';
import type { MigrateEvent } from '@dnsferry/shared';
import MigrationPanel from '@/components/MigrationPanel.vue';
import { applyMigrateEvent, createMigrationJob } from '@/jobs/migrate-events';

const zone = 'example.com';
function job(events: MigrateEvent[], opts: { mode?: 'add' | 'mirror'; undoOf?: string } = {}) {
  const j = createMigrationJob({ id: 'j', dryRun: false, zones: [{ name: zone, expected: 2, mode: opts.mode ?? 'add' }], now: 0, ...opts });
  for (const e of events) applyMigrateEvent(j, e);
  return j;
}
/** The totals as shown: label → count. */
const totals = (cells: DOMWrapper<Element>[]) => Object.fromEntries(cells.map((d) => [d.get('dt').text(), d.get('dd').text()]));
const done = (r: { created: number; updated: number; skipped: number; failed: number; removed: number }): MigrateEvent[] => [
  { type: 'zone-complete', zone, result: { ...r, nameServers: [] } },
  { type: 'done', results: [{ zone, ...r }] },
];

describe('MigrationPanel', () => {
  it('counts what a mirror run updated and removed; an add run shows the three counts it always had', () => {
    const mirror = job(done({ created: 1, updated: 2, skipped: 3, failed: 0, removed: 4 }), { mode: 'mirror' });
    expect(totals(mount(MigrationPanel, { props: { job: mirror, version: 1 } }).findAll('.totals > div'))).toEqual({
      Created: '1',
      Updated: '2',
      Removed: '4',
      Skipped: '3',
      Failed: '0',
    });
    const add = job(done({ created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 }));
    expect(totals(mount(MigrationPanel, { props: { job: add, version: 1 } }).findAll('.totals > div'))).toEqual({
      Created: '2',
      Skipped: '0',
      Failed: '0',
    });
  });

  it('offers "Undo this run" only when given what it would put back, and not while running', async () => {
    const finished = job(done({ created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 }));
    const undoable = { created: 2, removed: 0, updated: 0, zonesCreated: 1 };
    const w = mount(MigrationPanel, { props: { job: finished, version: 1, undoable } });
    await w.get('[data-testid=migration-undo]').trigger('click');
    expect(w.emitted('undo')).toHaveLength(1);
    await w.setProps({ undoable: null });
    expect(w.find('[data-testid=migration-undo]').exists()).toBe(false);
    await w.setProps({ job: job([]), undoable });
    expect(w.find('[data-testid=migration-undo]').exists()).toBe(false);
    expect(w.find('[data-testid=migration-cancel]').exists()).toBe(true);
  });

  it('words an undo as one: what it deleted, put back and set back, and what changed since the run', () => {
    const undo = job(
      [
        { type: 'remove', zone, index: 1, total: 2, message: '[1/2] A www → 192.0.2.1 removed' },
        { type: 'skip', zone, index: 2, total: 2, message: '[2/2] A www changed at the target since the run; left as it is' },
        ...done({ created: 0, updated: 0, skipped: 1, failed: 0, removed: 1 }),
      ],
      { undoOf: 'run-1' },
    );
    const w = mount(MigrationPanel, {
      props: { job: undo, version: 1, undoable: { created: 1, removed: 0, updated: 0, zonesCreated: 0 } },
    });
    expect(w.get('[data-testid=migration-headline]').text()).toBe('Undo finished');
    expect(totals(w.findAll('.totals > div'))).toEqual({
      Deleted: '1',
      'Put back': '0',
      'Set back': '0',
      'Changed since': '1',
      Failed: '0',
    });
    expect(w.get('[data-testid=undo-changed-since]').text()).toMatch(/^1 record was left as it is: changed at Cloudflare since the run/);
    expect(w.find('[data-testid=migration-undo]').exists()).toBe(false);
    expect(w.find('[data-testid=name-servers]').exists()).toBe(false);
  });
});
