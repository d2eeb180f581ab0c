import { browser } from 'wxt/browser';
import { givenName, MAX_GIVEN_NAMES } from '@dnsferry/shared';

/** At most this many addresses are read from a page: a page with a million links still answers at once. */
const MAX_URLS = 20_000;

/**
 * The addresses a page loaded or links to: its own, its links and forms, the sources of its
 * scripts, images, frames and media, and every resource it fetched (the Resource Timing list).
 * Runs inside the page (its code is sent as a function), so it may only use what the page has.
 */
function pageAddresses(max: number): string[] {
  const out = new Set<string>([location.href]);
  const add = (u: string | null | undefined) => {
    if (u && out.size < max) out.add(u);
  };
  for (const a of Array.from(document.querySelectorAll('a[href], area[href], link[href]'))) add((a as HTMLAnchorElement).href);
  for (const el of Array.from(document.querySelectorAll('[src]'))) add((el as HTMLImageElement).src);
  for (const f of Array.from(document.forms)) add(f.action);
  for (const r of performance.getEntriesByType('resource')) add(r.name);
  return [...out];
}

/**
 * The addresses the tab loaded or links to, to find the host names under the domain in
 * (`namesUnder`): names a scan asks for besides its guesses. Reading the page needs the tab the
 * toolbar button was clicked on (activeTab); on any other tab, or a page the browser keeps to
 * itself, none.
 */
export async function tabAddresses(tabId: number | undefined): Promise<string[]> {
  if (tabId === undefined) return [];
  try {
    const [result] = await browser.scripting.executeScript({ target: { tabId }, func: pageAddresses, args: [MAX_URLS] });
    const urls: unknown = result?.result;
    return Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string').slice(0, MAX_URLS) : [];
  } catch (err) {
    // a browser page, a tab not granted by activeTab: the scan goes on with its guesses
    if (err instanceof Error) return [];
    throw err;
  }
}

/** Host names of `urls` under `domain`, relative, each once, sorted, at most what a scan request takes. */
export function namesUnder(urls: readonly string[], domain: string): string[] {
  const names = new Set<string>();
  for (const u of urls) {
    let host: string;
    try {
      const url = new URL(u);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      host = url.hostname;
    } catch {
      continue; // not an address: nothing to take from it
    }
    if (host !== domain && !host.endsWith(`.${domain}`)) continue;
    const name = givenName(`${host}.`, domain);
    if (typeof name === 'string' && name !== '@') names.add(name);
  }
  return [...names].sort().slice(0, MAX_GIVEN_NAMES);
}
