import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { usePasteSourceStore } from '@/stores/paste-source';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('paste source store', () => {
  it('merges pasted lines and form rows; invalid ones are pointed out', () => {
    const store = usePasteSourceStore();
    store.text = '$ORIGIN shop.example.\nwww A 192.0.2.1\nmx MX 10 mail\nbroken AAAA 1.2.3.4';
    expect(store.zoneName).toBe('shop.example');
    expect(store.records).toHaveLength(2);
    expect(store.issues).toHaveLength(1);
    expect(store.issues[0]).toMatchObject({ line: 4 });

    store.addRow({ type: 'TXT', name: '@', content: '"hello"' });
    store.addRow({ type: 'MX', name: '@', content: 'mail.shop.example', priority: '' });
    expect(store.records).toHaveLength(3);
    expect(store.invalidRows).toBe(1);
    expect(store.rowResults[1]?.error).toMatch(/priority/);
    store.updateRow(store.rows[1]!.id, 'priority', '5');
    expect(store.records).toHaveLength(4);
    store.removeRow(store.rows[0]!.id);
    expect(store.records).toHaveLength(3);
  });

  it("reads a cli53 export's alias into the review's records, with the notes on what is translated", () => {
    const store = usePasteSourceStore();
    store.text = ['$ORIGIN shop.example.', 'origin\t300\tIN\tA\t192.0.2.10', 'www\t86400\tAWS\tALIAS\tA origin $self false', ''].join('\n');
    expect(store.issues).toEqual([]);
    expect(store.records).toEqual([
      { type: 'A', name: 'origin', ttl: 300, content: '192.0.2.10' },
      { type: 'A', name: 'www', ttl: 300, content: '192.0.2.10' },
    ]);
    expect(store.notes).toEqual([
      { line: 3, message: 'Alias A www → A origin of this zone: copied its 1 record(s); later changes to it will not follow' },
    ]);
  });

  it('asks for the zone when the text has no $ORIGIN', () => {
    const store = usePasteSourceStore();
    store.text = 'www A 192.0.2.1';
    expect(store.zoneName).toBeNull();
    expect(store.zoneError).toMatch(/Enter the zone/);
    expect(store.side.zones).toEqual([]);
    store.zone = 'not a domain';
    expect(store.zoneError).toMatch(/not a valid domain/);
    store.zone = 'Example.COM';
    expect(store.zoneName).toBe('example.com');
  });

  it('offers its one zone with its records, and nothing for the request to read', () => {
    const store = usePasteSourceStore();
    expect(store.side.hint).toBe('paste records');
    store.zone = 'example.com';
    store.text = '@ A 192.0.2.1\nwww A 192.0.2.2';
    expect(store.side).toEqual({
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'A', name: '@', ttl: 3600, content: '192.0.2.1' },
            { type: 'A', name: 'www', ttl: 3600, content: '192.0.2.2' },
          ],
        },
      ],
      request: {},
      scope: '',
      wholeZones: true,
      hint: '2 records',
    });
  });

  it('reads a records table copied from a dashboard once the zone is known, its bad rows named by row', () => {
    const store = usePasteSourceStore();
    store.text = [
      'Type\tHost\tValue\tTTL',
      'A Record\t@\t192.0.2.20\tAutomatic',
      'CNAME Record\twww\tshop.example.\t30 min',
      'A Record\tbad\t999.1.1.1\t1 min',
    ].join('\n');
    expect(store.readAs).toBe('table');
    expect(store.tableHeader).toEqual({ line: 1, columns: ['type', 'name', 'value', 'ttl'], separator: 'tab' });
    // a table has no $ORIGIN: nothing is read until the zone is typed
    expect(store.records).toEqual([]);
    expect(store.zoneError).toMatch(/Enter the zone/);
    store.zone = 'shop.example';
    expect(store.records).toEqual([
      { type: 'A', name: '@', ttl: 1, content: '192.0.2.20' },
      { type: 'CNAME', name: 'www', ttl: 1800, content: 'shop.example' },
    ]);
    expect(store.issues).toEqual([
      { row: 3, line: 4, text: 'A Record\tbad\t999.1.1.1\t1 min', message: expect.stringMatching(/999\.1\.1\.1/) as string },
    ]);
    expect(store.side.zones).toEqual([{ name: 'shop.example', records: store.records }]);

    store.text = '@ 300 IN A 192.0.2.1';
    expect(store.readAs).toBe('zone-file');
    expect(store.tableHeader).toBeNull();
  });

  it('a reopened popup finds the text and rows, and new rows get fresh ids', async () => {
    const store = usePasteSourceStore();
    await store.restore();
    store.zone = 'example.com';
    store.text = 'www A 192.0.2.1';
    store.addRow({ content: '192.0.2.9' });
    store.addRow({ content: '192.0.2.10' });
    await expect.poll(async () => JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('192.0.2.10');

    setActivePinia(createPinia());
    const reopened = usePasteSourceStore();
    await reopened.restore();
    expect(reopened.zone).toBe('example.com');
    expect(reopened.records.map((r) => r.content)).toEqual(['192.0.2.1', '192.0.2.9', '192.0.2.10']);
    reopened.addRow();
    expect(new Set(reopened.rows.map((r) => r.id)).size).toBe(3);
  });
});
