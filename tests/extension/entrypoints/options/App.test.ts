import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia } from 'pinia';
import { flushPromises, mount } from '@vue/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import App from '@/entrypoints/options/App.vue';
import { refused } from '../../support/fetch';

beforeEach(() => {
  fakeBrowser.reset();
  vi.stubGlobal('fetch', refused);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function saveAddress(address: string) {
  const w = mount(App, { global: { plugins: [createPinia()] } });
  await flushPromises();
  await w.get('[data-testid=companion-url-input]').setValue(address);
  await w.get('form').trigger('submit');
  await flushPromises();
  const saved = (await fakeBrowser.storage.local.get('dnsferry:settings'))['dnsferry:settings'] as { companionUrl?: string } | undefined;
  return { w, message: w.get('[data-testid=options-message]').text(), saved: saved?.companionUrl };
}

describe('options: the companion address', () => {
  it('saves localhost as 127.0.0.1 and says why', async () => {
    const { w, message, saved } = await saveAddress('http://localhost:9000');
    expect(saved).toBe('http://127.0.0.1:9000');
    expect((w.get('[data-testid=companion-url-input]').element as HTMLInputElement).value).toBe('http://127.0.0.1:9000');
    expect(message).toMatch(/^Saved \(localhost was saved as 127\.0\.0\.1: the browser may reach localhost on \[::1\] too/);
    expect(message).toContain('nothing answers at http://127.0.0.1:9000 yet');
  });

  it('keeps [::1] as typed: that address alone is used', async () => {
    const { message, saved } = await saveAddress('http://[::1]:8787');
    expect(saved).toBe('http://[::1]:8787');
    expect(message).toMatch(/^Saved, but nothing answers at http:\/\/\[::1\]:8787/);
  });

  it('refuses a name or an address that is not a loopback literal, and saves nothing', async () => {
    for (const address of ['http://my-laptop.local:8787', 'http://192.168.1.5:8787', 'http://127.0.0.2:8787']) {
      const { message, saved } = await saveAddress(address);
      expect(message).toMatch(/use its address, 127\.0\.0\.1 or \[::1\]/);
      expect(saved).toBeUndefined();
    }
  });
});
