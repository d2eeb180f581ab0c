import { describe, expect, it } from 'vitest';
import { InFlight } from '@dnsferry/companion/target/cloudflare/in-flight';

describe('InFlight', () => {
  it('lets `limit` holders through and passes each permit on in arrival order', async () => {
    const slots = new InFlight(2);
    const signal = new AbortController().signal;
    const a = await slots.acquire(signal);
    const b = await slots.acquire(signal);
    const order: string[] = [];
    const c = slots.acquire(signal).then((r) => (order.push('c'), r));
    const d = slots.acquire(signal).then((r) => (order.push('d'), r));
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual([]);
    a();
    a(); // a second release of the same permit changes nothing
    await c;
    expect(order).toEqual(['c']);
    b();
    await d;
    expect(order).toEqual(['c', 'd']);
  });

  it('a waiter whose signal aborts leaves the queue', async () => {
    const slots = new InFlight(1);
    const release = await slots.acquire(new AbortController().signal);
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort(new Error('client gone'));
    await expect(waiting).rejects.toThrow('client gone');
    release();
    const again = await slots.acquire(new AbortController().signal); // the permit was not lost
    expect(typeof again).toBe('function');
  });
});
