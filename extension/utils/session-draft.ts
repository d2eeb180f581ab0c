import { watch, type WatchSource } from 'vue';
import { browser } from 'wxt/browser';

/**
 * What the user typed survives closing the popup, in `storage.session` only: that area lives in
 * memory and is gone when the browser closes, so credentials held here never reach the disk.
 */
export async function loadDraft<T extends object>(key: string): Promise<Partial<T> | undefined> {
  const saved = await browser.storage.session.get(key);
  const value = saved[key];
  return value && typeof value === 'object' ? value : undefined;
}

/** Saves `source()` under `key` shortly after each change. Returns the stop handle. */
export function keepDraft<T extends object>(key: string, source: WatchSource<T>, delayMs = 150): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: T | null = null;
  const stop = watch(
    source,
    (value) => {
      latest = value;
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (latest) void browser.storage.session.set({ [key]: JSON.parse(JSON.stringify(latest)) as T });
      }, delayMs);
    },
    { deep: true },
  );
  return stop;
}
