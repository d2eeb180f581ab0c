import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useTargetStore } from '@/stores/target';
import { companionFetch, errorBody, json } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';

const ACME = { id: 'a'.repeat(32), name: 'Acme' };
const BETA = { id: 'b'.repeat(32), name: 'Beta' };

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
  setActivePinia(createPinia());
});

describe('target store: the token and its accounts', () => {
  it('chooses the only account by itself', async () => {
    const store = useTargetStore();
    store.token = '  tok-1  ';
    const fetch = companionFetch({
      '/api/target/validate': () =>
        json(200, { success: true, accounts: [ACME], token: { status: 'active', expiresOn: '2030-01-01T00:00:00Z' } }),
    });
    expect(await store.validateTarget(fetch)).toBe(true);
    expect(fetch.calls[0]?.body).toEqual({ targetToken: 'tok-1' });
    expect(store.accountId).toBe(ACME.id);
    expect(store.targetReady).toBe(true);
    expect(store.expiresOn).toBe('2030-01-01T00:00:00Z');
    // editing the token makes it unvalidated again
    store.token = 'tok-2';
    expect(store.targetReady).toBe(false);
  });

  it('lets the user choose among several accounts', async () => {
    const store = useTargetStore();
    store.token = 'tok';
    await store.validateTarget(
      companionFetch({ '/api/target/validate': () => json(200, { success: true, accounts: [ACME, BETA], token: { status: 'active' } }) }),
    );
    expect(store.accountId).toBe('');
    expect(store.targetReady).toBe(false);
    store.accountId = BETA.id;
    expect(store.targetReady).toBe(true);
    expect(store.account?.name).toBe('Beta');
  });

  it('says the companion runs but cannot reach Cloudflare, with the companion’s own words', async () => {
    const store = useTargetStore();
    store.token = 'tok';
    const message = 'cannot reach api.cloudflare.com: DNS lookup failed — offline, or behind a proxy? set HTTPS_PROXY';
    await store.validateTarget(companionFetch({ '/api/target/validate': () => errorBody(502, 'upstream', message) }));
    expect(store.targetError).toBe(`The companion is running but cannot reach Cloudflare: ${message}`);
    expect(store.targetError).not.toMatch(/token|permission/i);
  });

  it.each([
    [401, 'unauthorized', 'Cloudflare 1000: Invalid API Token', /invalid or has expired.*Invalid API Token/],
    [403, 'forbidden', 'Cloudflare 9109: Unauthorized to access requested resource', /lacks a permission.*Zone → DNS → Edit/],
  ])('explains a %i', async (status, code, message, expected) => {
    const store = useTargetStore();
    store.token = 'tok';
    const ok = await store.validateTarget(companionFetch({ '/api/target/validate': () => errorBody(status, code, message) }));
    expect(ok).toBe(false);
    expect(store.targetError).toMatch(expected);
    expect(store.accounts).toEqual([]);
    expect(store.targetReady).toBe(false);
  });

  it('keeps the token in session storage only, and restores it validated', async () => {
    const store = useTargetStore();
    await store.restore();
    store.token = 'secret-token-123';
    await store.validateTarget(
      companionFetch({ '/api/target/validate': () => json(200, { success: true, accounts: [ACME], token: { status: 'active' } }) }),
    );
    // saved when the store gets to it: awaited, not timed
    await expect.poll(async () => JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('secret-token-123');
    const local = await fakeBrowser.storage.local.get(null);
    const sync = await fakeBrowser.storage.sync.get(null);
    expect(JSON.stringify(local)).not.toContain('secret-token-123');
    expect(JSON.stringify(sync)).not.toContain('secret-token-123');

    setActivePinia(createPinia());
    const again = useTargetStore();
    await again.restore();
    expect(again.token).toBe('secret-token-123');
    expect(again.targetReady).toBe(true);
  });
});
