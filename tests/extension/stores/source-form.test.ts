import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useSourceFormStore } from '@/stores/source-form';

const SUB = '11111111-2222-3333-4444-555555555555';

beforeEach(() => {
  fakeBrowser.reset();
  setActivePinia(createPinia());
});

/** The keys a draft holds once every field of the form was typed in. */
async function draftKeys(key: string): Promise<string[]> {
  const all = await fakeBrowser.storage.session.get(null);
  return Object.keys((all[`dnsferry:draft:${key}`] as object | undefined) ?? {}).sort();
}

describe('the store of a source filled in by a form', () => {
  it('takes only the fields its form has, and of a choice only what it offers', () => {
    const azure = useSourceFormStore('azure');
    expect(azure.values.authMethod).toBe('servicePrincipal');
    azure.set('authMethod', 'password');
    azure.set('accessKeyId', 'AKIAIOSFODNN7EXAMPLE');
    expect(azure.values.authMethod).toBe('servicePrincipal');
    expect(Object.keys(azure.values).sort()).toEqual(['authMethod', 'clientId', 'clientSecret', 'sourceToken', 'tenantId']);
    azure.set('authMethod', 'bearerToken');
    expect(azure.values.authMethod).toBe('bearerToken');

    const transfer = useSourceFormStore('transfer');
    expect(transfer.values.tsigAlgorithm).toBe('hmac-sha256');
    transfer.set('tsigAlgorithm', 'hmac-md5');
    expect(transfer.values.tsigAlgorithm).toBe('hmac-sha256');
    transfer.set('tsigAlgorithm', 'hmac-sha1');
    expect(transfer.values.tsigAlgorithm).toBe('hmac-sha1');
  });

  it('keeps each draft under the keys and with the fields earlier builds wrote, secrets not kept left out', async () => {
    const forms = {
      azure: useSourceFormStore('azure'),
      route53: useSourceFormStore('route53'),
      transfer: useSourceFormStore('transfer'),
      account: useSourceFormStore('account'),
    };
    await Promise.all(Object.values(forms).map((f) => f.restore()));
    for (const form of Object.values(forms)) for (const f of form.descriptor.fields) if (!f.options) form.set(f.name, `typed-${f.name}`);
    forms.transfer.zonesText = 'example.com';
    forms.account.zonesText = 'example.com';
    await expect.poll(() => draftKeys('account')).not.toEqual([]);
    await expect.poll(() => draftKeys('azure')).not.toEqual([]);
    await expect.poll(() => draftKeys('route53')).not.toEqual([]);
    await expect.poll(() => draftKeys('transfer')).not.toEqual([]);
    expect(await draftKeys('azure')).toEqual(
      [
        'authMethod',
        'clientId',
        'clientSecret',
        'selectedZones',
        'sourceToken',
        'subscriptionId',
        'subscriptions',
        'tenantId',
        'zones',
      ].sort(),
    );
    expect(await draftKeys('route53')).toEqual(['accessKeyId', 'secretAccessKey', 'selectedZones', 'sessionToken', 'zones'].sort());
    expect(await draftKeys('transfer')).toEqual(['port', 'server', 'tsigAlgorithm', 'tsigName', 'zonesText'].sort());
    expect(await draftKeys('account')).toEqual(['zoneId', 'zonesText']);
    const session = JSON.stringify(await fakeBrowser.storage.session.get(null));
    expect(session).not.toContain('typed-tsigSecret');
    expect(session).not.toContain('typed-token');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('typed-');
  });

  it('reads a draft an earlier build saved, and a choice it does not offer leaves the default', async () => {
    await fakeBrowser.storage.session.set({
      'dnsferry:draft:azure': {
        authMethod: 'bearerToken',
        tenantId: '',
        clientId: '',
        clientSecret: '',
        sourceToken: 'arm-token',
        subscriptions: [{ subscriptionId: SUB, displayName: 'Production' }],
        subscriptionId: SUB,
        zones: [{ name: 'a.com', resourceGroup: 'rg', recordCount: 3 }],
        selectedZones: ['a.com'],
      },
      'dnsferry:draft:transfer': {
        zonesText: 'example.com',
        server: 'ns1.example.com',
        port: '',
        tsigName: 'k',
        tsigAlgorithm: 'hmac-md5',
      },
    });
    const azure = useSourceFormStore('azure');
    const transfer = useSourceFormStore('transfer');
    await Promise.all([azure.restore(), transfer.restore()]);
    expect(azure.values.authMethod).toBe('bearerToken');
    expect(azure.side).toEqual({
      zones: [{ name: 'a.com', expected: 3, resourceGroup: 'rg' }],
      request: { subscriptionId: SUB, authMethod: 'bearerToken', sourceToken: 'arm-token' },
      scope: SUB,
      wholeZones: true,
      hint: '1 Azure zone',
    });
    expect([transfer.values.server, transfer.values.tsigName, transfer.values.tsigAlgorithm, transfer.zonesText]).toEqual([
      'ns1.example.com',
      'k',
      'hmac-sha256',
      'example.com',
    ]);
  });

  it('a source whose zones are named asks the companion nothing', async () => {
    const account = useSourceFormStore('account');
    account.set('token', 'tok');
    expect(await account.validate(() => Promise.reject(new Error('no call expected')))).toBe(false);
    expect(account.error).toBe('Name the zone (domain) to migrate.');
  });
});
