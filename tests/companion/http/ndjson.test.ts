import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { liveHeap } from '../../support/live-heap';
import { coalesce } from '@dnsferry/companion/http/ndjson';

async function chunks(events: AsyncIterable<unknown>) {
  const out: string[] = [];
  for await (const c of coalesce(events)) out.push(c.toString('utf8'));
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

  it("sends an event with a long array (a zone's undo data) in bounded chunks, the same line as JSON.stringify writes", async () => {
    const created = Array.from({ length: 3000 }, (_, i) => ({ id: `id-${i}`, record: { type: 'A', name: `h${i}`, content: '192.0.2.1' } }));
    const zoneComplete = { type: 'zone-complete', zone: 'example.com', result: { created: 3000, undo: { version: 1, created } } };
    async function* last() {
      yield { type: 'record', index: 1 };
      yield [zoneComplete, { type: 'done' }];
    }
    const out = await chunks(last());
    expect(out.join('')).toBe(`{"type":"record","index":1}\n${JSON.stringify(zoneComplete)}\n{"type":"done"}\n`);
    // about 200 kB of JSON, let out in pieces of about 16 kB rather than as one string
    expect(out.length).toBeGreaterThan(5);
    expect(Math.max(...out.map((c) => c.length))).toBeLessThan(64 * 1024);
  });

  it('writes lines as UTF-8, a line longer than a chunk as a chunk of its own', async () => {
    // the arrow is three bytes in UTF-8: no chunk is cut inside a character
    const events = [
      ...Array.from({ length: 1500 }, (_, i) => ({ message: `[${i}] A h \u2192 192.0.2.1 `.repeat(3) })),
      { message: '\u2192'.repeat(100_000) },
      { message: 'after' },
    ];
    async function* ready() {
      yield events;
    }
    const raw: Buffer[] = [];
    for await (const c of coalesce(ready())) raw.push(c);
    for (const c of raw) expect(c.toString('utf8')).not.toContain('\ufffd');
    expect(Buffer.concat(raw).toString('utf8')).toBe(events.map((e) => `${JSON.stringify(e)}\n`).join(''));
    expect(raw.some((c) => c.length === 300_000 + '{"message":""}'.length)).toBe(true);
  });

  it('writes each value as JSON.stringify does, character for character', async () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 1, a: 'x' });
    const sparse: unknown[] = [1];
    sparse[3] = 'end';
    const strings = [
      '',
      'plain',
      'quote " and \\ backslash',
      'tab\tnew\nline\u0000\u001f\u007f',
      '\u2028\u2029',
      'é → ✗',
      '😀 pair',
      'lone \ud800 high',
      'lone \udc00 low',
      'x'.repeat(30_000),
    ];
    const events: unknown[] = [
      ...strings.map((message, i) => ({
        type: 'record',
        index: i,
        message,
        record: { type: 'TXT', name: message, ttl: 300, content: message },
      })),
      { n: [0, -0, 1.5, 1e21, -1e-7, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER], b: [true, false], z: null },
      { skipped: undefined, f: () => 1, s: Symbol('s'), kept: 'yes', list: [undefined, () => 1, Symbol('t'), null] },
      { 2: 'two', 1: 'one', b: 'b', a: 'a', 10: 'ten' },
      { when: new Date(Date.UTC(2026, 11, 2)), point: new Point(1, 2), json: { toJSON: () => ({ replaced: true }) }, bare, sparse },
      { nested: { deeper: { deepest: [{ a: [[]] }, {}] } } },
    ];
    async function* ready() {
      yield events;
    }
    const raw: Buffer[] = [];
    for await (const c of coalesce(ready())) raw.push(c);
    expect(Buffer.concat(raw).toString('utf8')).toBe(events.map((e) => `${JSON.stringify(e)}\n`).join(''));
  });

  it('lets each event go once written, even when the event loop has not turned since', async () => {
    // 400 events of 50 kB, all ready at once (no timer, no I/O): 20 MB passed through
    async function* ready() {
      for (let i = 0; i < 400; i++) yield { pad: `${'x'.repeat(50_000)}${i}` };
    }
    const before = liveHeap();
    let bytes = 0;
    let held: number | null = null;
    for await (const c of coalesce(ready())) {
      bytes += c.length;
      // measured while the stream is still going, before the turn that flushes what is buffered
      if (bytes > 19_000_000 && held === null) held = liveHeap() - before;
    }
    expect(bytes).toBeGreaterThan(20_000_000);
    expect(held).not.toBeNull();
    expect(held).toBeLessThan(5_000_000);
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
      expect(c.toString()).toContain('"i":0');
      break;
    }
    expect(finished).toBe(true);
  });
});
