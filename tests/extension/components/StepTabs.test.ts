import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import StepTabs from '@/components/StepTabs.vue';

const steps = [
  { id: 'source', label: 'Source' },
  { id: 'target', label: 'Cloudflare' },
  { id: 'review', label: 'Review', disabled: true },
  { id: 'migrate', label: 'Migrate' },
];

describe('StepTabs', () => {
  it('is a labelled tab list where only the current tab is in the tab order', () => {
    const w = mount(StepTabs, { props: { steps, current: 'target' } });
    expect(w.get('[role=tablist]').attributes('aria-label')).toBe('Steps');
    const tabs = w.findAll('[role=tab]');
    expect(tabs.map((t) => t.attributes('tabindex'))).toEqual(['-1', '0', '-1', '-1']);
    expect(tabs[1]?.attributes('aria-selected')).toBe('true');
  });

  it('moves with the arrow keys, skipping disabled steps and wrapping around', async () => {
    const w = mount(StepTabs, { props: { steps, current: 'target' } });
    await w.get('[data-testid=step-target]').trigger('keydown', { key: 'ArrowRight' });
    await w.get('[data-testid=step-migrate]').trigger('keydown', { key: 'ArrowRight' });
    await w.get('[data-testid=step-source]').trigger('keydown', { key: 'ArrowLeft' });
    expect(w.emitted('select')).toEqual([['migrate'], ['source'], ['migrate']]);
  });
});
