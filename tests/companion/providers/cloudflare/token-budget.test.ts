import { describe, expect, it, vi } from 'vitest';
import { TokenBudget, budgetOf, budgetsInUse, tokenKey } from '@dnsferry/companion/providers/cloudflare/token-budget';

const live = () => new AbortController().signal;
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('TokenBudget', () => {
  it('lets `max` requests through and passes each slot on in arrival order', async () => {
    const budget = new TokenBudget(2);
    const a = await budget.acquire(live());
    const b = await budget.acquire(live());
    const order: string[] = [];
    const c = budget.acquire(live()).then((p) => (order.push('c'), p));
    const d = budget.acquire(live()).then((p) => (order.push('d'), p));
    await tick();
    expect(order).toEqual([]);
    a.release('ok');
    a.release('ok'); // a second release of the same slot changes nothing
    await c;
    expect(order).toEqual(['c']);
    b.release('ok');
    await d;
    expect(order).toEqual(['c', 'd']);
  });

  it('a waiter whose signal aborts leaves the queue without taking a slot', async () => {
    const budget = new TokenBudget(1);
    const held = await budget.acquire(live());
    const controller = new AbortController();
    const waiting = budget.acquire(controller.signal);
    controller.abort(new Error('client gone'));
    await expect(waiting).rejects.toThrow('client gone');
    held.release('ok');
    await budget.acquire(live()); // the slot was not lost
    expect(budget.idle).toBe(false);
  });

  it('halves its slots once per burst of overload, and grows back one per slots-full of good answers', async () => {
    const budget = new TokenBudget(8);
    const burst = await Promise.all(Array.from({ length: 8 }, () => budget.acquire(live())));
    for (const p of burst) p.release('overloaded'); // eight 429s sent together: one signal
    expect(budget.limit).toBe(4);
    const next = await budget.acquire(live()); // sent after the halving: its overload counts
    next.release('overloaded');
    expect(budget.limit).toBe(2);
    // a failure that says nothing about load (a 4xx, a reset) changes nothing
    (await budget.acquire(live())).release('other');
    expect(budget.limit).toBe(2);
    for (let i = 0; i < 2; i++) (await budget.acquire(live())).release('ok');
    expect(budget.limit).toBe(3);
    for (let i = 0; i < 100; i++) (await budget.acquire(live())).release('ok');
    expect(budget.limit).toBe(8); // never beyond max
  });

  it('with fewer slots, holds the requests beyond them until one comes back', async () => {
    const budget = new TokenBudget(4);
    const first = await budget.acquire(live());
    first.release('overloaded');
    expect(budget.limit).toBe(2);
    const held = [await budget.acquire(live()), await budget.acquire(live())];
    let third = false;
    const waiting = budget.acquire(live()).then((p) => ((third = true), p));
    await tick();
    expect(third).toBe(false);
    held[0]?.release('ok');
    (await waiting).release('ok');
    expect(third).toBe(true);
  });
});

describe("the target's allowance", () => {
  it('grants no more requests than the Ratelimit header leaves, counting those in flight', async () => {
    const budget = new TokenBudget(4);
    const first = await budget.acquire(live());
    const second = await budget.acquire(live());
    budget.noteBudget(3, 1); // 3 left once `first` was counted; `second` may not be counted yet
    first.release('ok');
    const third = await budget.acquire(live()); // 3 − 2 in flight: one more
    let fourth = false;
    const waiting = budget.acquire(live()).then((p) => ((fourth = true), p));
    await tick();
    expect(fourth).toBe(false); // a slot is free, the budget is not
    second.release('ok');
    third.release('ok');
    await tick();
    expect(fourth).toBe(false); // answers without a header say nothing new
    budget.noteBudget(5, 1);
    (await waiting).release('ok');
    expect(fourth).toBe(true);
  });

  it('once spent, pauses until one request frees, then sends one and waits for its answer', async () => {
    const budget = new TokenBudget(4);
    const p = await budget.acquire(live());
    const started = Date.now();
    budget.noteBudget(0, 0.1);
    expect(budget.pausedUntil).toBeGreaterThanOrEqual(started + 100);
    p.release('ok');
    const next = await budget.acquire(live());
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    let another = false;
    void budget.acquire(live()).then(() => (another = true));
    await tick();
    expect(another).toBe(false); // one request, until its answer says more
    budget.noteBudget(10, 1);
    next.release('ok');
    await tick();
    expect(another).toBe(true);
  });
});

describe('a spent allowance whose probe brings no figure', () => {
  it('probes again a second later rather than wait for an answer that will not come', async () => {
    const budget = new TokenBudget(4);
    const p = await budget.acquire(live());
    budget.noteBudget(0, 0.05);
    p.release('ok');
    const probe = await budget.acquire(live()); // after 50 ms
    probe.release('other'); // reset, or an answer without a Ratelimit header
    const started = Date.now();
    (await budget.acquire(live())).release('ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('budgets per token', () => {
  it('is one budget for one token across callers, another for another token, and none once idle', async () => {
    const before = budgetsInUse();
    const key = tokenKey('token-one');
    expect(key).not.toContain('token-one');
    expect(tokenKey('token-one')).toBe(key);
    const a = await budgetOf(key, 1).acquire(live());
    let second = false;
    const b = budgetOf(key, 1)
      .acquire(live())
      .then((p) => ((second = true), p));
    const other = await budgetOf(tokenKey('token-two'), 1).acquire(live()); // not held up by token one
    await tick();
    expect(second).toBe(false);
    expect(budgetsInUse()).toBe(before + 2);
    a.release('ok');
    (await b).release('ok');
    other.release('ok');
    expect(budgetsInUse()).toBe(before);
  });

  it('keeps a paused budget until its pause is over', async () => {
    // a held clock: on a busy machine 60 real ms can pass before the first check
    vi.useFakeTimers();
    try {
      const key = tokenKey('token-paused');
      const budget = budgetOf(key, 2);
      const p = await budget.acquire(live());
      budget.pausedUntil = Date.now() + 60;
      p.release('overloaded');
      await vi.advanceTimersByTimeAsync(59);
      expect(budgetOf(key, 2)).toBe(budget); // the pause is not forgotten
      await vi.advanceTimersByTimeAsync(1);
      expect(budgetOf(key, 2)).not.toBe(budget);
    } finally {
      vi.useRealTimers();
    }
  });
});
