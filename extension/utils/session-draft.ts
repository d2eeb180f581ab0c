import { watch, type WatchSource } from 'vue';

/** A draft's place: one of the `session:` items of `storage-items.ts`, which live in memory only. */
interface DraftItem<T> {
  getValue(): Promise<T | null>;
  setValue(value: NoInfer<T>): Promise<void>;
}

/**
 * What the user typed survives closing the popup, in `storage.session` only: that area lives in
 * memory and is gone when the browser closes, so credentials held here never reach the disk.
 * A draft saved by another build may lack fields: each is read as optional.
 */
export async function loadDraft<T extends object>(item: DraftItem<T>): Promise<Partial<T> | undefined> {
  const value = await item.getValue();
  return value && typeof value === 'object' ? value : undefined;
}

/** Saves `source()` in `item` shortly after each change. Returns the stop handle. */
export function keepDraft<T extends object>(item: DraftItem<T>, source: WatchSource<T>, delayMs = 150): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: T | null = null;
  const stop = watch(
    source,
    (value) => {
      latest = value;
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (latest) void item.setValue(JSON.parse(JSON.stringify(latest)) as T);
      }, delayMs);
    },
    { deep: true },
  );
  return stop;
}
