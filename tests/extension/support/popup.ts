import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createPinia } from 'pinia';
import { mount } from '@vue/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import App from '@/entrypoints/popup/App.vue';
import { BACKGROUND_LINK } from '@/jobs/link';
import { createJobRunner, type JobRunner } from '@/jobs/runtime';
import { json, lines, ndjson } from './fetch';
import { localLink } from './local-link';
import { pairTestCompanion } from './pairing';

/**
 * The popup as the App tests drive it: a fresh fake browser with this extension paired (credentials go
 * only to the paired companion), the tab the user is on, the whole App mounted on a job runner that
 * calls the companion through `fetch`, and the way from the tab's domain to the review.
 */

export const ACCOUNT = { id: 'c'.repeat(32), name: 'Acme Ltd' };
export const NS = ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'];
export const ZONE = 'example.com';
export const WWW = { type: 'A' as const, name: 'www', ttl: 300, content: '192.0.2.1' };

/** Opens `url` in a focused window, as the tab the popup reads its domain from. */
export async function openTab(url: string): Promise<void> {
  const win = await fakeBrowser.windows.create({ focused: true });
  await fakeBrowser.tabs.create({ windowId: win!.id, url, active: true });
}

/** Before each test of the file: a fresh fake browser, paired, and (given `tab`) that tab open; after it, `fetch` restored. */
export function usePopup(opts: { tab?: string } = {}): void {
  beforeEach(async () => {
    fakeBrowser.reset();
    await pairTestCompanion();
    if (opts.tab) await openTab(opts.tab);
  });
  afterEach(() => vi.unstubAllGlobals());
}

export type Popup = ReturnType<typeof mountPopup>;

/** The App mounted on `runner`: a popup opened again on the same background finds its jobs there. */
export function mountPopup(runner: JobRunner) {
  return mount(App, { global: { plugins: [createPinia()], provide: { [BACKGROUND_LINK as symbol]: localLink(runner) } } });
}

/** The popup opened with `fetch` as the way to the companion (the page's and the background's). */
export function openPopup(fetch: typeof globalThis.fetch): { w: Popup; runner: JobRunner } {
  vi.stubGlobal('fetch', fetch);
  const runner = createJobRunner({ fetch, flushMs: 5 });
  return { w: mountPopup(runner), runner };
}

/** Waits until `fn` passes, however slow the machine. */
export const until = (fn: () => void) => vi.waitFor(fn, { timeout: 30_000, interval: 20 });

/** The text of an element by its test id, its white space folded. */
export const text = (w: Popup, id: string) => w.get(`[data-testid=${id}]`).text().replace(/\s+/g, ' ');

/** A companion's answers that bring the popup to the review: one account for the token, `records` from the scan. */
export function toReviewAnswers(records: unknown[] = [WWW]) {
  return {
    '/api/target/validate': () => json(200, { success: true, accounts: [ACCOUNT], token: { status: 'active' } }),
    '/api/dns/scan': () => ndjson(lines([{ type: 'done', records, total: records.length, subdomainsFound: ['www'] }])),
  };
}

/** Scans the tab's domain, validates a token, and stops at the review with the dry-run and migrate buttons. */
export async function toReview(w: Popup, zone = ZONE): Promise<void> {
  await until(() => expect(w.get('[data-testid=companion-state]').attributes('data-state')).toBe('up'));
  await until(() => expect(w.get('[data-testid=scan-proposed]').text()).toBe(zone));
  await w.get('[data-testid=scan-start]').trigger('submit');
  await until(() => expect(w.get('[data-testid=scan-status]').attributes('data-status')).toBe('done'));
  await w.get('[data-testid=source-next]').trigger('click');
  await w.get('[data-testid=cf-token]').setValue('my-token');
  await w.get('[data-testid=cf-validate]').trigger('submit');
  await until(() => expect(w.find('[data-testid=cf-account-single]').exists()).toBe(true));
  await w.get('[data-testid=target-next]').trigger('click');
  await until(() => expect(w.find('[data-testid=dry-run]').exists()).toBe(true));
}
