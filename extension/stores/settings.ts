import { defineStore } from 'pinia';
import { ref } from 'vue';
import { DEFAULT_COMPANION_URL } from '@/utils/companion';
import { settingsItem } from '@/utils/storage-items';

export type Theme = 'system' | 'light' | 'dark';

/** Names a browser resolves to loopback by itself, on 127.0.0.1 and on [::1] (Chromium tries [::1] first). */
const LOCALHOST = new Set(['localhost', 'localhost.']);

/**
 * The companion listens on this computer only, and the extension uses one address it holds: a
 * loopback literal. `localhost` becomes 127.0.0.1, because the browser may reach that name on
 * [::1] too, where another program could listen and relay the pairing proof (and then get every
 * credential). `note` says so when it happened.
 */
export function normaliseCompanionUrl(input: string): { url: string; note?: string } | { error: string } {
  let parsed: URL;
  try {
    parsed = new URL(input.trim());
  } catch {
    return { error: 'Enter a full address, e.g. http://127.0.0.1:8787' };
  }
  if (parsed.protocol !== 'http:') return { error: 'The companion speaks plain http on this computer, e.g. http://127.0.0.1:8787' };
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) return { error: 'Only the address and port, without a path' };
  if (LOCALHOST.has(parsed.hostname)) {
    parsed.hostname = '127.0.0.1';
    return {
      url: `${parsed.protocol}//${parsed.host}`,
      note: 'localhost was saved as 127.0.0.1: the browser may reach localhost on [::1] too, where another program could answer',
    };
  }
  if (parsed.hostname !== '127.0.0.1' && parsed.hostname !== '[::1]') {
    return { error: `The companion runs on this computer: use its address, 127.0.0.1 or [::1] (not ${parsed.hostname})` };
  }
  return { url: `${parsed.protocol}//${parsed.host}` };
}

export const useSettingsStore = defineStore('settings', () => {
  const companionUrl = ref(DEFAULT_COMPANION_URL);
  const theme = ref<Theme>('system');
  const loaded = ref(false);

  async function load(): Promise<void> {
    // Settings are not secret, so they live in `storage.local` and survive restarts.
    const saved = await settingsItem.getValue();
    if (saved?.companionUrl) {
      const n = normaliseCompanionUrl(saved.companionUrl);
      if ('url' in n) companionUrl.value = n.url;
    }
    if (saved?.theme === 'light' || saved?.theme === 'dark' || saved?.theme === 'system') theme.value = saved.theme;
    loaded.value = true;
  }

  /** Returns an error sentence, or null when saved. */
  async function save(next: { companionUrl: string; theme: Theme }): Promise<string | null> {
    const n = normaliseCompanionUrl(next.companionUrl);
    if ('error' in n) return n.error;
    companionUrl.value = n.url;
    theme.value = next.theme;
    await settingsItem.setValue({ companionUrl: n.url, theme: next.theme });
    return null;
  }

  return { companionUrl, theme, loaded, load, save };
});
