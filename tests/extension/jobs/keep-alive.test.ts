import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobTracker, KEEP_ALIVE_MS } from '@/jobs/keep-alive';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('job tracker', () => {
  it('keeps the background awake from the first job until the last one ends', async () => {
    const keepAlive = vi.fn();
    const tracker = createJobTracker(keepAlive);
    const a = deferred();
    const b = deferred();
    tracker.track(a.promise);
    expect(keepAlive).toHaveBeenCalledTimes(1);
    tracker.track(b.promise);
    expect(keepAlive).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 2);
    expect(keepAlive).toHaveBeenCalledTimes(3);
    a.resolve();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    expect(keepAlive).toHaveBeenCalledTimes(4);
    b.resolve();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 3);
    expect(keepAlive).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);

    // a later job wakes it again
    const c = deferred();
    tracker.track(c.promise);
    expect(keepAlive).toHaveBeenCalledTimes(5);
    c.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is idle only when every job has ended, those started while waiting included', async () => {
    const tracker = createJobTracker();
    await tracker.idle();

    const first = deferred();
    const second = deferred();
    tracker.track(first.promise);
    let idle = false;
    const waiting = tracker.idle().then(() => (idle = true));
    // the first job starts another before it ends
    tracker.track(second.promise);
    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toBe(false);
    second.resolve();
    await waiting;
    expect(idle).toBe(true);
  });

  it('a job that rejects still ends, and the worker sees no unhandled rejection', async () => {
    const keepAlive = vi.fn();
    const tracker = createJobTracker(keepAlive);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      tracker.track(Promise.reject(new Error('stream broke')));
      await vi.advanceTimersByTimeAsync(0);
      await tracker.idle();
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
