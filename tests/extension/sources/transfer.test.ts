import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useScanStore } from '@/stores/scan';
import { useSourceFormStore } from '@/stores/source-form';

const SECRET = 'c2VjcmV0LXRzaWcta2V5LWJ5dGVzLTEyMzQ1Njc4OTA=';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

describe('zone transfer source store', () => {
  it('offers each named zone by name, with the server and TSIG key the companion asks with', () => {
    const store = useSourceFormStore('transfer');
    store.zonesText = 'example.com, Example.org example.com';
    store.set('server', ' ns1.example.com ');
    store.set('port', '5353');
    store.set('tsigName', 'transfer-key');
    store.set('tsigSecret', SECRET);
    const axfr = { server: 'ns1.example.com', port: 5353, tsig: { name: 'transfer-key', algorithm: 'hmac-sha256', secret: SECRET } };
    expect(store.error).toBeNull();
    expect(store.side.zones).toEqual([
      { name: 'example.com', expected: null, read: { axfr } },
      { name: 'example.org', expected: null, read: { axfr } },
    ]);
    expect(store.side.request).toEqual({});
    expect(store.side.scope).toBe('axfr:ns1.example.com:5353');
    expect(store.side.wholeZones).toBe(true);
  });

  it("takes the tab's domain when no zone is named, and sends no key when none is given", () => {
    useScanStore().proposed = 'shop.example';
    const store = useSourceFormStore('transfer');
    store.set('server', '192.0.2.53');
    expect(store.side.zones).toEqual([{ name: 'shop.example', expected: null, read: { axfr: { server: '192.0.2.53' } } }]);
    expect(store.side.hint).toBe('transfer from 192.0.2.53');
  });

  it('names what is wrong with the form and offers nothing until it is right', () => {
    const store = useSourceFormStore('transfer');
    store.zonesText = 'example.com';
    expect(store.error).toBe('Name the server to ask for the transfer.');
    store.set('server', 'ns1.example.com');
    store.set('port', '70000');
    expect(store.error).toBe('axfr.port is 1–65535');
    store.set('port', 'abc');
    expect(store.error).toBe('axfr.port is a number');
    store.set('port', '');
    store.set('tsigName', 'key');
    store.set('tsigSecret', 'not base64!');
    expect(store.error).toBe('axfr.tsig.secret is not base64 (as tsig-keygen prints it)');
    expect(store.side.zones).toEqual([]);
    store.set('tsigSecret', SECRET);
    store.zonesText = 'example.com not_a_domain!';
    expect(store.error).toBe('"not_a_domain!" is not a domain name like example.com.');
    expect(store.side.zones).toEqual([]);
  });

  it('keeps the form for a reopened popup, but never the TSIG secret', async () => {
    const store = useSourceFormStore('transfer');
    await store.restore();
    store.set('server', 'ns1.example.com');
    store.set('tsigName', 'transfer-key');
    store.set('tsigAlgorithm', 'hmac-sha512');
    store.set('tsigSecret', SECRET);
    await expect.poll(async () => JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('hmac-sha512');
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(SECRET);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(SECRET);

    setActivePinia(createPinia());
    const reopened = useSourceFormStore('transfer');
    await reopened.restore();
    expect([reopened.values.server, reopened.values.tsigName, reopened.values.tsigAlgorithm, reopened.values.tsigSecret]).toEqual([
      'ns1.example.com',
      'transfer-key',
      'hmac-sha512',
      '',
    ]);
  });
});
