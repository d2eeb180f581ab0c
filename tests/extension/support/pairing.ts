import { createHmac } from 'node:crypto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PROOF_CONTEXT } from '@dnsferry/shared';
import { DEFAULT_COMPANION_URL } from '@/utils/companion';
import { PAIRINGS_KEY } from '@/utils/pairing';

/** The origin WXT's fake browser gives the extension (`runtime.getURL('/')`). */
export const TEST_ORIGIN = 'chrome-extension://test-extension-id';
export const TEST_KEY = Buffer.alloc(32, 42).toString('base64url');
export const TEST_COMPANION_ID = 'test-companion';

/** Stores a pairing with the companion at `url`, as a finished pairing would. */
export async function pairTestCompanion(url = DEFAULT_COMPANION_URL, key = TEST_KEY): Promise<void> {
  await fakeBrowser.storage.local.set({ [PAIRINGS_KEY]: { [url]: { key, companionId: TEST_COMPANION_ID, pairedAt: 0 } } });
}

/** What the companion computes (companion/src/pairing), written out again here: the two must agree. */
export function proofOf(key: string, origin: string, port: number, nonce: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(`${PROOF_CONTEXT}${origin}\n${port}\n${nonce}`).digest('base64url');
}

/** A companion's answer to the proof request, holding `key`. */
export function proofAnswer(key = TEST_KEY) {
  return (body: unknown, url: string): Response => {
    const { nonce } = body as { nonce: string };
    const port = Number(new URL(url).port || 80);
    return new Response(JSON.stringify({ success: true, companionId: TEST_COMPANION_ID, proof: proofOf(key, TEST_ORIGIN, port, nonce) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The encoding of ristretto255's base point: a valid share that no code went into. */
const BASE_POINT = Buffer.from('e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76', 'hex').toString('base64url');

/**
 * A program on the port that plays the pairing protocol without the code: a valid share, then a
 * sealed key and a tag it had to make up. Routes for `companionFetch`.
 */
export const impostorPairing = () => ({
  '/api/pair': () => json(200, { success: true, share: BASE_POINT }),
  '/api/pair/confirm': () => json(200, { success: true, sealedKey: 'k'.repeat(43), companionId: 'evil', confirm: 'p'.repeat(86) }),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
