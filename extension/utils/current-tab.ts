import { browser } from 'wxt/browser';

/**
 * The tab the popup was opened on: its id (to read the page, see ./tab-names.ts) and its URL.
 * `?tabId=` names the tab when the popup page is opened as a tab of its own (how the end-to-end
 * tests and keyboard users can open it).
 */
export async function currentTab(search: string): Promise<{ id: number | undefined; url: string | undefined }> {
  const id = new URLSearchParams(search).get('tabId');
  if (id && /^\d+$/.test(id)) {
    const tab = await browser.tabs.get(Number(id));
    return { id: tab.id, url: tab.url };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return { id: tab?.id, url: tab?.url };
}
