import { describe, expect, it } from 'vitest';
import { ZoneTally } from '@dnsferry/companion/engine/zone-tally';

const a = (name: string) => ({ type: 'A' as const, name, content: '192.0.2.1', ttl: 300 });

describe('ZoneTally', () => {
  it('counts each record once and numbers its line [i/N]; the rest fail when the zone does', () => {
    const tally = new ZoneTally('example.com');
    tally.total = 4;
    expect(tally.created(0, a('www'), '→ 192.0.2.1')).toMatchObject({
      type: 'record',
      index: 1,
      total: 4,
      message: '[1/4] A www → 192.0.2.1',
    });
    expect(tally.skipped(2, a('@'), 'already exists')).toMatchObject({ type: 'skip', index: 3, message: '[3/4] A @ already exists' });
    const rest = [...tally.failRest((i) => (i === 1 ? a('mail') : undefined), 'not migrated: the zone failed')];
    expect(rest.map((e) => e.type === 'error' && e.message)).toEqual([
      '[2/4] A mail ✗ not migrated: the zone failed',
      '[4/4] ? ? ✗ not migrated: the zone failed',
    ]);
    expect(tally.counts).toEqual({ created: 1, updated: 0, skipped: 1, failed: 2, removed: 0 });
    expect([...tally.failRest(() => undefined, 'again')]).toEqual([]); // nothing is counted twice
  });

  it('carries the record and the provider code on a failure when given', () => {
    const tally = new ZoneTally('example.com');
    tally.total = 1;
    expect(tally.failed(0, a('x'), 'refused', { record: a('x'), code: 81053 })).toEqual({
      type: 'error',
      zone: 'example.com',
      index: 1,
      total: 1,
      record: a('x'),
      code: 81053,
      message: '[1/1] A x ✗ refused',
    });
  });
});
