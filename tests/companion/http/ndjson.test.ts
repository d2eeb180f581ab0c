import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { coalesce } from '@dnsferry/companion/http/ndjson';

async function chunks(events: AsyncIterable<unknown>) {
  const out: string[] = [];
  for await (const c of coalesce(events)) out.push(c);
  return out;
}

describe('NDJSON coalescing', () => {
  it('sends events that are ready together as one chunk, one JSON object per line', async () => {
    async function* ready() {
      for (let i = 0; i < 5; i++) yield { i };
    }
    const out = await chunks(ready());
    expect(out).toEqual(['{"i":0}\n{"i":1}\n{"i":2}\n{"i":3}\n{"i":4}\n']);
  });

  it('never holds an event back while the source waits', async () => {
    async function* slow() {
      yield { a: 1 };
      yield { a: 2 };
      await sleep(30);
      yield { a: 3 };
    }
    expect(await chunks(slow())).toEqual(['{"a":1}\n{"a":2}\n', '{"a":3}\n']);
  });

  it('cuts large bursts into bounded chunks', async () => {
    async function* burst() {
      for (let i = 0; i < 2000; i++) yield { message: 'x'.repeat(40), i };
    }
    const out = await chunks(burst());
    expect(out.length).toBeGreaterThan(3);
    expect(out.join('').split('\n').filter(Boolean)).toHaveLength(2000);
    for (const c of out) expect(c.endsWith('\n')).toBe(true);
  });

  it('tells the source to stop when the consumer stops', async () => {
    let finished = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) {
          yield { i };
          await sleep(1);
        }
      } finally {
        finished = true;
      }
    }
    for await (const c of coalesce(endless())) {
      expect(c).toContain('"i":0');
      break;
    }
    expect(finished).toBe(true);
  });
});
