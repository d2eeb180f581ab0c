import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_COMPANION_URL } from '@/utils/companion';
import { PAIRINGS_KEY, REASONS, loadPairing } from '@/utils/pairing';
import { companionFetch, errorBody, json, lines, ndjson } from '../../support/fetch';
import { impostorPairing, proofAnswer } from '../../support/pairing';
import { ZONE as zone, openPopup, openTab, text, toReview, toReviewAnswers, until, usePopup, type Popup } from '../../support/popup';

const URL_ = DEFAULT_COMPANION_URL;

/** What a server that is not the paired companion may answer the proof request with. */
const NOT_A_PROOF: Array<[string, (body: unknown, url: string) => Response, string]> = [
  ['a 403', () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'), REASONS.refused(403)],
  ['a wrong proof', proofAnswer(Buffer.alloc(32, 9).toString('base64url')), REASONS.wrongProof],
  ['an answer that is not the protocol', () => new Response('<h1>It works!</h1>', { status: 200 }), REASONS.noProtocol],
];

/**
 * The companion this browser paired with, until `takeOver` puts something else on its port: from
 * then on the proof request gets `answer`. Every request but the proof is recorded.
 */
function portOwner(answer = NOT_A_PROOF[0]![1]) {
  const state = { impostor: false };
  const fetch = companionFetch({
    '/api/pair/proof': (body, url) => (state.impostor ? answer(body, url) : proofAnswer()(body, url)),
    ...toReviewAnswers(),
    '/api/migrate': () => ndjson(lines([{ type: 'done', results: [] }])),
    '/api/source/validate': () => json(200, { success: true, subscriptions: [] }),
  });
  const sent = () => fetch.calls.filter((c) => !c.url.endsWith('/api/pair/proof')).map((c) => new URL(c.url).pathname);
  return { fetch, sent, takeOver: () => (state.impostor = true), giveBack: () => (state.impostor = false) };
}

const mountApp = (fetch: typeof globalThis.fetch) => openPopup(fetch).w;
const header = (w: Popup) => text(w, 'companion-state');

usePopup({ tab: `https://www.${zone}/` });

describe('popup: a companion that has not proved itself', () => {
  it.each(NOT_A_PROOF)('shows the same red panel for %s', async (_what, answer, reason) => {
    const port = portOwner(answer);
    port.takeOver();
    const w = mountApp(port.fetch);
    await until(() => expect(w.find('[data-testid=impostor]').exists()).toBe(true));
    expect(header(w)).toBe('Not your companion');
    expect(text(w, 'impostor')).toMatch(
      new RegExp(
        `^This is not your dnsferry companion Something answers at ${URL_}, but ${reason.replace(/[()]/g, '\\$&')}\\. No token or secret was sent to it, and none will be\\. Another program`,
      ),
    );
    expect(w.find('[data-testid=step-source]').exists()).toBe(false);
    expect(w.find('[data-testid=pairing-code]').exists()).toBe(false);
    expect(port.sent()).toEqual([]);
  });

  it('warns before pairing again, and forgets the key only once the user confirms', async () => {
    const port = portOwner();
    port.takeOver();
    const w = mountApp(port.fetch);
    await until(() => expect(w.find('[data-testid=impostor]').exists()).toBe(true));

    await w.get('[data-testid=pair-again]').trigger('click');
    expect(text(w, 'pair-again-warning')).toContain(`The program answering at ${URL_} may not be yours.`);
    expect(await loadPairing(URL_)).not.toBeNull();
    await w.get('[data-testid=pair-again-cancel]').trigger('click');
    expect(w.find('[data-testid=pair-again-warning]').exists()).toBe(false);
    expect(await loadPairing(URL_)).not.toBeNull();

    await w.get('[data-testid=pair-again]').trigger('click');
    await w.get('[data-testid=pair-again-confirm]').trigger('click');
    await until(() => expect(w.find('[data-testid=pairing]').exists()).toBe(true));
    expect(await loadPairing(URL_)).toBeNull();
    expect((await fakeBrowser.storage.local.get(PAIRINGS_KEY))[PAIRINGS_KEY]).toEqual({});
    expect(header(w)).toBe('Companion not paired');
  });

  it('says a pairing an impostor answered in one sentence', async () => {
    fakeBrowser.reset();
    await openTab(`https://www.${zone}/`);
    const fetch = companionFetch({
      '/api/pair/proof': () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'),
      ...impostorPairing(),
    });
    const w = mountApp(fetch);
    await until(() => expect(w.find('[data-testid=pairing]').exists()).toBe(true));
    await w.get('[data-testid=pairing-code]').setValue('ABCD-2345');
    await w.get('form').trigger('submit');
    await until(() => expect(w.find('[data-testid=impostor]').exists()).toBe(true));
    expect(text(w, 'impostor')).toContain(
      `Something answers at ${URL_}, but it could not show that it printed this code. No token or secret was sent to it, and none will be.`,
    );
    expect(text(w, 'impostor')).not.toMatch(/\.\.|, but This/);
    expect(await loadPairing(URL_)).toBeNull();
  });
});

describe('popup: the header shows the last refusal', () => {
  it('after a dry run, with no "0 to create" once the companion is back', async () => {
    const port = portOwner();
    const w = mountApp(port.fetch);
    await toReview(w);
    expect(header(w)).toBe('Companion connected');

    port.takeOver();
    await w.get('[data-testid=dry-run]').trigger('click');
    await until(() => expect(header(w)).toBe('Not your companion · dry run not sent'));
    expect(w.get('[data-testid=companion-refusal]').attributes('title')).toBe(
      `This is not your dnsferry companion: ${REASONS.refused(403)}. Nothing was sent to it.`,
    );
    expect(w.find('[data-testid=impostor]').exists()).toBe(true);
    expect(port.sent()).not.toContain('/api/migrate');

    // the paired companion is back and proves itself: the review says what happened, and counts nothing
    port.giveBack();
    await w.get('[data-testid=retry]').trigger('click');
    await until(() => expect(header(w)).toBe('Companion connected'));
    expect(w.find('[data-testid=companion-refusal]').exists()).toBe(false);
    expect(text(w, 'dry-error')).toBe(`This is not your dnsferry companion: ${REASONS.refused(403)}. Nothing was sent to it.`);
    expect(w.find('[data-testid=dry-summary]').exists()).toBe(false);
    expect(w.text()).not.toMatch(/to create|already there/);
  });

  it('after a migration', async () => {
    const port = portOwner(NOT_A_PROOF[1]![1]);
    const w = mountApp(port.fetch);
    await toReview(w);
    port.takeOver();
    await w.get('[data-testid=migrate]').trigger('click');
    await until(() => expect(header(w)).toBe('Not your companion · migration not sent'));
    // the run that did not start stays in view, with why
    await until(() => expect(w.find('[data-testid=migration-error]').exists()).toBe(true));
    expect(text(w, 'migration-error')).toBe(`This is not your dnsferry companion: ${REASONS.wrongProof}. Nothing was sent to it.`);
    expect(port.sent()).not.toContain('/api/migrate');
  });

  it('after an Azure sign-in', async () => {
    const port = portOwner(NOT_A_PROOF[2]![1]);
    const w = mountApp(port.fetch);
    await until(() => expect(header(w)).toBe('Companion connected'));
    await w.get('[data-testid=source-azure]').trigger('click');
    await w.get('[data-testid=az-tenant]').setValue('contoso.onmicrosoft.com');
    await w.get('[data-testid=az-client]').setValue('c0ffee00-0000-4000-8000-000000000001');
    await w.get('[data-testid=az-secret]').setValue('az-secret');
    port.takeOver();
    await w.get('[data-testid=az-connect]').trigger('submit');
    await until(() => expect(header(w)).toBe('Not your companion · Azure credentials not sent'));
    expect(w.find('[data-testid=impostor]').exists()).toBe(true);
    expect(JSON.stringify(port.fetch.calls)).not.toContain('az-secret');
  });
});
