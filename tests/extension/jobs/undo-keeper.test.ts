import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UNDO_RUNS_KEPT, createUndoKeeper } from '@/jobs/undo-keeper';
import { memoryArea, undoData } from '../support/undo';

beforeEach(() => fakeBrowser.reset());

const run = (id: string) => ({ id, accountId: 'a'.repeat(32), startedAt: 7 });

describe('undo keeper', () => {
  it('gathers the zones of a run as they finish, none lost when they finish together', async () => {
    const area = memoryArea();
    const keeper = createUndoKeeper(area);
    await Promise.all([keeper.keep(run('r1'), undoData('a.com')), keeper.keep(run('r1'), undoData('b.com'))]);
    const saved = await keeper.get('r1');
    expect(saved?.zones.map((z) => z.zone)).toEqual(['a.com', 'b.com']);
    expect(saved).toMatchObject({ id: 'r1', accountId: 'a'.repeat(32), startedAt: 7 });
    // a zone told again (a run that went on) replaces its entry
    const again = { ...undoData('a.com'), created: [] };
    await keeper.keep(run('r1'), again);
    expect((await keeper.get('r1'))?.zones).toEqual([undoData('b.com'), again]);
  });

  it('adds each landed write to its zone as it comes, the pieces that arrive together in one write', async () => {
    const area = memoryArea();
    const keeper = createUndoKeeper(area);
    const zone = { name: 'example.com', zoneId: 'id-example.com' };
    const whole = undoData('example.com', true);
    // a zone the run created, then its record events, all in one burst as a batch's outcome brings them
    await Promise.all([
      keeper.add(run('r1'), zone, { zoneCreated: true }),
      keeper.add(run('r1'), zone, { created: whole.created }),
      keeper.add(run('r1'), zone, { removed: whole.removed }),
      keeper.add(run('r1'), zone, { updated: whole.updated }),
    ]);
    expect((await keeper.get('r1'))?.zones).toEqual([whole]);
    // four pieces, one write
    expect(area.saves).toHaveLength(1);
    // the zone's whole undo, when it finishes, takes the place of its pieces (an entry kept both ways would count once anyway)
    await keeper.keep(run('r1'), undoData('example.com', true));
    expect((await keeper.get('r1'))?.zones).toEqual([whole]);
    // the same name with another zone id (the zone made again) is another zone's undo
    await keeper.add(run('r1'), { name: 'example.com', zoneId: 'id-other' }, { created: whole.created });
    expect((await keeper.get('r1'))?.zones.map((z) => [z.zoneId, z.created.length])).toEqual([['id-other', 1]]);
  });

  it(`keeps the latest ${UNDO_RUNS_KEPT} runs, and forgets one on request`, async () => {
    const keeper = createUndoKeeper(memoryArea());
    for (let i = 1; i <= UNDO_RUNS_KEPT + 2; i++) await keeper.keep(run(`r${i}`), undoData());
    expect(await keeper.get('r1')).toBeNull();
    expect(await keeper.get('r2')).toBeNull();
    expect(await keeper.get('r3')).not.toBeNull();
    await keeper.forget('r3');
    expect(await keeper.get('r3')).toBeNull();
    expect(await keeper.get(`r${UNDO_RUNS_KEPT + 2}`)).not.toBeNull();
  });

  it('reads only what is still undo data (a save of another build is dropped, not sent)', async () => {
    const keeper = createUndoKeeper(
      memoryArea([
        { id: 'r1', accountId: 'acc', startedAt: 1, zones: [undoData(), { ...undoData('b.com'), version: 2 }] },
        { id: 'r2', zones: [] },
        'nonsense',
      ]),
    );
    expect((await keeper.get('r1'))?.zones.map((z) => z.zone)).toEqual(['example.com']);
    expect(await keeper.get('r2')).toBeNull();
  });

  it('lives in storage.local by default, and holds no credential', async () => {
    await createUndoKeeper().keep(run('r1'), undoData());
    const raw = (await fakeBrowser.storage.local.get('dnsferry:undo'))['dnsferry:undo'];
    expect(raw).toEqual([{ ...run('r1'), zones: [undoData()] }]);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });
});
