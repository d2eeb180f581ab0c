import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import ChipChoice from '@/components/ChipChoice.vue';

const OPTIONS = [
  { id: 'all', label: 'All' },
  { id: 'error', label: 'Errors', danger: true },
] as const;

describe('ChipChoice', () => {
  it('is a radio group whose chosen chip is checked, and a click chooses another', async () => {
    const w = mount(ChipChoice, {
      props: {
        options: OPTIONS,
        label: 'Show',
        testid: 'f',
        modelValue: 'all',
        'onUpdate:modelValue': (v: string) => w.setProps({ modelValue: v }),
      },
    });
    expect(w.get('[role=radiogroup]').attributes('aria-label')).toBe('Show');
    const chip = (id: string) => w.get(`[data-testid=f-${id}]`);
    expect(chip('all').attributes('aria-checked')).toBe('true');
    expect(chip('error').attributes('aria-checked')).toBe('false');
    expect(chip('error').classes()).toContain('danger');
    expect(chip('all').classes()).not.toContain('danger');
    await chip('error').trigger('click');
    expect(w.emitted('update:modelValue')).toEqual([['error']]);
    expect(chip('error').attributes('aria-checked')).toBe('true');
    expect(chip('error').classes()).toContain('on');
    expect(chip('all').classes()).not.toContain('on');
  });

  it('lets the slot add to a label', () => {
    const w = mount(ChipChoice, {
      props: { options: OPTIONS, label: 'Show', testid: 'f', modelValue: 'all' },
      slots: { default: `<template #default="{ option }">{{ option.label }}!</template>` },
    });
    expect(w.findAll('button').map((b) => b.text())).toEqual(['All!', 'Errors!']);
  });
});
