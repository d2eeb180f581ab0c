import { describe, expect, it } from 'vitest';
import { EventBatches } from '@dnsferry/companion/flow/event-batches';

async function* made() {
  yield { n: 1 };
  yield [{ n: 2 }, { n: 3 }];
  yield [];
  yield { n: 4 };
}

describe('EventBatches', () => {
  it('reads one event at a time, in order, the batches opened up', async () => {
    const out: unknown[] = [];
    for await (const e of new EventBatches(made)) out.push(e);
    expect(out).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  });

  it('hands the batches over as they are made', async () => {
    const out: unknown[] = [];
    for await (const b of new EventBatches(made).batches()) out.push(b);
    expect(out).toEqual([{ n: 1 }, [{ n: 2 }, { n: 3 }], [], { n: 4 }]);
  });

  it('is read once: the source is opened a single time', async () => {
    let opened = 0;
    const events = new EventBatches(() => {
      opened++;
      return made();
    });
    for await (const _ of events) void _;
    expect(() => events.batches()).toThrow(/read already/);
    expect(opened).toBe(1);
  });

  it('closes its source when the reader stops early', async () => {
    let closed = false;
    const events = new EventBatches(async function* () {
      try {
        yield [{ n: 1 }, { n: 2 }];
        yield { n: 3 };
      } finally {
        closed = true;
      }
    });
    for await (const e of events) if (e.n === 1) break;
    expect(closed).toBe(true);
  });
});
