import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from './browser';

/** What the service worker's `chrome` offers that these helpers use. */
declare const chrome: {
  storage: { local: { set(items: Record<string, unknown>): Promise<void>; get(key: string): Promise<Record<string, unknown>> } };
};

const sel = (id: string) => `[data-testid="${id}"]`;

/** The popup, driven the way a person would: through its labelled controls. */
export class PopupPage {
  constructor(readonly page: Page) {}

  /** The popup page opened in a tab of its own (fixed popup size), optionally for the tab `tabId`. */
  static async openAsTab(ext: ExtensionBrowser, query = ''): Promise<PopupPage> {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 760, height: 580 });
    await gotoExtensionPage(page, `chrome-extension://${ext.extensionId}/popup.html${query}`);
    const popup = new PopupPage(page);
    await popup.ready();
    return popup;
  }

  /** A click on the toolbar button while `site` is the active tab: the real popup, with activeTab granted. */
  static async openFromToolbar(ext: ExtensionBrowser, site: Page): Promise<PopupPage> {
    await site.bringToFront();
    const extension = (await ext.browser.extensions()).get(ext.extensionId);
    if (!extension) throw new Error('the extension is not loaded');
    await site.triggerExtensionAction(extension);
    const target = await ext.browser.waitForTarget((t) => t.url() === `chrome-extension://${ext.extensionId}/popup.html`, {
      timeout: 10_000,
    });
    const page = await target.asPage();
    const popup = new PopupPage(page);
    await popup.ready();
    return popup;
  }

  async ready(): Promise<void> {
    await this.page.waitForSelector('.app[data-ready="true"]', { timeout: 15_000 });
  }

  /** A finished migration is what a reopened popup shows first; "New migration" leaves it. */
  async startOver(): Promise<void> {
    if (await this.exists('migration-restart')) await this.click('migration-restart');
    await this.click('step-source');
  }

  $(id: string): string {
    return sel(id);
  }

  async click(id: string): Promise<void> {
    const el = await this.page.waitForSelector(`${sel(id)}:not([disabled])`, { visible: true, timeout: 15_000 });
    await el!.click();
  }

  async text(id: string): Promise<string> {
    const el = await this.page.waitForSelector(sel(id), { timeout: 15_000 });
    return el!.evaluate((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim());
  }

  async texts(id: string): Promise<string[]> {
    return this.page.$$eval(sel(id), (els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
  }

  async attr(id: string, name: string): Promise<string | null> {
    const el = await this.page.waitForSelector(sel(id), { timeout: 15_000 });
    return el!.evaluate((e, n) => e.getAttribute(n), name);
  }

  async exists(id: string): Promise<boolean> {
    return (await this.page.$(sel(id))) !== null;
  }

  /** Waits until the element's attribute has one of the values; returns it. */
  async waitAttr(id: string, name: string, values: string[], timeout = 60_000): Promise<string> {
    await this.page.waitForFunction(
      (s, n, vs) => {
        const v = document.querySelector(s)?.getAttribute(n);
        return v !== null && v !== undefined && vs.includes(v);
      },
      { timeout, polling: 50 },
      sel(id),
      name,
      values,
    );
    return (await this.attr(id, name)) ?? '';
  }

  async waitFor(id: string, timeout = 30_000): Promise<void> {
    await this.page.waitForSelector(sel(id), { timeout, visible: true });
  }

  /** Types like a person (short values). */
  async type(id: string, value: string): Promise<void> {
    const el = await this.page.waitForSelector(sel(id), { visible: true });
    await el!.click({ count: 3 });
    await el!.type(value);
  }

  /** Pastes a long value at once (a zone file). */
  async paste(id: string, value: string): Promise<void> {
    await this.page.waitForSelector(sel(id), { visible: true });
    await this.page.$eval(
      sel(id),
      (el, v) => {
        const input = el as HTMLTextAreaElement;
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      value,
    );
  }

  async select(id: string, value: string): Promise<void> {
    await this.page.select(sel(id), value);
  }

  /** Source step: pastes a zone file as the manual source of `zone`. */
  async pasteZoneFile(zone: string, text: string): Promise<void> {
    await this.click('source-manual');
    await this.type('manual-zone', zone);
    await this.paste('manual-text', text);
  }

  /** Waits until the running migration has created its first records. */
  async waitFirstCreated(): Promise<void> {
    await this.page.waitForFunction(
      (s) => Number(document.querySelector(s)?.textContent ?? 0) > 0,
      { polling: 20, timeout: 30_000 },
      this.$('total-created'),
    );
  }

  /** Source step: signs in to Azure with a service principal and picks the subscription. */
  async connectAzure(sp: { tenantId: string; clientId: string; clientSecret: string }, subscriptionId: string): Promise<void> {
    await this.click('source-azure');
    await this.type('az-tenant', sp.tenantId);
    await this.type('az-client', sp.clientId);
    await this.type('az-secret', sp.clientSecret);
    await this.click('az-connect');
    await this.waitFor('az-subscription');
    await this.select('az-subscription', subscriptionId);
  }

  /**
   * Pairs through the popup's pairing panel with the code the companion shows. A code is single use:
   * when it was spent, the companion shows a new one, which is typed next.
   */
  async pair(code: () => string): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      await this.type('pairing-code', code());
      await this.click('pair-submit');
      const state = await this.waitAttr('companion-state', 'data-state', ['up', 'impostor'], 10_000).catch(() => 'unpaired');
      if (state === 'up') return;
      if (state === 'impostor') throw new Error(`pairing failed: ${await this.text('impostor')}`);
    }
    throw new Error(`pairing failed: ${await this.text('pairing-error')}`);
  }

  async validateTarget(token: string): Promise<void> {
    await this.type('cf-token', token);
    await this.click('cf-validate');
    await this.page.waitForFunction(
      (a, b) => document.querySelector(a) !== null || document.querySelector(b) !== null,
      { timeout: 20_000 },
      sel('cf-ok'),
      sel('cf-error'),
    );
  }

  /** From the source step to the review: the token of this browser session is reused when it is still there. */
  async throughTarget(token: string, accountId: string): Promise<void> {
    await this.click('source-next');
    await this.page.waitForFunction(
      (a, b) => document.querySelector(a) !== null || document.querySelector(b) !== null,
      { timeout: 15_000 },
      sel('cf-token'),
      sel('migrate'),
    );
    if (await this.exists('migrate')) return;
    if (!(await this.exists('cf-ok'))) await this.validateTarget(token);
    if (await this.exists('cf-account')) await this.select('cf-account', accountId);
    await this.click('target-next');
    await this.waitFor('migrate');
  }

  /**
   * The review renders only the rows in view: scrolls its list from top to bottom and returns every
   * row's label (type, name, value), or stops at the row labelled `until` and leaves it in view.
   */
  async reviewRows(until?: string): Promise<string[]> {
    return this.page.evaluate(async (stop) => {
      const first = document.querySelector('[data-testid="review-record"]');
      let scroller = first?.parentElement ?? null;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
      if (!scroller) return [];
      const seen: string[] = [];
      scroller.scrollTop = 0;
      for (;;) {
        await new Promise((r) => setTimeout(r, 40));
        for (const e of document.querySelectorAll('[data-testid="review-record"]')) {
          const label = e.getAttribute('aria-label') ?? '';
          if (!seen.includes(label)) seen.push(label);
        }
        if (stop !== null && seen.includes(stop)) return seen;
        if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) return seen;
        scroller.scrollTop += Math.max(40, scroller.clientHeight / 2);
      }
    }, until ?? null);
  }

  /** Totals shown on the migration screen. */
  async totals(): Promise<{ created: number; skipped: number; failed: number }> {
    return {
      created: Number(await this.text('total-created')),
      skipped: Number(await this.text('total-skipped')),
      failed: Number(await this.text('total-failed')),
    };
  }

  async waitMigrationEnd(timeout = 90_000): Promise<string> {
    return this.waitAttr('migration', 'data-status', ['done', 'failed', 'interrupted', 'cancelled'], timeout);
  }
}

