import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import ZonePicker from '@/components/ZonePicker.vue';

const ZONES = [
  { name: 'a.com', resourceGroup: 'dns-rg', recordCount: 4 },
  { name: 'b.org', id: 'Z0000000000000000002', recordCount: 9 },
];

describe('ZonePicker', () => {
  it('lists each zone with where it lives and its size, and counts the record sets chosen', () => {
    const w = mount(ZonePicker, { props: { zones: ZONES, selected: ['b.org'], testid: 'r53' } });
    expect(w.findAll('li').map((li) => li.findAll('span').map((s) => s.text()))).toEqual([
      ['a.com', 'dns-rg', '4 record sets'],
      ['b.org', 'Z0000000000000000002', '9 record sets'],
    ]);
    expect(w.get('[data-testid=r53-selected]').text()).toBe('1 of 2 chosen · 9 record sets');
    expect(w.get<HTMLInputElement>('[data-testid="r53-zone-b.org"]').element.checked).toBe(true);
    expect(w.get<HTMLInputElement>('[data-testid="r53-zone-a.com"]').element.checked).toBe(false);
    expect(w.get('button').text()).toBe('Choose all');
  });

  it('asks for a zone to be toggled, or all of them', async () => {
    const w = mount(ZonePicker, { props: { zones: ZONES, selected: ['a.com', 'b.org'], testid: 'az' } });
    expect(w.get('button').text()).toBe('Choose none');
    await w.get('[data-testid="az-zone-a.com"]').trigger('change');
    await w.get('button').trigger('click');
    expect(w.emitted('toggleZone')).toEqual([['a.com']]);
    expect(w.emitted('toggleAll')).toHaveLength(1);
  });
});
