import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { jobsItem } from '@/jobs/runtime';
import { undoItem } from '@/jobs/undo-keeper';
import { settingsItem, targetDraftItem, uiDraftItem } from '@/utils/storage-items';

beforeEach(() => fakeBrowser.reset());

describe('storage items', () => {
  it('read what earlier builds wrote, under the same keys and areas', async () => {
    await fakeBrowser.storage.local.set({
      'dnsferry:settings': { companionUrl: 'http://127.0.0.1:9999', theme: 'dark' },
      'dnsferry:undo': [{ id: 'r1' }],
    });
    await fakeBrowser.storage.session.set({
      'dnsferry:jobs': { scan: null, migration: null },
      'dnsferry:draft:target': { token: 't', accounts: [], accountId: '', tokenStatus: '', expiresOn: null },
      'dnsferry:draft:ui': { step: 'review' },
    });
    expect(await settingsItem.getValue()).toEqual({ companionUrl: 'http://127.0.0.1:9999', theme: 'dark' });
    expect(await undoItem.getValue()).toEqual([{ id: 'r1' }]);
    expect(await jobsItem.getValue()).toEqual({ scan: null, migration: null });
    expect((await targetDraftItem.getValue())?.token).toBe('t');
    expect(await uiDraftItem.getValue()).toEqual({ step: 'review' });
  });

  it('keeps settings and undo data in storage.local, and what may hold a credential in storage.session only', async () => {
    await settingsItem.setValue({ companionUrl: 'http://127.0.0.1:8787' });
    await targetDraftItem.setValue({ token: 'cf-secret', accounts: [], accountId: '', tokenStatus: '', expiresOn: null });
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(['dnsferry:settings']);
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual(['dnsferry:draft:target']);
    expect(await undoItem.getValue()).toEqual([]);
  });
});
