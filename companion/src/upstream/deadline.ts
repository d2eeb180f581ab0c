/**
 * A signal that aborts when `outer` does or when `ms` have passed, and is released when `fn` settles.
 * Not `AbortSignal.any([outer, AbortSignal.timeout(ms)])`: on Node 20 that keeps a listener on a
 * long-lived `outer` and a live timer per call, holding each request (and its body) for the whole
 * time limit — a leak in a long migration — and such a combined signal may be collected before it fires.
 */
export async function withDeadline<T>(outer: AbortSignal, ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  const onAbort = () => ac.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  try {
    return await fn(ac.signal);
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', onAbort);
  }
}

/** True when `err` came from the deadline of `withDeadline` (not from the caller's own abort). */
export function isDeadline(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'TimeoutError';
}
