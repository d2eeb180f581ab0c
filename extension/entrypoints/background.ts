import { browser, type Browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createJobRunner } from '@/jobs/runtime';
import { PORT_NAME, type Command } from '@/jobs/messages';
import { jobsItem } from '@/utils/storage-items';

/**
 * Streams run here, not in the popup: the popup closes when it loses focus, and a migration must
 * go on and be found again when it reopens.
 */
export default defineBackground(() => {
  const runner = createJobRunner({
    persist: (jobs) => jobsItem.setValue(jobs),
    // Any extension API call resets the service worker's idle timer while a stream is open.
    keepAlive: () => void browser.runtime.getPlatformInfo(),
  });

  const restored = jobsItem
    .getValue()
    .then((saved) => runner.restore(saved ?? undefined))
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
