import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import TextField from '@/components/TextField.vue';

describe('TextField', () => {
  it('shows its label and hint, and hands each edit up as it is typed', async () => {
    const w = mount(TextField, { props: { modelValue: 'ns1', label: 'Server', hint: '(or an address)', testid: 'server' } });
    const input = w.get<HTMLInputElement>('[data-testid=server]');
    expect(w.get('label').text()).toBe('Server (or an address)');
    expect(input.element.value).toBe('ns1');
    expect(input.attributes()).toMatchObject({ type: 'text', autocomplete: 'off', spellcheck: 'false' });
    await input.setValue('ns1.example.com');
    expect(w.emitted('update:modelValue')).toEqual([['ns1.example.com']]);
  });

  it('masks a secret and takes a hint with markup', () => {
    const w = mount(TextField, {
      props: { modelValue: '', label: 'Access token', testid: 'token', secret: true },
      slots: { hint: '(from <code>az account get-access-token</code>)' },
    });
    expect(w.get('[data-testid=token]').attributes('type')).toBe('password');
    expect(w.get('.hint code').text()).toBe('az account get-access-token');
  });

  it('asks for digits on a numeric field, and leaves the hint out when there is none', () => {
    const w = mount(TextField, { props: { modelValue: '', label: 'Port', testid: 'port', numeric: true, placeholder: '53' } });
    expect(w.get('[data-testid=port]').attributes()).toMatchObject({ inputmode: 'numeric', placeholder: '53' });
    expect(w.find('.hint').exists()).toBe(false);
  });
});