export async function setCompanionUrl(ext: ExtensionBrowser, url: string): Promise<void> {
  await setLocalStorage(ext, { 'dnsferry:settings': { companionUrl: url, theme: 'system' } });
}

/** Writes the extension's `storage.local`, as the extension itself would. */
export async function setLocalStorage(ext: ExtensionBrowser, items: Record<string, unknown>): Promise<void> {
  const save = async (i: Record<string, unknown>) => {
    await chrome.storage.local.set(i);
  };
  if (ext.worker) {
    await ext.worker.evaluate(save, items);
    return;
  }
  // no handle on the worker: any extension page can write the storage
  const page = await ext.browser.newPage();
  await gotoExtensionPage(page, `chrome-extension://${ext.extensionId}/options.html`);
  await page.evaluate(save, items);
  await page.close();
}

/**
 * Pairs the extension in `ext` with the companion through its popup, as a person does once with the
 * code the companion prints (`code` gives the latest one). Every flow that sends a credential needs it.
 */
export async function pairExtension(ext: ExtensionBrowser, code: () => string): Promise<void> {
  const popup = await PopupPage.openAsTab(ext);
  try {
    await popup.pair(code);
  } finally {
    await popup.page.close();
  }
}

/** Reads one key of the extension's `storage.local`. */
export async function getLocalStorage(ext: ExtensionBrowser, key: string): Promise<unknown> {
  if (!ext.worker) throw new Error('reading the storage needs a handle on the worker');
  return ext.worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
}

/**
 * Opens a page of the extension. Right after the browser starts, before the extension has finished
 * loading, Chromium refuses its pages with ERR_BLOCKED_BY_CLIENT (seen once in a full run, when no
 * test had waited for the service worker): that refusal is waited out, a bounded number of times.
 */
export async function gotoExtensionPage(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (err) {
      if (attempt >= 40 || !String(err).includes('ERR_BLOCKED_BY_CLIENT')) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
