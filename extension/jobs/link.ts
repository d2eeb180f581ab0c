import type { InjectionKey } from 'vue';
import { browser, type Browser } from 'wxt/browser';
import { PORT_NAME, type Command, type Update } from './messages';

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
