import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useSourceFormStore } from '@/stores/source-form';
import { useConnectionStore } from '@/stores/connection';
import { REASONS } from '@/utils/pairing';
import { companionFetch, errorBody, json } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';

const SUB = '11111111-2222-3333-4444-555555555555';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion(); // credentials go only to the paired companion
  setActivePinia(createPinia());
});

describe('Azure source store', () => {
  it('signs in with a service principal, picks the only subscription and lists its zones', async () => {
    const store = useSourceFormStore('azure');
    store.set('tenantId', 'contoso.onmicrosoft.com');
    store.set('clientId', 'c0ffee00-0000-4000-8000-000000000001');
    store.set('clientSecret', ' s3cret ');
    const fetch = companionFetch({
      '/api/source/validate': () => json(200, { success: true, subscriptions: [{ subscriptionId: SUB, displayName: 'Production' }] }),
      '/api/source/zones': () =>
        json(200, {
          success: true,
          zones: [
            { name: 'zeta.com', resourceGroup: 'dns', recordCount: 4 },
            { name: 'alpha.com', resourceGroup: 'dns', recordCount: 12 },
          ],
        }),
    });
    expect(await store.validate(fetch)).toBe(true);
    expect(fetch.calls[0]?.body).toEqual({
      authMethod: 'servicePrincipal',
      tenantId: 'contoso.onmicrosoft.com',
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
      clientSecret: 's3cret',
    });
    expect(fetch.calls[1]?.body).toMatchObject({ authMethod: 'servicePrincipal', subscriptionId: SUB });
    expect(store.subscriptionId).toBe(SUB);
    expect(store.zones.map((z) => z.name)).toEqual(['alpha.com', 'zeta.com']);
    store.toggleZone('zeta.com');
    store.toggleZone('alpha.com');
    store.toggleZone('zeta.com');
    expect(store.selectedZones).toEqual(['alpha.com']);
    store.toggleAllZones();
    expect(store.selectedZones).toEqual(['alpha.com', 'zeta.com']);
    store.toggleAllZones();
    expect(store.selectedZones).toEqual([]);
  });

  it('offers the chosen zones by name, with the credentials and subscription the request needs to read them', () => {
    const store = useSourceFormStore('azure');
    store.set('authMethod', 'bearerToken');
    store.set('sourceToken', ' arm-token ');
    store.subscriptionId = SUB;
    store.zones = [
      { name: 'a.com', resourceGroup: 'rg1', recordCount: 5 },
      { name: 'b.com', resourceGroup: 'rg2', recordCount: 7 },
    ];
    expect(store.side.hint).toBe('Azure DNS');
    store.toggleZone('b.com');
    expect(store.side).toEqual({
      zones: [{ name: 'b.com', expected: 7, resourceGroup: 'rg2' }],
      request: { subscriptionId: SUB, authMethod: 'bearerToken', sourceToken: 'arm-token' },
      scope: SUB,
      wholeZones: true,
      hint: '1 Azure zone',
    });
  });

  it('sends a bearer token as such and explains a refusal', async () => {
    const store = useSourceFormStore('azure');
    store.set('authMethod', 'bearerToken');
    store.set('sourceToken', 'eyJ0eXAi');
    const fetch = companionFetch({
      '/api/source/validate': () => errorBody(401, 'unauthorized', 'Azure AADSTS7000215: Invalid client secret provided.'),
    });
    expect(await store.validate(fetch)).toBe(false);
    expect(fetch.calls[0]?.body).toEqual({ authMethod: 'bearerToken', sourceToken: 'eyJ0eXAi' });
    expect(store.error).toMatch(/does not accept these credentials.*AADSTS7000215/);
  });

  it('sends no Azure secret to a companion that did not prove itself, and the header says what was held back', async () => {
    const store = useSourceFormStore('azure');
    const connection = useConnectionStore();
    store.set('tenantId', 'contoso.onmicrosoft.com');
    store.set('clientId', 'c0ffee00-0000-4000-8000-000000000001');
    store.set('clientSecret', 'az-secret');
    const fetch = companionFetch({
      '/api/pair/proof': () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'),
      '/api/source/validate': () => json(200, { success: true, subscriptions: [] }),
    });
    expect(await store.validate(fetch)).toBe(false);
    expect(JSON.stringify(fetch.calls)).not.toContain('az-secret');
    expect(store.error).toBe(`This is not your dnsferry companion: ${REASONS.refused(403)}. Nothing was sent to it.`);
    expect(connection.companion).toBe('impostor');
    expect(connection.refusalNote).toBe('Azure credentials not sent');
  });

  it('keeps the form in storage.session only, and a reopened popup finds it', async () => {
    const store = useSourceFormStore('azure');
    await store.restore();
    store.set('clientSecret', 'az-secret');
    store.subscriptionId = SUB;
    await expect.poll(async () => JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('az-secret');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('az-secret');

    setActivePinia(createPinia());
    const reopened = useSourceFormStore('azure');
    await reopened.restore();
    expect(reopened.values.clientSecret).toBe('az-secret');
    expect(reopened.subscriptionId).toBe(SUB);
  });
});
