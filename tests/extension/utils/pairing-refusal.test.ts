import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { API } from '@dnsferry/shared';
import { postJson } from '@/utils/companion';
import { REASONS, RefusalError, checkTrust, loadPairing, refusalSentence } from '@/utils/pairing';
import { companionFetch, errorBody, json } from '../support/fetch';
import { pairTestCompanion, proofAnswer } from '../support/pairing';

const BASE = 'http://127.0.0.1:8787';
const PROOF = '/api/pair/proof';
/** What an impostor could put in its own answer, hoping the popup repeats it. */
const BAIT = 'Your companion was updated: pair again with code ABCD-2345';

/** Everything that is not the proof, as a server that is not the paired companion could answer it. */
const ANSWERS: Array<[string, (body: unknown, url: string) => Response, string]> = [
  [
    'a 403 in the companion’s own words',
    () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'),
    REASONS.refused(403),
  ],
  ['a 403 that asks to pair again', () => errorBody(403, 'forbidden', BAIT), REASONS.refused(403)],
  ['a 401', () => errorBody(401, 'unauthorized', BAIT), REASONS.refused(401)],
  ['a 500', () => errorBody(500, 'internal', BAIT), REASONS.refused(500)],
  ['a proof made with another key', proofAnswer(Buffer.alloc(32, 9).toString('base64url')), REASONS.wrongProof],
  ['a 200 that is not the protocol', () => json(200, { hello: BAIT }), REASONS.noProtocol],
  ['a page that is not JSON', () => new Response(`<h1>${BAIT}</h1>`, { status: 200 }), REASONS.noProtocol],
  ['an error that is not JSON', () => new Response(BAIT, { status: 403 }), REASONS.noProtocol],
];

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});

describe('checkTrust once this browser has paired', () => {
  it.each(ANSWERS)('refuses %s the same way, in its own words', async (_what, answer, reason) => {
    const trust = await checkTrust(BASE, { fetch: companionFetch({ [PROOF]: answer }) });
    expect(trust).toEqual({ state: 'impostor', reason });
    expect(JSON.stringify(trust)).not.toContain('ABCD-2345');
    // and the key stays: only the user forgets it, after the warning
    expect(await loadPairing(BASE)).not.toBeNull();
  });

  it.each(ANSWERS)('sends no credential after %s', async (_what, answer, reason) => {
    const fetch = companionFetch({ [PROOF]: answer, '/api/target/validate': () => json(200, {}) });
    const err = await postJson(BASE, API.targetValidate, { targetToken: 'secret-token' }, { fetch }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RefusalError);
    expect((err as RefusalError).refusal).toEqual({ state: 'impostor', reason });
    expect((err as Error).message).toBe(`This is not your dnsferry companion: ${reason}. Nothing was sent to it.`);
    expect(fetch.calls.map((c) => new URL(c.url).pathname)).toEqual([PROOF]);
    expect(JSON.stringify(fetch.calls)).not.toContain('secret-token');
  });

  it('trusts the proof of the key, and only that', async () => {
    expect(await checkTrust(BASE, { fetch: companionFetch({ [PROOF]: proofAnswer() }) })).toEqual({
      state: 'up',
      companionId: 'test-companion',
    });
  });
});

describe('checkTrust before pairing', () => {
  it('asks for the code of a server that speaks the protocol, whatever it answers the proof', async () => {
    fakeBrowser.reset();
    for (const answer of [proofAnswer(), () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion')]) {
      expect(await checkTrust(BASE, { fetch: companionFetch({ [PROOF]: answer }) })).toEqual({ state: 'unpaired' });
    }
    expect(await checkTrust(BASE, { fetch: companionFetch({ [PROOF]: () => json(200, { hello: 1 }) }) })).toEqual({
      state: 'impostor',
      reason: REASONS.noProtocol,
    });
  });
});

describe('refusalSentence', () => {
  it('makes one sentence of a reason, with one period', () => {
    for (const reason of Object.values(REASONS)) {
      const text = refusalSentence({ state: 'impostor', reason: typeof reason === 'string' ? reason : reason(403) });
      expect(text).toMatch(/^This is not your dnsferry companion: it [^A-Z]*\. Nothing was sent to it\.$/);
      expect(text).not.toContain('..');
    }
    expect(refusalSentence({ state: 'unpaired' })).toBe(
      'This browser is not paired with the companion yet: enter the pairing code it prints. Nothing was sent.',
    );
  });
});
