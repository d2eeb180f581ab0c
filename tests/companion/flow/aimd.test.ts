import { describe, expect, it } from 'vitest';
import { Aimd } from '@dnsferry/companion/flow/aimd';

describe('Aimd: requests in flight', () => {
  it('starts at `initial` and, until the first overload, grows by one per answer up to `max`', () => {
    const w = new Aimd({ initial: 4, min: 1, max: 6 });
    expect(w.size).toBe(4);
    w.ok();
    expect(w.size).toBe(5);
    for (let i = 0; i < 10; i++) w.ok();
    expect(w.size).toBe(6);
  });

  it('halves on an overload, and a burst of overloads sent before the halving halves it once', () => {
    const w = new Aimd({ initial: 32, min: 2, max: 64 });
    const burst = Array.from({ length: 32 }, () => w.sent());
    for (const t of burst) w.overloaded(t);
    expect(w.size).toBe(16);
    // a query sent after the halving that fails too: halves again
    w.overloaded(w.sent());
    expect(w.size).toBe(8);
  });

  it('never goes below `min`', () => {
    const w = new Aimd({ initial: 8, min: 3, max: 8 });
    for (let i = 0; i < 10; i++) w.overloaded(w.sent());
    expect(w.size).toBe(3);
  });

  it('after a halving, grows by one per `size` answers (not one per answer), up to `max`', () => {
    const w = new Aimd({ initial: 40, min: 2, max: 42 });
    w.overloaded(w.sent());
    expect(w.size).toBe(20);
    for (let i = 0; i < 19; i++) w.ok();
    expect(w.size).toBe(20);
    w.ok();
    expect(w.size).toBe(21);
    for (let i = 0; i < 20; i++) w.ok();
    expect(w.size).toBe(21);
    w.ok();
    expect(w.size).toBe(22);
    for (let i = 0; i < 2000; i++) w.ok();
    expect(w.size).toBe(42);
  });

  it('counts the answers afresh after another halving', () => {
    const w = new Aimd({ initial: 8, min: 1, max: 8 });
    w.overloaded(w.sent());
    for (let i = 0; i < 3; i++) w.ok(); // 3 of the 4 that would grow it
    w.overloaded(w.sent());
    expect(w.size).toBe(2);
    w.ok();
    expect(w.size).toBe(2);
    w.ok();
    expect(w.size).toBe(3);
  });

  it('a fixed window (min = max) stays where it is', () => {
    const w = new Aimd({ initial: 3, min: 3, max: 3 });
    w.ok();
    w.overloaded(w.sent());
    expect(w.size).toBe(3);
  });
});
