import { describe, expect, it } from 'vitest';
import { AimdWindow } from '@dnsferry/companion/scan/window';

describe('AIMD window of queries in flight', () => {
  it('starts at `initial` and grows by one per answer up to `max`', () => {
    const w = new AimdWindow({ initial: 4, min: 1, max: 6 });
    expect(w.size).toBe(4);
    w.answered();
    expect(w.size).toBe(5);
    for (let i = 0; i < 10; i++) w.answered();
    expect(w.size).toBe(6);
  });

  it('halves on a failure, and a burst of failures sent before the halving halves it once', () => {
    const w = new AimdWindow({ initial: 32, min: 2, max: 64 });
    const burst = Array.from({ length: 32 }, () => w.sent());
    for (const t of burst) w.failed(t);
    expect(w.size).toBe(16);
    // a query sent after the halving that fails too: halves again
    w.failed(w.sent());
    expect(w.size).toBe(8);
  });

  it('never goes below `min`', () => {
    const w = new AimdWindow({ initial: 8, min: 3, max: 8 });
    for (let i = 0; i < 10; i++) w.failed(w.sent());
    expect(w.size).toBe(3);
  });

  it('after a halving, grows by about one per window of answers (not one per answer)', () => {
    const w = new AimdWindow({ initial: 40, min: 2, max: 64 });
    w.failed(w.sent());
    expect(w.size).toBe(20);
    for (let i = 0; i < 20; i++) w.answered();
    expect(w.size).toBe(20);
    w.answered();
    expect(w.size).toBe(21);
  });

  it('a fixed window (min = max) stays where it is', () => {
    const w = new AimdWindow({ initial: 3, min: 3, max: 3 });
    w.answered();
    w.failed(w.sent());
    expect(w.size).toBe(3);
  });
});
