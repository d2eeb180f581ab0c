import { markRaw, ref, type InjectionKey } from 'vue';
import { browser, type Browser } from 'wxt/browser';
import { applyPatch, type EventJobKind } from './event-job';
import { PORT_NAME, type Command, type Update } from './messages';
import type { MigrationJob } from './migrate-events';

/*
 * The popup's end of the port to the background (runtime.ts holds the other end), and the popup's
 * copy of a job that runs there.
 */

/** The popup's line to the background, where the streams run. */
export interface BackgroundLink {
  send(cmd: Command): void;
  onUpdate(listener: (update: Update) => void): () => void;
  close(): void;
}

/**
 * Connects over a runtime port. If the port drops (the service worker was restarted), it connects
 * again; the background then sends a fresh snapshot.
 */
export function connectBackground(): BackgroundLink {
  const listeners = new Set<(u: Update) => void>();
  let port: Browser.runtime.Port | null = null;
  let closed = false;
  const open = () => {
    const p = browser.runtime.connect({ name: PORT_NAME });
    p.onMessage.addListener((message: unknown) => {
      for (const l of listeners) l(message as Update);
    });
    p.onDisconnect.addListener(() => {
      port = null;
      if (!closed) setTimeout(() => !closed && (port = open()), 250);
    });
    return p;
  };
  port = open();
  return {
    send(cmd) {
      (port ??= open()).postMessage(cmd);
    },
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      port?.disconnect();
    },
  };
}

/** Lets tests hand the popup a link of their own. */
export const BACKGROUND_LINK: InjectionKey<BackgroundLink> = Symbol('background-link');

/**
 * The popup's copy of a job of migrate events that runs in the background (a migration, or an undo): a
 * snapshot when the popup opens, then the patches of what the background's reducer changed.
 */
export function useEventJobCopy(kind: EventJobKind) {
  const job = ref<MigrationJob | null>(null);
  /**
   * The log can hold tens of thousands of lines: it is kept out of Vue's reactivity (markRaw) and
   * this counter moves whenever it grows, once per batch.
   */
  const version = ref(0);
  const mine = (type: Update['type']) => type.startsWith(`${kind}:`);

  function adopt(next: MigrationJob | null): void {
    if (next) next.log = markRaw(next.log);
    job.value = next;
    version.value++;
  }

  function apply(update: Update): void {
    switch (update.type) {
      case 'snapshot':
        adopt(update[kind]);
        return;
      case 'migration:start':
      case 'undo:start':
        if (mine(update.type)) adopt(update.job);
        return;
      case 'migration:clear':
      case 'undo:clear':
        if (mine(update.type)) adopt(null);
        return;
      case 'migration:patch':
      case 'undo:patch':
      case 'migration:end':
      case 'undo:end':
        if (!mine(update.type) || !job.value || job.value.id !== update.id) return;
        applyPatch(job.value, update);
        version.value++;
        return;
    }
  }

  return { job, version, apply };
}
