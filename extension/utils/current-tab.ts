import { browser } from 'wxt/browser';

/**
 * The URL of the tab the popup was opened on. `?tabId=` names the tab when the popup page is
 * opened as a tab of its own (how the end-to-end tests and keyboard users can open it).
 */
export async function currentTabUrl(search: string): Promise<string | undefined> {
  const id = new URLSearchParams(search).get('tabId');
  if (id && /^\d+$/.test(id)) {
    const tab = await browser.tabs.get(Number(id));
    return tab.url;
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.url;
}
