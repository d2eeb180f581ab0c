import { afterEach, describe, expect, it } from 'vitest';
import { sharedAbort } from '@dnsferry/companion/flow/shared-abort';

/** What Node warned of while `listen` added listeners, a tick later (warnings are emitted on the next tick). */
async function warningsWhile(listen: () => void): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (w: Error) => seen.push(`${w.name}: ${w.message}`);
  process.on('warning', onWarning);
  try {
    listen();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

const listening: Array<() => void> = [];
afterEach(() => listening.splice(0).forEach((stop) => stop()));

/** `n` waits on `signal`, as writes queued for a token's allowance each listen to their run's signal. */
function waits(signal: AbortSignal, n: number, onAbort: () => void): void {
  for (let i = 0; i < n; i++) {
    signal.addEventListener('abort', onAbort, { once: true });
    listening.push(() => signal.removeEventListener('abort', onAbort));
  }
}

describe('sharedAbort', () => {
  it("takes hundreds of waits on one signal without Node's leak warning, and aborts each", async () => {
    const run = sharedAbort();
    let aborted = 0;
    // a listener of its own each (the same function added twice is one listener)
    const seen = await warningsWhile(() => {
      for (let i = 0; i < 500; i++) waits(run.signal, 1, () => aborted++);
    });
    expect(seen).toEqual([]);
    run.abort();
    expect(aborted).toBe(500);
  });
});
