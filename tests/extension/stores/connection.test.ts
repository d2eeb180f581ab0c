import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useConnectionStore } from '@/stores/connection';
import { useSettingsStore } from '@/stores/settings';
import { DEFAULT_COMPANION_URL } from '@/utils/companion';
import type { Update } from '@/jobs/messages';
import { REASONS, loadPairing } from '@/utils/pairing';
import { companionFetch, errorBody, json, refused } from '../support/fetch';
import { impostorPairing, pairTestCompanion, proofAnswer } from '../support/pairing';

const ACME = { id: 'a'.repeat(32), name: 'Acme' };
const BETA = { id: 'b'.repeat(32), name: 'Beta' };

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
  setActivePinia(createPinia());
});

describe('connection store: companion', () => {
  it('finds the paired companion at the configured address', async () => {
    const settings = useSettingsStore();
    await fakeBrowser.storage.local.set({ 'dnsferry:settings': { companionUrl: 'http://[::1]:9999' } });
    await pairTestCompanion('http://[::1]:9999');
    await settings.load();
    const fetch = companionFetch({ '/api/pair/proof': proofAnswer() });
    const store = useConnectionStore();
    expect(await store.checkCompanion(fetch)).toBe(true);
    expect(store.companion).toBe('up');
    expect(store.companionLabel).toBe('Companion connected');
    expect(fetch.calls[0]?.url).toBe('http://[::1]:9999/api/pair/proof');
  });

  it('asks for pairing when this browser has no key for the companion (not "connected")', async () => {
    fakeBrowser.reset();
    const store = useConnectionStore();
    expect(await store.checkCompanion(companionFetch({}))).toBe(false);
    expect(store.companion).toBe('unpaired');
    expect(store.companionLabel).toBe('Companion not paired');
    expect(store.trustReason).toBeNull();
  });

  it.each([
    [
      'a 403, as a companion with a new identity would say',
      () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'),
      REASONS.refused(403),
    ],
    ['a proof made with another key', proofAnswer(Buffer.alloc(32, 9).toString('base64url')), REASONS.wrongProof],
    ['a page that is not the protocol', () => new Response('<h1>hello</h1>', { status: 200 }), REASONS.noProtocol],
  ])('shows "not your companion" for %s, and keeps the key', async (_what, answer, reason) => {
    const store = useConnectionStore();
    expect(await store.checkCompanion(companionFetch({ '/api/pair/proof': answer }))).toBe(false);
    expect(store.companion).toBe('impostor');
    expect(store.companionLabel).toBe('Not your companion');
    expect(store.trustReason).toBe(reason);
    expect(await loadPairing(DEFAULT_COMPANION_URL)).not.toBeNull();
  });

  it('gives the reason of a pairing an impostor answered as a clause, not as a sentence of its own', async () => {
    fakeBrowser.reset();
    const store = useConnectionStore();
    const fetch = companionFetch({
      ...impostorPairing(),
    });
    expect(await store.pair('ABCD-2345', fetch)).toBe(false);
    expect(store.companion).toBe('impostor');
    expect(store.trustReason).toBe(REASONS.wrongCodeProof);
    expect(store.pairingError).toBeNull();
    expect(await loadPairing(DEFAULT_COMPANION_URL)).toBeNull();
  });

  it('calls a server that cannot prove the pairing "not your companion", and sends it no token', async () => {
    const store = useConnectionStore();
    const fetch = companionFetch({
      '/api/pair/proof': proofAnswer(Buffer.alloc(32, 9).toString('base64url')),
      '/api/target/validate': () => json(200, {}),
    });
    expect(await store.checkCompanion(fetch)).toBe(false);
    expect(store.companion).toBe('impostor');
    expect(store.companionLabel).toBe('Not your companion');
    store.token = 'secret-token';
    expect(await store.validateTarget(fetch)).toBe(false);
    expect(store.targetError).toBe(`This is not your dnsferry companion: ${REASONS.wrongProof}. Nothing was sent to it.`);
    expect(fetch.calls.filter((c) => c.url.endsWith('/api/target/validate'))).toEqual([]);
  });

  it('shows the refusal of a token check in the header, until the companion proves itself again', async () => {
    const store = useConnectionStore();
    let impostor = false;
    const fetch = companionFetch({
      '/api/pair/proof': (body, url) => (impostor ? errorBody(403, 'forbidden', 'no') : proofAnswer()(body, url)),
      '/api/target/validate': () => json(200, { success: true, accounts: [ACME], token: { status: 'active' } }),
    });
    expect(await store.checkCompanion(fetch)).toBe(true);
    impostor = true;
    store.token = 'tok';
    expect(await store.validateTarget(fetch)).toBe(false);
    // the refusal itself is what the header shows: no second check was needed to see it
    expect(fetch.calls.filter((c) => c.url.endsWith('/api/pair/proof'))).toHaveLength(2);
    expect(store.companion).toBe('impostor');
    expect(store.trustReason).toBe(REASONS.refused(403));
    expect(store.lastRefusal).toEqual({ what: 'Cloudflare token', refusal: { state: 'impostor', reason: REASONS.refused(403) } });
    expect(store.refusalNote).toBe('Cloudflare token not sent');
    expect(store.refusalWhy).toBe(`This is not your dnsferry companion: ${REASONS.refused(403)}. Nothing was sent to it.`);

    impostor = false;
    expect(await store.checkCompanion(fetch)).toBe(true);
    expect(store.lastRefusal).toBeNull();
    expect(store.refusalNote).toBeNull();
  });

  it('takes the refusals of the background’s jobs from the link', () => {
    const store = useConnectionStore();
    let listener: ((u: Update) => void) | null = null;
    const detach = store.attach({
      send: () => undefined,
      close: () => undefined,
      onUpdate: (l) => {
        listener = l;
        return () => (listener = null);
      },
    });
    listener!({ type: 'companion:refused', what: 'dry run', refusal: { state: 'impostor', reason: REASONS.wrongProof } });
    expect(store.companion).toBe('impostor');
    expect(store.refusalNote).toBe('dry run not sent');
    listener!({ type: 'companion:refused', what: 'migration', refusal: { state: 'unpaired' } });
    expect(store.companion).toBe('unpaired');
    expect(store.companionLabel).toBe('Companion not paired');
    expect(store.trustReason).toBeNull();
    expect(store.refusalNote).toBe('migration not sent');
    detach();
    expect(listener).toBeNull();
  });

  it('says down when nothing answers', async () => {
    const store = useConnectionStore();
    expect(await store.checkCompanion(refused)).toBe(false);
    expect(store.companion).toBe('down');
  });
});

describe('connection store: target token', () => {
  it('chooses the only account by itself', async () => {
    const store = useConnectionStore();
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
    const store = useConnectionStore();
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
    const store = useConnectionStore();
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
    const store = useConnectionStore();
    store.token = 'tok';
    const ok = await store.validateTarget(companionFetch({ '/api/target/validate': () => errorBody(status, code, message) }));
    expect(ok).toBe(false);
    expect(store.targetError).toMatch(expected);
    expect(store.accounts).toEqual([]);
    expect(store.targetReady).toBe(false);
  });

  it('keeps the token in session storage only, and restores it validated', async () => {
    const store = useConnectionStore();
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
    const again = useConnectionStore();
    await again.restore();
    expect(again.token).toBe('secret-token-123');
    expect(again.targetReady).toBe(true);
  });
});
