import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useConnectionStore } from '@/stores/connection';
import { useSourceStore } from '@/stores/source';
import { useSourceFormStore } from '@/stores/source-form';
import { migrateRequest } from '@/jobs/migration';
import { REASONS } from '@/utils/pairing';
import { readScope } from '@/utils/source-side';
import { companionFetch, errorBody, json } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';

const KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion(); // credentials go only to the paired companion
  setActivePinia(createPinia());
});

describe('Route 53 source store', () => {
  it('checks the keys, then lists the hosted zones by name with their id and size', async () => {
    const store = useSourceFormStore('route53');
    store.set('accessKeyId', ` ${KEY_ID} `);
    store.set('secretAccessKey', ` ${SECRET} `);
    const fetch = companionFetch({
      '/api/source/validate': () => json(200, { success: true, subscriptions: [] }),
      '/api/source/zones': () =>
        json(200, {
          success: true,
          zones: [
            { name: 'zeta.org', id: 'Z0000000000000000002', recordCount: 4 },
            { name: 'alpha.org', id: 'Z0000000000000000001', recordCount: 9 },
          ],
        }),
    });
    expect(await store.validate(fetch)).toBe(true);
    const keys = { provider: 'route53', accessKeyId: KEY_ID, secretAccessKey: SECRET };
    expect(fetch.calls.map((c) => [new URL(c.url).pathname, c.body])).toEqual([
      ['/api/source/validate', keys],
      ['/api/source/zones', keys],
    ]);
    expect(store.zones.map((z) => z.name)).toEqual(['alpha.org', 'zeta.org']);
    expect(store.selectedZones).toEqual([]);
    store.toggleAllZones();
    expect(store.selectedZones).toEqual(['alpha.org', 'zeta.org']);
    store.toggleZone('alpha.org');
    expect(store.selectedZones).toEqual(['zeta.org']);
  });

  it('offers the chosen zones by name with their hosted zone id, and the keys as the request names its source', () => {
    const store = useSourceFormStore('route53');
    store.set('accessKeyId', 'ASIAIOSFODNN7EXAMPLE');
    store.set('secretAccessKey', SECRET);
    store.set('sessionToken', ' FwoGZXIvYXdzEBY ');
    store.zones = [
      { name: 'a.org', id: 'Z0000000000000000001', recordCount: 5 },
      { name: 'b.org', id: 'Z0000000000000000002', recordCount: 7 },
    ];
    expect(store.side.hint).toBe('Route 53');
    store.toggleZone('b.org');
    const source = { provider: 'route53', accessKeyId: 'ASIAIOSFODNN7EXAMPLE', secretAccessKey: SECRET, sessionToken: 'FwoGZXIvYXdzEBY' };
    expect(store.side).toEqual({
      zones: [{ name: 'b.org', expected: 7, read: { hostedZoneId: 'Z0000000000000000002' } }],
      request: { source },
      scope: 'route53',
      wholeZones: true,
      hint: '1 Route 53 zones',
    });

    // the migrate body: the zone by name with its id, the source named explicitly, no Azure field
    const zone = { name: 'b.org', groups: null, ordered: [], expected: 7, read: { hostedZoneId: 'Z0000000000000000002' } };
    const { request } = migrateRequest({
      target: { token: 'cf', accountId: '0123456789abcdef0123456789abcdef' },
      dryRun: true,
      zones: [zone],
      excluded: new Set(),
      proxied: new Set(),
      modes: {},
      source: store.side.request,
    });
    expect(request).toEqual({
      targetToken: 'cf',
      targetAccountId: '0123456789abcdef0123456789abcdef',
      dryRun: true,
      zones: [{ name: 'b.org', hostedZoneId: 'Z0000000000000000002' }],
      source,
    });
    // a dry run's reads are found again under the store's scope
    expect(readScope(request)).toBe(store.side.scope);
  });

  it('explains refused keys with what to check, and an account without public zones', async () => {
    const store = useSourceFormStore('route53');
    store.set('accessKeyId', KEY_ID);
    store.set('secretAccessKey', 'wrong');
    const refusing = companionFetch({
      '/api/source/validate': () =>
        errorBody(
          401,
          'unauthorized',
          'Route 53 SignatureDoesNotMatch: The request signature we calculated does not match — check the secret access key',
        ),
    });
    expect(await store.validate(refusing)).toBe(false);
    expect(store.error).toMatch(/^AWS does not accept these keys\..*SignatureDoesNotMatch/);
    expect(refusing.calls).toHaveLength(1);

    const forbidden = companionFetch({
      '/api/source/validate': () => errorBody(403, 'forbidden', 'Route 53 AccessDenied: not authorized'),
    });
    expect(await store.validate(forbidden)).toBe(false);
    expect(store.error).toMatch(/route53:ListHostedZones.*AccessDenied/);

    const empty = companionFetch({
      '/api/source/validate': () => json(200, { success: true, subscriptions: [] }),
      '/api/source/zones': () => json(200, { success: true, zones: [] }),
    });
    expect(await store.validate(empty)).toBe(false);
    expect(store.error).toBe('These keys see no public hosted zone.');
  });

  it('sends no key to a companion that did not prove itself, and the header says what was held back', async () => {
    const store = useSourceFormStore('route53');
    const connection = useConnectionStore();
    store.set('accessKeyId', KEY_ID);
    store.set('secretAccessKey', SECRET);
    const fetch = companionFetch({
      '/api/pair/proof': () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'),
      '/api/source/validate': () => json(200, { success: true, subscriptions: [] }),
    });
    expect(await store.validate(fetch)).toBe(false);
    expect(JSON.stringify(fetch.calls)).not.toContain(SECRET);
    expect(store.error).toBe(`This is not your dnsferry companion: ${REASONS.refused(403)}. Nothing was sent to it.`);
    expect(connection.refusalNote).toBe('Route 53 keys not sent');
  });

  it('keeps the form in storage.session only, as the Azure secret, and a reopened popup finds it', async () => {
    const source = useSourceStore();
    await source.restore();
    source.kind = 'route53';
    const store = useSourceFormStore('route53');
    store.set('accessKeyId', KEY_ID);
    store.set('secretAccessKey', SECRET);
    store.zones = [{ name: 'a.org', id: 'Z0000000000000000001', recordCount: 5 }];
    store.selectedZones = ['a.org'];
    await expect.poll(async () => JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain(SECRET);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(SECRET);

    setActivePinia(createPinia());
    const reopened = useSourceStore();
    await reopened.restore();
    expect(reopened.kind).toBe('route53');
    expect(reopened.side.zones).toEqual([{ name: 'a.org', expected: 5, read: { hostedZoneId: 'Z0000000000000000001' } }]);
    expect(useSourceFormStore('route53').values.secretAccessKey).toBe(SECRET);
  });
});
