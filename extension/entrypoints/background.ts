import { browser, type Browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createJobRunner } from '@/utils/job-runner';
import { JOBS_KEY, PORT_NAME, type Command, type PersistedJobs } from '@/utils/messages';

/**
 * Streams run here, not in the popup: the popup closes when it loses focus, and a migration must
 * go on and be found again when it reopens.
 */
export default defineBackground(() => {
  const runner = createJobRunner({
    persist: (jobs) => browser.storage.session.set({ [JOBS_KEY]: jobs }),
    // Any extension API call resets the service worker's idle timer while a stream is open.
    keepAlive: () => void browser.runtime.getPlatformInfo(),
  });

  const restored = browser.storage.session
    .get(JOBS_KEY)
    .then((saved) => runner.restore(saved[JOBS_KEY] as PersistedJobs | undefined))
    .catch((err: unknown) => console.warn('dnsferry: could not read the saved jobs', err));

  browser.runtime.onConnect.addListener((port: Browser.runtime.Port) => {
    if (port.name !== PORT_NAME) return;
    // Commands that arrive before the saved jobs are read wait for them.
    let ready = false;
    const queue: Command[] = [];
    const unsubscribe = runner.subscribe((update) => {
      if (ready) port.postMessage(update);
    });
    port.onMessage.addListener((message: unknown) => {
      const cmd = message as Command;
      if (ready) runner.handle(cmd);
      else queue.push(cmd);
    });
    port.onDisconnect.addListener(() => unsubscribe());
    void restored.then(() => {
      port.postMessage(runner.snapshot());
      ready = true;
      for (const cmd of queue.splice(0)) runner.handle(cmd);
    });
  });
});
