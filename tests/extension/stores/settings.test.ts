import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { normaliseCompanionUrl, useSettingsStore } from '@/stores/settings';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('settings', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://[::1]:8787', 'http://[::1]:8787'],
    ['http://[0:0:0:0:0:0:0:1]:8787/', 'http://[::1]:8787'],
  ])('accepts the loopback address %s', (input, url) => {
    expect(normaliseCompanionUrl(input)).toEqual({ url });
  });

  // A browser may reach localhost on [::1] while the companion holds only 127.0.0.1.
  it.each([
    [' http://localhost:9000/ ', 'http://127.0.0.1:9000'],
    ['http://LOCALHOST.:8787', 'http://127.0.0.1:8787'],
  ])('uses 127.0.0.1 for %s, and says why', (input, url) => {
    expect(normaliseCompanionUrl(input)).toEqual({ url, note: expect.stringMatching(/\[::1\]/) as unknown });
  });

  it.each([
    ['127.0.0.1:8787', /full address/],
    ['https://127.0.0.1:8787', /plain http/],
    ['http://example.com:8787', /this computer: use its address, 127\.0\.0\.1 or \[::1\] \(not example\.com\)/],
    ['http://dev.localhost:8787', /use its address/],
    ['http://127.0.0.2:8787', /use its address/],
    ['http://127.0.0.1:8787/api', /without a path/],
  ])('refuses %s', (input, message) => {
    const n = normaliseCompanionUrl(input);
    expect('error' in n && n.error).toMatch(message);
  });

  it('defaults to 127.0.0.1:8787 and keeps what is saved in local storage', async () => {
    const store = useSettingsStore();
    await store.load();
    expect(store.companionUrl).toBe('http://127.0.0.1:8787');
    expect(await store.save({ companionUrl: 'http://localhost:9999/', theme: 'dark' })).toBeNull();
    expect(await store.save({ companionUrl: 'http://10.0.0.1:1', theme: 'light' })).toMatch(/this computer/);
    setActivePinia(createPinia());
    const again = useSettingsStore();
    await again.load();
    expect(again.companionUrl).toBe('http://127.0.0.1:9999');
    expect(again.theme).toBe('dark');
  });

  it('reads a localhost address saved by an earlier version as 127.0.0.1', async () => {
    await fakeBrowser.storage.local.set({ 'dnsferry:settings': { companionUrl: 'http://localhost:8787' } });
    const store = useSettingsStore();
    await store.load();
    expect(store.companionUrl).toBe('http://127.0.0.1:8787');
  });
});
