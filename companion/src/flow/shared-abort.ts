import { setMaxListeners } from 'node:events';

/**
 * An AbortController whose signal many waits listen to at once, each removing its listener as it ends:
 * a run's (an HTTP request's, a command's), heard by everything the run has waiting (writes queued for
 * the token's allowance, DNS queries in flight), or the one that never aborts, given to every write in
 * flight. Past 10 listeners on one signal Node prints "Possible EventTarget memory leak detected" to
 * the terminal, which a rate-limited migration of a few zones reaches; these signals take any number
 * (0: no limit).
 */
export function sharedAbort(): AbortController {
  const ac = new AbortController();
  try {
    setMaxListeners(0, ac.signal);
  } catch (err) {
    // Node refuses a signal not its own (a DOM's, where the extension's tests run the companion); such a signal does not warn
    if ((err as { code?: unknown }).code !== 'ERR_INVALID_ARG_TYPE') throw err;
  }
  return ac;
}
