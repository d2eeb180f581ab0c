import { describe, expect, it } from 'vitest';
import type { ChangeOutcome, ChangeSet, TargetZone } from '@dnsferry/companion/engine/ports';
import { MemoryTarget, canonical } from './memory-target';

/** The in-memory target keeps the Target port's contract (engine/ports.ts), or the engine's tests prove nothing. */

const A = (name: string, content: string) => canonical({ type: 'A', name, content, ttl: 300 }, 'example.com');
const open = { signal: new AbortController().signal };

async function apply(target: MemoryTarget, zone: TargetZone, sets: ChangeSet[], signal = open.signal): Promise<ChangeOutcome[]> {
  const out: ChangeOutcome[] = [];
  for await (const o of target.applyChanges(zone, sets, { signal })) out.push(o);
  return out;
}

describe('the in-memory target', () => {
  it('finds or creates a zone, and a dry run creates none', async () => {
    const target = new MemoryTarget();
    expect(await target.findOrCreateZone('example.com', { ...open, dryRun: true })).toBeNull();
    const made = await target.findOrCreateZone('example.com', { ...open, dryRun: false });
    expect(made).toMatchObject({ name: 'example.com', created: true });
    expect(await target.findOrCreateZone('example.com', { ...open, dryRun: true })).toMatchObject({ id: made?.id, created: false });
  });

  it('applies a set all or nothing, removals first, and answers a lone create of a held record with exists', async () => {
    const target = new MemoryTarget();
    const { zone, records } = target.addZone('example.com', [{ type: 'A', name: 'www', content: '192.0.2.1' }]);
    const www = records[0]!;
    target.refuse = (r) => (r.content === '10.0.0.1' ? { code: 9004, message: 'no' } : undefined);
    const outcomes = await apply(target, zone, [
      // a refused create fails its whole set: the removal beside it does not happen
      { deletes: [www], updates: [], creates: [A('www', '10.0.0.1')] },
      { deletes: [], updates: [], creates: [A('www', '192.0.2.1')] },
      // the held record goes and a new one takes its name in one set
      { deletes: [www], updates: [], creates: [A('www', '192.0.2.2')] },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['failed', 'exists', 'applied']);
    expect(outcomes[0]).toMatchObject({ code: 9004, message: 'no' });
    expect(target.lines('example.com')).toEqual(['A www.example.com 192.0.2.2 300']);
    expect((await target.listRecords(zone)).map((h) => h.id)).toEqual([(outcomes[2] as { createdIds: string[] }).createdIds[0]]);
  });

  it('holds a zone to its quota, removals counted first', async () => {
    const target = new MemoryTarget({ quota: { limit: 2, scope: 'zone', plan: 'Free' } });
    const { zone, records } = target.addZone('example.com', [
      { type: 'A', name: 'a', content: '192.0.2.1' },
      { type: 'A', name: 'b', content: '192.0.2.2' },
    ]);
    expect(await target.recordQuota(zone)).toEqual({ limit: 2, used: 2, scope: 'zone', plan: 'Free' });
    expect(await target.recordQuota(null)).toEqual({ limit: 2, used: 0, scope: 'new-zone', plan: 'Free' });
    const outcomes = await apply(target, zone, [
      { deletes: [], updates: [], creates: [A('c', '192.0.2.3')] },
      { deletes: [records[0]!], updates: [], creates: [A('c', '192.0.2.3')] },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['failed', 'applied']);
  });

  it('starts no write once the signal aborts', async () => {
    const target = new MemoryTarget();
    const { zone } = target.addZone('example.com');
    const controller = new AbortController();
    target.fault = () => {
      controller.abort();
      return undefined;
    };
    const outcomes = await apply(
      target,
      zone,
      [
        { deletes: [], updates: [], creates: [A('a', '192.0.2.1')] },
        { deletes: [], updates: [], creates: [A('b', '192.0.2.2')] },
      ],
      controller.signal,
    );
    expect(outcomes).toHaveLength(1);
    expect(target.lines('example.com')).toEqual(['A a.example.com 192.0.2.1 300']);
  });
});
