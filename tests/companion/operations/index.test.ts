import { describe, expect, it } from 'vitest';
import { API } from '@dnsferry/shared';
import { OPERATIONS } from '@dnsferry/companion/operations/index';

describe('the operations table', () => {
  it('has one operation per endpoint of the contract, of the kind the endpoint answers', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(Object.keys(API).sort());
    for (const [key, op] of Object.entries(OPERATIONS)) expect(op.kind, key).toBe(API[key as keyof typeof API].answer.kind);
  });

  it('ends a stream that failed after its first event with events of the contract, one done last, saying why', () => {
    const streams = (Object.keys(OPERATIONS) as Array<keyof typeof OPERATIONS>).flatMap((key) => {
      const op = OPERATIONS[key];
      return op.kind === 'ndjson' ? [[key, op] as const] : [];
    });
    expect(streams.map(([key]) => key).sort()).toEqual(['cutoverCheck', 'migrate', 'scan', 'undo']);
    for (const [key, op] of streams) {
      const events = op.stopped(new Error('the upstream went away'));
      const { answer } = API[key];
      const schema = answer.kind === 'ndjson' ? answer.event : undefined;
      for (const e of events) expect(schema?.safeParse(e).success, `${key}: ${JSON.stringify(e)}`).toBe(true);
      expect(
        events.map((e) => e.type).filter((t) => t === 'done'),
        key,
      ).toEqual(['done']);
      expect(events.at(-1)?.type, key).toBe('done');
      expect(JSON.stringify(events), key).toContain('stopped: the upstream went away');
    }
  });
});
