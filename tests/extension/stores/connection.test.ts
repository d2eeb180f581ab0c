import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useConnectionStore } from '@/stores/connection';
import { useSettingsStore } from '@/stores/settings';
import { useTargetStore } from '@/stores/target';
import { DEFAULT_COMPANION_URL } from '@/utils/companion';
import type { Update } from '@/jobs/messages';
import { REASONS, loadPairing } from '@/utils/pairing';
import { companionFetch, errorBody, json, refused } from '../support/fetch';
import { impostorPairing, pairTestCompanion, proofAnswer } from '../support/pairing';

const ACME = { id: 'a'.repeat(32), name: 'Acme' };

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
    const target = useTargetStore();
    target.token = 'secret-token';
    expect(await target.validateTarget(fetch)).toBe(false);
    expect(target.targetError).toBe(`This is not your dnsferry companion: ${REASONS.wrongProof}. Nothing was sent to it.`);
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
    const target = useTargetStore();
    target.token = 'tok';
    expect(await target.validateTarget(fetch)).toBe(false);
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
