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
    [' http://localhost:9000/ ', 'http://localhost:9000'],
  ])('accepts the loopback address %s', (input, url) => {
    expect(normaliseCompanionUrl(input)).toEqual({ url });
  });

  it.each([
    ['127.0.0.1:8787', /full address/],
    ['https://127.0.0.1:8787', /plain http/],
    ['http://example.com:8787', /this computer/],
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
    expect(again.companionUrl).toBe('http://localhost:9999');
    expect(again.theme).toBe('dark');
  });
});
