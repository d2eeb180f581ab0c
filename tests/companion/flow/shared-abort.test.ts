import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A wait on `signal`, as each write queued for a token's allowance listens to its run's signal. */
function wait(signal: AbortSignal, onAbort: () => void): void {
  signal.addEventListener('abort', onAbort, { once: true });
  listening.push(() => signal.removeEventListener('abort', onAbort));
}

describe('sharedAbort', () => {
  it("takes hundreds of waits on one signal without Node's leak warning, and aborts each", async () => {
    const run = sharedAbort();
    let aborted = 0;
    // a listener of its own each (the same function added twice is one listener)
    const seen = await warningsWhile(() => {
      for (let i = 0; i < 500; i++) wait(run.signal, () => aborted++);
    });
    expect(seen).toEqual([]);
    run.abort();
    expect(aborted).toBe(500);
  });

  it("hands back a runtime's own controller when it is not Node's (the extension's tests run the companion in a DOM)", () => {
    class DomAbortController {
      // a DOM's signal: an event target of its own, not Node's
      readonly signal = { aborted: false, addEventListener: () => undefined, removeEventListener: () => undefined };
    }
    vi.stubGlobal('AbortController', DomAbortController);
    try {
      expect(sharedAbort()).toBeInstanceOf(DomAbortController);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
