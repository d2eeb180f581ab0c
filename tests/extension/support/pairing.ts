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
