import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useSourceFormStore } from '@/stores/source-form';
import { useScanStore } from '@/stores/scan';

const ZONE_ID = '0123456789abcdef0123456789abcdef';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('another account as the source', () => {
  it("offers the tab's domain by name, read with the other account's token", () => {
    useScanStore().proposed = 'example.com';
    const store = useSourceFormStore('account');
    store.set('token', ' old-agency-token ');
    expect(store.error).toBeNull();
    expect(store.side.zones).toEqual([{ name: 'example.com', expected: null, read: { cloudflare: { token: 'old-agency-token' } } }]);
    expect(store.side.request).toEqual({});
    expect(store.side.hint).toBe('example.com from another account');
  });

  it('sends a zone id for one zone only, and says so when several are named', () => {
    const store = useSourceFormStore('account');
    store.set('token', 'tok');
    store.zonesText = 'example.com';
    store.set('zoneId', ZONE_ID.toUpperCase());
    expect(store.side.zones).toEqual([{ name: 'example.com', expected: null, read: { cloudflare: { token: 'tok', zoneId: ZONE_ID } } }]);
    store.zonesText = 'example.com example.org';
    expect(store.error).toBe('A zone id names one zone: name one zone, or leave the id out.');
    expect(store.side.zones).toEqual([]);
    store.zonesText = 'example.com';
    store.set('zoneId', 'abc');
    expect(store.error).toBe('cloudflare.zoneId is 32 hexadecimal characters');
  });

  it('asks for the token first, and for a zone when the tab has no domain', () => {
    const store = useSourceFormStore('account');
    expect(store.error).toBe("Enter the other account's API token.");
    store.set('token', 'tok');
    expect(store.error).toBe('Name the zone (domain) to migrate.');
    expect(store.side.zones).toEqual([]);
  });

  it('keeps the zones for a reopened popup, but never the token', async () => {
    const store = useSourceFormStore('account');
    await store.restore();
    store.zonesText = 'example.com';
    store.set('token', 'old-agency-token');
    await expect.poll(async () => JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('example.com');
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain('old-agency-token');

    setActivePinia(createPinia());
    const reopened = useSourceFormStore('account');
    await reopened.restore();
    expect([reopened.zonesText, reopened.values.token]).toEqual(['example.com', '']);
  });
});
