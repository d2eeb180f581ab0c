import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import UndoConfirm from '@/components/UndoConfirm.vue';

describe('UndoConfirm', () => {
  it('says what the undo puts back, and asks before deleting zones the run created', async () => {
    const w = mount(UndoConfirm, { props: { counts: { created: 12, removed: 1, updated: 3, zonesCreated: 2 } } });
    expect(w.findAll('[data-testid=undo-counts] li').map((l) => l.text())).toEqual([
      'delete the 12 records it created',
      'create again the 1 record it removed, with their content, TTL and proxy',
      'set back the 3 records whose TTL or proxy it changed',
    ]);
    expect(w.get('label.zones').text()).toContain('Also delete the 2 zones the run created');
    await w.get('[data-testid=undo-confirm-button]').trigger('click');
    await w.get('[data-testid=undo-delete-zone]').setValue(true);
    await w.get('[data-testid=undo-confirm-button]').trigger('click');
    expect(w.emitted('confirm')).toEqual([[false], [true]]);
  });

  it('says so when the undo data is no longer kept, and offers only to close', async () => {
    const w = mount(UndoConfirm, { props: { counts: null } });
    expect(w.get('[data-testid=undo-gone]').text()).toMatch(/no longer keeps/);
    expect(w.find('[data-testid=undo-confirm-button]').exists()).toBe(false);
    await w.get('[data-testid=undo-cancel]').trigger('click');
    expect(w.emitted('cancel')).toHaveLength(1);
  });
});
