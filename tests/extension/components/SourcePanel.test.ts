import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import SourcePanel from '@/components/SourcePanel.vue';
import { SOURCE_FORMS } from '@/sources';

const common = { zonesText: '', proposed: null, subscriptions: [], subscriptionId: '', zones: [], selected: [], busy: false, error: null };
const keys = { accessKeyId: '', secretAccessKey: '', sessionToken: '' };
const azure = { authMethod: 'servicePrincipal', tenantId: '', clientId: '', clientSecret: '', sourceToken: '' };
const transfer = { server: '', port: '', tsigName: '', tsigAlgorithm: 'hmac-sha256', tsigSecret: '' };

describe('SourcePanel, for Route 53', () => {
  const props = { ...common, source: SOURCE_FORMS.route53, values: keys };

  it('connects only with a key id and its secret, the session token being optional', async () => {
    const w = mount(SourcePanel, { props: { ...props, values: { ...keys, accessKeyId: 'AKIAIOSFODNN7EXAMPLE' } } });
    expect(w.get('[data-testid=r53-connect]').attributes('disabled')).toBeDefined();
    await w.setProps({ values: { ...keys, accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 's3cret' } });
    expect(w.get('[data-testid=r53-connect]').attributes('disabled')).toBeUndefined();
    await w.get('form').trigger('submit');
    expect(w.emitted('connect')).toHaveLength(1);
    await w.setProps({ busy: true });
    expect(w.get('[data-testid=r53-connect]').text()).toBe('Connecting…');
  });

  it('hands the typed keys up by their contract names, the secret and the session token masked', async () => {
    const w = mount(SourcePanel, { props });
    await w.get('[data-testid=r53-key-id]').setValue('AKIAIOSFODNN7EXAMPLE');
    await w.get('[data-testid=r53-secret]').setValue('s3cret');
    await w.get('[data-testid=r53-session-token]').setValue('FwoG');
    expect(w.emitted('update')).toEqual([
      ['accessKeyId', 'AKIAIOSFODNN7EXAMPLE'],
      ['secretAccessKey', 's3cret'],
      ['sessionToken', 'FwoG'],
    ]);
    expect(w.get('[data-testid=r53-secret]').attributes('type')).toBe('password');
    expect(w.get('[data-testid=r53-session-token]').attributes('type')).toBe('password');
    expect(w.get('[data-testid=r53-key-id]').attributes('type')).toBe('text');
    expect(w.get('[data-testid=r53-key-id]').attributes('placeholder')).toBe('AKIA…');
    expect(w.get('.lead code').text()).toBe('AmazonRoute53ReadOnlyAccess');
  });

  it('shows the error, and the hosted zones once listed, with their ids', async () => {
    const w = mount(SourcePanel, { props: { ...props, error: 'AWS does not accept these keys.' } });
    expect(w.get('[data-testid=r53-error]').text()).toBe('AWS does not accept these keys.');
    expect(w.find('[data-testid=r53-selected]').exists()).toBe(false);
    expect(w.find('[data-testid=r53-subscription]').exists()).toBe(false);
    await w.setProps({ error: null, zones: [{ name: 'example.org', id: 'Z0123456789ABCDEFGHIJ', recordCount: 14 }] });
    expect(w.find('[data-testid=r53-error]').exists()).toBe(false);
    expect(w.get('li').text()).toContain('Z0123456789ABCDEFGHIJ');
    await w.get('[data-testid="r53-zone-example.org"]').trigger('change');
    expect(w.emitted('toggleZone')).toEqual([['example.org']]);
  });
});

describe('SourcePanel, for Azure', () => {
  const props = { ...common, source: SOURCE_FORMS.azure, values: azure };

  it("shows the chosen way to sign in's fields, and asks for that way's fields only", async () => {
    const w = mount(SourcePanel, { props });
    expect(w.find('[data-testid=az-tenant]').exists()).toBe(true);
    expect(w.find('[data-testid=az-token]').exists()).toBe(false);
    await w.get('[data-testid=az-method-token]').trigger('change');
    expect(w.emitted('update')).toEqual([['authMethod', 'bearerToken']]);

    await w.setProps({ values: { ...azure, authMethod: 'bearerToken', tenantId: 't', clientId: 'c', clientSecret: 's' } });
    expect(w.find('[data-testid=az-tenant]').exists()).toBe(false);
    expect(w.get('[data-testid=az-token]').attributes('type')).toBe('password');
    expect(w.get('label.field .hint').text()).toBe('(from az account get-access-token)');
    expect((w.get('[data-testid=az-method-token]').element as HTMLInputElement).checked).toBe(true);
    expect(w.get('[data-testid=az-connect]').attributes('disabled')).toBeDefined();
    await w.setProps({ values: { ...azure, authMethod: 'bearerToken', sourceToken: 'eyJ' } });
    expect(w.get('[data-testid=az-connect]').attributes('disabled')).toBeUndefined();
  });

  it('offers the subscriptions once there are some, and hands the chosen one up', async () => {
    const SUB = '11111111-2222-3333-4444-555555555555';
    const w = mount(SourcePanel, { props: { ...props, subscriptions: [{ subscriptionId: SUB, displayName: 'Production' }] } });
    expect(w.get('[data-testid=az-subscription]').text()).toContain('Production (11111111…)');
    await w.get('[data-testid=az-subscription]').setValue(SUB);
    expect(w.emitted('subscription')).toEqual([[SUB]]);
  });
});

describe('SourcePanel, for a source whose zones are named', () => {
  it("takes the zones (the tab's domain as the example), the server and the TSIG key, and says what is missing", async () => {
    const w = mount(SourcePanel, {
      props: { ...common, source: SOURCE_FORMS.transfer, values: transfer, proposed: 'shop.example', error: 'Name the server.' },
    });
    expect(w.find('[data-testid=axfr-connect]').exists()).toBe(false);
    expect(w.get('[data-testid=axfr-zones]').attributes('placeholder')).toBe('shop.example');
    await w.get('[data-testid=axfr-zones]').setValue('example.com');
    await w.get('[data-testid=axfr-port]').setValue('5353');
    await w.get('[data-testid=axfr-tsig-algorithm]').setValue('hmac-sha512');
    expect(w.emitted('update:zonesText')).toEqual([['example.com']]);
    expect(w.emitted('update')).toEqual([
      ['port', '5353'],
      ['tsigAlgorithm', 'hmac-sha512'],
    ]);
    expect(w.get('[data-testid=axfr-port]').attributes('inputmode')).toBe('numeric');
    expect(w.get('[data-testid=axfr-tsig-secret]').attributes('type')).toBe('password');
    expect(w.get('fieldset legend').text()).toBe('TSIG key (when the server asks for one)');
    expect(w.get('[data-testid=axfr-error]').text()).toBe('Name the server.');
    expect(w.find('[data-testid=axfr-ready]').exists()).toBe(false);
    await w.setProps({ error: null });
    expect(w.get('[data-testid=axfr-ready]').text()).toContain('a dry run reads the zone');
    // no zone list to choose from, and Enter sends nothing
    await w.get('form').trigger('submit');
    expect(w.emitted('connect')).toBeUndefined();
    expect(w.find('[data-testid=axfr-selected]').exists()).toBe(false);
  });
});
