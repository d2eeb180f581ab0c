import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import Route53Panel from '@/components/Route53Panel.vue';

const props = {
  accessKeyId: '',
  secretAccessKey: '',
  sessionToken: '',
  zones: [],
  selected: [],
  busy: false,
  error: null,
};

describe('Route53Panel', () => {
  it('connects only with a key id and its secret, the session token being optional', async () => {
    const w = mount(Route53Panel, { props: { ...props, accessKeyId: 'AKIAIOSFODNN7EXAMPLE' } });
    expect(w.get('[data-testid=r53-connect]').attributes('disabled')).toBeDefined();
    await w.setProps({ secretAccessKey: 's3cret' });
    expect(w.get('[data-testid=r53-connect]').attributes('disabled')).toBeUndefined();
    await w.get('form').trigger('submit');
    expect(w.emitted('connect')).toHaveLength(1);
    await w.setProps({ busy: true });
    expect(w.get('[data-testid=r53-connect]').text()).toBe('Connecting…');
  });

  it('hands the typed keys up, the secret and the session token masked', async () => {
    const w = mount(Route53Panel, { props });
    await w.get('[data-testid=r53-key-id]').setValue('AKIAIOSFODNN7EXAMPLE');
    await w.get('[data-testid=r53-secret]').setValue('s3cret');
    await w.get('[data-testid=r53-session-token]').setValue('FwoG');
    expect(w.emitted('update:accessKeyId')).toEqual([['AKIAIOSFODNN7EXAMPLE']]);
    expect(w.emitted('update:secretAccessKey')).toEqual([['s3cret']]);
    expect(w.emitted('update:sessionToken')).toEqual([['FwoG']]);
    expect(w.get('[data-testid=r53-secret]').attributes('type')).toBe('password');
    expect(w.get('[data-testid=r53-session-token]').attributes('type')).toBe('password');
    expect(w.get('[data-testid=r53-key-id]').attributes('type')).toBe('text');
  });

  it('shows the error, and the hosted zones once listed, with their ids', async () => {
    const w = mount(Route53Panel, { props: { ...props, error: 'AWS does not accept these keys.' } });
    expect(w.get('[data-testid=r53-error]').text()).toBe('AWS does not accept these keys.');
    expect(w.find('[data-testid=r53-selected]').exists()).toBe(false);
    await w.setProps({ error: null, zones: [{ name: 'example.org', id: 'Z0123456789ABCDEFGHIJ', recordCount: 14 }] });
    expect(w.find('[data-testid=r53-error]').exists()).toBe(false);
    expect(w.get('li').text()).toContain('Z0123456789ABCDEFGHIJ');
    await w.get('[data-testid="r53-zone-example.org"]').trigger('change');
    expect(w.emitted('toggleZone')).toEqual([['example.org']]);
  });
});
