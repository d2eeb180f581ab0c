import { describe, expect, it } from 'vitest';
import { QueryQueue } from '@dnsferry/companion/scan/query-queue';
import type { Query } from '@dnsferry/companion/scan/query';

const q = (name: string, type: Query['type'] = 'A'): Query => ({ name, type });
const drain = (queue: QueryQueue) => [...queue].map((x) => `${x.name} ${x.type}`);

describe('QueryQueue', () => {
  it('gives each name and type once, whichever lane it was added by, and says which were new', () => {
    const queue = new QueryQueue();
    expect(queue.add([q('www'), q('www', 'AAAA'), q('www')])).toEqual([q('www'), q('www', 'AAAA')]);
    expect(queue.add([q('www', 'AAAA'), q('api')], true)).toEqual([q('api')]);
    expect(drain(queue).sort()).toEqual(['api A', 'www A', 'www AAAA']);
    expect(queue.has('www', 'AAAA')).toBe(true);
    expect(queue.has('www', 'TXT')).toBe(false);
    expect(queue.knows('api')).toBe(true);
    expect(queue.knows('mail')).toBe(false);
  });

  it('gives follow-ups before listed queries, each lane in the order it was added', () => {
    const queue = new QueryQueue();
    queue.add([q('www'), q('api')]);
    queue.add([q('_spf', 'TXT'), q('mail')], true);
    expect(drain(queue)).toEqual(['_spf TXT', 'mail A', 'www A', 'api A']);
  });

  it('gives the steps of a zone walk before follow-ups, and moves a waiting follow-up there when a step asks the same', () => {
    const queue = new QueryQueue();
    queue.add([q('www')]);
    queue.add([q('mail'), q('zq-2', 'NSEC')], 'first');
    queue.add([q('zq-1', 'NSEC'), q('zq-2', 'NSEC')], 'chain');
    expect(drain(queue)).toEqual(['zq-1 NSEC', 'zq-2 NSEC', 'mail A', 'www A']);
    expect(queue.waiting).toBe(0);
  });

  it('moves a listed query still waiting ahead when a follow-up asks the same, and gives it once', () => {
    const queue = new QueryQueue();
    queue.add([q('www'), q('api'), q('mail')]);
    expect(queue.take()).toEqual(q('www'));
    expect(queue.add([q('mail'), q('www')], true)).toEqual([]);
    expect(drain(queue)).toEqual(['mail A', 'api A']);
  });

  it('keeps the query as first added: a follow-up of the same name and type does not replace a wildcard probe', () => {
    const queue = new QueryQueue();
    const probe: Query = { name: 'dnsferry-0a1b2c3d4e5f', type: 'A', wildcardOf: '@' };
    queue.add([probe]);
    queue.add([q('dnsferry-0a1b2c3d4e5f')], true);
    expect([...queue]).toEqual([probe]);
  });

  it('is a live source: after it ran dry, what is added later is given', () => {
    const queue = new QueryQueue();
    const it = queue[Symbol.iterator]();
    queue.add([q('www')]);
    expect(it.next()).toEqual({ done: false, value: q('www') });
    expect(it.next().done).toBe(true);
    queue.add([q('docs', 'CNAME')], true);
    expect(it.next()).toEqual({ done: false, value: q('docs', 'CNAME') });
  });
});
