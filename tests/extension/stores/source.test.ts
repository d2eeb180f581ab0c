import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useConnectionStore } from '@/stores/connection';
import { useSourceStore, validateRow } from '@/stores/source';
import { REASONS } from '@/utils/pairing';
import { companionFetch, errorBody, json } from '../support/fetch';
import { pairTestCompanion } from '../support/pairing';

const SUB = '11111111-2222-3333-4444-555555555555';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion(); // credentials go only to the paired companion
  setActivePinia(createPinia());
});

describe('source store: Azure', () => {
  it('signs in with a service principal, picks the only subscription and lists its zones', async () => {
    const store = useSourceStore();
    store.kind = 'azure';
    store.tenantId = 'contoso.onmicrosoft.com';
    store.clientId = 'c0ffee00-0000-4000-8000-000000000001';
    store.clientSecret = ' s3cret ';
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
    expect(await store.validateAzure(fetch)).toBe(true);
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
  });

  it('sends a bearer token as such and explains a refusal', async () => {
    const store = useSourceStore();
    store.authMethod = 'bearerToken';
    store.sourceToken = 'eyJ0eXAi';
    const fetch = companionFetch({
      '/api/source/validate': () => errorBody(401, 'unauthorized', 'Azure AADSTS7000215: Invalid client secret provided.'),
    });
    expect(await store.validateAzure(fetch)).toBe(false);
    expect(fetch.calls[0]?.body).toEqual({ authMethod: 'bearerToken', sourceToken: 'eyJ0eXAi' });
    expect(store.azureError).toMatch(/does not accept these credentials.*AADSTS7000215/);
  });

  it('sends no Azure secret to a companion that did not prove itself, and the header says what was held back', async () => {
    const store = useSourceStore();
    const connection = useConnectionStore();
    store.tenantId = 'contoso.onmicrosoft.com';
    store.clientId = 'c0ffee00-0000-4000-8000-000000000001';
    store.clientSecret = 'az-secret';
    const fetch = companionFetch({
      '/api/pair/proof': () => errorBody(403, 'forbidden', 'this browser extension is not paired with this companion'),
      '/api/source/validate': () => json(200, { success: true, subscriptions: [] }),
    });
    expect(await store.validateAzure(fetch)).toBe(false);
    expect(JSON.stringify(fetch.calls)).not.toContain('az-secret');
    expect(store.azureError).toBe(`This is not your dnsferry companion: ${REASONS.refused(403)}. Nothing was sent to it.`);
    expect(connection.companion).toBe('impostor');
    expect(connection.refusalNote).toBe('Azure credentials not sent');
  });
});

describe('source store: manual records', () => {
  it('merges pasted lines and form rows; invalid ones are pointed out', () => {
    const store = useSourceStore();
    store.kind = 'manual';
    store.manualText = '$ORIGIN shop.example.\nwww A 192.0.2.1\nmx MX 10 mail\nbroken AAAA 1.2.3.4';
    expect(store.manualZoneName).toBe('shop.example');
    expect(store.manualRecords).toHaveLength(2);
    expect(store.manualIssues).toHaveLength(1);
    expect(store.manualIssues[0]).toMatchObject({ line: 4 });

    store.addRow({ type: 'TXT', name: '@', content: '"hello"' });
    store.addRow({ type: 'MX', name: '@', content: 'mail.shop.example', priority: '' });
    expect(store.manualRecords).toHaveLength(3);
    expect(store.manualInvalidRows).toBe(1);
    expect(store.rowResults[1]?.error).toMatch(/priority/);
    store.rows[1]!.priority = '5';
    expect(store.manualRecords).toHaveLength(4);
    store.removeRow(store.rows[0]!.id);
    expect(store.manualRecords).toHaveLength(3);
  });

  it('asks for the zone when the text has no $ORIGIN', () => {
    const store = useSourceStore();
    store.manualText = 'www A 192.0.2.1';
    expect(store.manualZoneName).toBeNull();
    expect(store.manualZoneError).toMatch(/Enter the zone/);
    store.manualZone = 'not a domain';
    expect(store.manualZoneError).toMatch(/not a valid domain/);
    store.manualZone = 'Example.COM';
    expect(store.manualZoneName).toBe('example.com');
  });

  it('validates rows with the shared record schema', () => {
    const row = {
      id: 1,
      type: 'SRV',
      name: '_sip._tcp',
      ttl: '300',
      content: 'sip.example.com',
      priority: '10',
      weight: '5',
      port: '70000',
    };
    expect(validateRow(row).error).toMatch(/port/);
    expect(validateRow({ ...row, port: '5060' }).record).toMatchObject({ type: 'SRV', port: 5060, weight: 5, priority: 10, ttl: 300 });
  });
});
