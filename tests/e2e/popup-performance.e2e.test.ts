/**
 * The popup with 10,000 records: paste, review, migrate, reopen, each step watched by a
 * PerformanceObserver for long tasks (main-thread tasks over 50 ms, when the popup cannot answer a
 * click). The long-task API reports only tasks that run script; style and layout that the browser
 * runs in a task of its own (laying out a 10,000-line textarea takes about 200 ms) show only in a
 * long animation frame, so those are watched too. The figures go to
 * tests/artifacts/popup-performance.json, which `pnpm bench` prints; this test asserts what the
 * person sees, not times (they depend on the machine, and a loaded one stretches every task).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPUP_PERFORMANCE_FILE, type PopupPerformance } from '../bench/popup';
import { ensureExtensionBuilt, launchWithExtension, type ExtensionBrowser } from './support/browser';
import { startCompanionStack, type CompanionStack } from './support/companion-stack';
import { PopupPage, setCompanionUrl } from './support/popup-page';

const N = 10_000;

declare global {
  interface Window {
    longTasks: Array<{ start: number; duration: number }>;
    longFrames: Array<{ start: number; end: number; blocking: number }>;
  }
}

/** What Chromium reports for a long animation frame (not yet in TypeScript's DOM types). */
interface LongFrameTiming extends PerformanceEntry {
  blockingDuration: number;
}

let ext: ExtensionBrowser;
let stack: CompanionStack;

beforeAll(async () => {
  ensureExtensionBuilt();
  stack = await startCompanionStack();
  ext = await launchWithExtension();
  await setCompanionUrl(ext, stack.url);
  const popup = await PopupPage.openAsTab(ext);
  await popup.pair(stack.pairingCode);
  await popup.page.close();
});

afterAll(async () => {
  await ext?.close();
  await stack?.close();
});

/** The popup in a tab, with the long-task and long-frame observers installed before any of its scripts run. */
async function openObserved(): Promise<PopupPage> {
  const page = await ext.browser.newPage();
  await page.evaluateOnNewDocument(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    window.longFrames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as LongFrameTiming[])
        window.longFrames.push({ start: e.startTime, end: e.startTime + e.duration, blocking: e.blockingDuration });
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  await page.setViewport({ width: 760, height: 580 });
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  return new PopupPage(page);
}

/**
 * Runs `step` and returns the long tasks that started while it ran. A long animation frame stands
 * for the long tasks in it, with its blocking time plus the 50 ms that the definition leaves out
 * of each: its longest task with the rendering, exactly when it had one long task, and more when
 * it had several. Long tasks outside any such frame count as the long-task API reported them.
 */
async function watch(popup: PopupPage, step: () => Promise<void>): Promise<number[]> {
  const from = await popup.page.evaluate(() => performance.now());
  await step();
  // a task still running when the step's last check passed ends (and is reported) a little later
  await new Promise((r) => setTimeout(r, 300));
  return popup.page.evaluate((t) => {
    const frames = window.longFrames.filter((f) => f.start >= t && f.blocking > 0);
    const alone = window.longTasks.filter((e) => e.start >= t && !frames.some((f) => e.start >= f.start && e.start < f.end));
    return [...frames.map((f) => f.blocking + 50), ...alone.map((e) => e.duration)];
  }, from);
}

describe(`the popup with ${N.toLocaleString('en')} records`, () => {
  it('pastes, reviews, migrates and reopens them; the long tasks of each step are recorded', async () => {
    const steps: PopupPerformance['steps'] = [];
    const note = (step: string, tasks: number[]) => steps.push({ step, longestMs: Math.max(0, ...tasks), over50: tasks.length });
    const text = Array.from({ length: N }, (_, i) => `host${i} 300 IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`).join('\n');

    const popup = await openObserved();
    note('first load', await watch(popup, () => popup.ready()));
    await popup.startOver();

    note(
      'paste 10,000 lines',
      await watch(popup, async () => {
        await popup.pasteZoneFile('perf-example.com', text);
        await popup.page.waitForFunction(
          (s, want) => document.querySelector(s)?.textContent?.includes(want) ?? false,
          { timeout: 60_000 },
          popup.$('manual-count'),
          `${N} valid records`,
        );
      }),
    );

    note('open the review', await watch(popup, () => popup.throughTarget(stack.seed.token, stack.seed.accountId)));
    // a window of rows is rendered, and the group counts every record
    const rendered = (await popup.page.$$(popup.$('review-record'))).length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(200);
    expect(await popup.page.$eval('ul.records', (el) => el.getAttribute('data-count'))).toBe(String(N));

    note(
      'scroll the review to its end',
      await watch(popup, async () => {
        await popup.page.$eval('[data-testid="review-zone-perf-example.com"]', (el) => {
          let p = el.parentElement;
          while (p && getComputedStyle(p).overflowY !== 'auto') p = p.parentElement;
          if (p) p.scrollTop = p.scrollHeight;
        });
        await popup.page.waitForSelector(`${popup.$('review-record')}[aria-label="A host${N - 1} 10.0.39.15"]`, { timeout: 10_000 });
      }),
    );

    note(
      'migrate (review closes)',
      await watch(popup, async () => {
        await popup.click('migrate');
        expect(await popup.waitMigrationEnd(120_000)).toBe('done');
      }),
    );
    expect(await popup.totals()).toEqual({ created: N, skipped: 0, failed: 0 });
    await popup.page.close();

    const again = await openObserved();
    note(
      'reopen after the migration',
      await watch(again, async () => {
        await again.ready();
        expect(await again.waitMigrationEnd()).toBe('done');
        await again.waitFor('name-servers');
      }),
    );
    expect(await again.totals()).toEqual({ created: N, skipped: 0, failed: 0 });
    await again.page.close();

    const perf: PopupPerformance = { records: N, steps, measuredAt: new Date().toISOString() };
    mkdirSync(dirname(POPUP_PERFORMANCE_FILE), { recursive: true });
    writeFileSync(POPUP_PERFORMANCE_FILE, `${JSON.stringify(perf, null, 2)}\n`);
  });
});
