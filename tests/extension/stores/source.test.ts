import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { usePasteSourceStore } from '@/stores/paste-source';
import { useScanStore } from '@/stores/scan';
import { useSourceStore } from '@/stores/source';
import { useSourceFormStore } from '@/stores/source-form';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('source store', () => {
  it("gives the chosen source's side", () => {
    const source = useSourceStore();
    usePasteSourceStore().text = '$ORIGIN example.com.\nwww A 192.0.2.1';
    useSourceFormStore('azure').zones = [{ name: 'a.com', resourceGroup: 'rg', recordCount: 3 }];
    useSourceFormStore('azure').selectedZones = ['a.com'];
    expect(source.side.hint).toBe('scan a domain');
    expect(source.side.wholeZones).toBe(false);
    source.kind = 'manual';
    expect(source.side.zones.map((z) => z.name)).toEqual(['example.com']);
    source.kind = 'azure';
    expect(source.side.zones).toEqual([{ name: 'a.com', expected: 3, resourceGroup: 'rg' }]);
    source.kind = 'scan';
    useScanStore().job = {
      id: 's',
      domain: 'example.org',
      status: 'done',
      error: null,
      startedAt: 0,
      finishedAt: 1,
      lines: [],
      records: [{ type: 'A', name: '@', ttl: 300, content: '192.0.2.1' }],
      total: 1,
      subdomainsFound: [],
    };
    expect(source.side.zones).toEqual([{ name: 'example.org', records: [{ type: 'A', name: '@', ttl: 300, content: '192.0.2.1' }] }]);
    expect(source.side.hint).toBe('1 record scanned');
  });

  it('a reopened popup finds the chosen source and what was typed in each', async () => {
    const source = useSourceStore();
    await source.restore();
    source.kind = 'azure';
    useSourceFormStore('azure').set('tenantId', 'contoso.onmicrosoft.com');
    usePasteSourceStore().text = 'www A 192.0.2.1';
    await expect
      .poll(async () => Object.keys(await fakeBrowser.storage.session.get(null)).sort())
      .toEqual(['dnsferry:draft:azure', 'dnsferry:draft:paste', 'dnsferry:draft:source']);

    setActivePinia(createPinia());
    const reopened = useSourceStore();
    await reopened.restore();
    expect(reopened.kind).toBe('azure');
    expect(useSourceFormStore('azure').values.tenantId).toBe('contoso.onmicrosoft.com');
    expect(usePasteSourceStore().text).toBe('www A 192.0.2.1');
  });

  it('reads the chosen source of a draft an earlier build saved, and ignores a kind it does not know', async () => {
    await fakeBrowser.storage.session.set({ 'dnsferry:draft:source': { kind: 'manual', manualZone: 'example.com', rows: [] } });
    const source = useSourceStore();
    await source.restore();
    expect(source.kind).toBe('manual');

    setActivePinia(createPinia());
    await fakeBrowser.storage.session.set({ 'dnsferry:draft:source': { kind: 'gopher' } });
    const other = useSourceStore();
    await other.restore();
    expect(other.kind).toBe('scan');
  });
});
