import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import ConflictList from '@/components/ConflictList.vue';
import type { ZoneConflict } from '@/stores/conflicts';

const www: ZoneConflict = {
  key: 'example.com|www|A',
  name: 'www',
  type: 'A',
  source: ['192.0.2.1'],
  target: ['203.0.113.9'],
  after: ['203.0.113.9', '192.0.2.1'],
  message: 'www A: the target also holds 203.0.113.9; after this run both answer — mirror mode replaces it',
  rows: ['row-www'],
  choice: 'keep-both',
  answers: ['203.0.113.9', '192.0.2.1'],
  refused: null,
  action: 'add',
};

const mountList = (conflicts: ZoneConflict[]) => mount(ConflictList, { props: { zone: 'example.com', conflicts } });

describe('ConflictList', () => {
  it('shows an RRset as source beside target, what answers after the run, and the choice made', () => {
    const w = mountList([www]);
    const item = w.get('[data-testid=conflict-www-A]');
    expect(item.text()).toContain('www A');
    expect(item.text()).toContain('the target also holds 203.0.113.9');
    expect(item.get('[data-testid=conflict-source]').text()).toBe('192.0.2.1');
    expect(item.get('[data-testid=conflict-target]').text()).toBe('203.0.113.9');
    expect(item.findAll('[data-testid=conflict-after] code').map((c) => c.text())).toEqual(['203.0.113.9', '192.0.2.1']);
    const checked = item.findAll('input[type=radio]').filter((r) => (r.element as HTMLInputElement).checked);
    expect(checked.map((r) => r.attributes('value'))).toEqual(['keep-both']);
    expect(item.find('[data-testid=conflict-refused]').exists()).toBe(false);
  });

  it('says what another choice than the dry run’s does, and how TTL and proxy end', () => {
    const w = mountList([
      { ...www, choice: 'replace', answers: ['192.0.2.1'], drift: ['192.0.2.1: proxied at the target, DNS only in the source'] },
    ]);
    const item = w.get('[data-testid=conflict-www-A]');
    expect(item.get('.why').text()).toBe("The source's records replace the target's.");
    expect(item.get('[data-testid=conflict-after-note]').text()).toBe('TTL and proxy set as the source says');
  });

  it('shows a choice that cannot be carried out as such, with the reason', () => {
    const reason = '"v=spf1 include:new.example -all": it would be a second SPF record';
    const spf: ZoneConflict = {
      ...www,
      key: 'example.com|@|TXT',
      name: '@',
      type: 'TXT',
      source: ['"v=spf1 include:new.example -all"'],
      target: ['"v=spf1 include:old.example -all"'],
      bothRefused: reason,
      refused: reason,
      answers: ['"v=spf1 include:old.example -all"'],
    };
    const item = mountList([spf]).get('[data-testid="conflict-@-TXT"]');
    expect(item.get('[data-testid=conflict-refused]').text()).toBe(`Cannot be carried out: ${reason}. Keep the target's or replace it.`);
    expect(item.find('[data-testid=conflict-after]').exists()).toBe(false);
    expect(item.findAll('label').at(-1)?.text()).toBe('Keep both (not possible here)');
  });

  it('emits the choice, and cannot keep the target’s for an RRset whose source records are not in the review', async () => {
    const w = mountList([www, { ...www, key: 'example.com|api|A', name: 'api', rows: [] }]);
    await w.get('[data-testid=conflict-www-A] [data-testid=conflict-choice-replace]').trigger('change');
    await w.get('[data-testid=conflict-www-A] [data-testid=conflict-choice-keep-target]').trigger('change');
    expect(w.emitted('choose')).toEqual([
      ['example.com|www|A', 'replace'],
      ['example.com|www|A', 'keep-target'],
    ]);
    expect(w.get('[data-testid=conflict-api-A] [data-testid=conflict-choice-keep-target]').attributes('disabled')).toBeDefined();
  });

  it('lists a long list in part until asked', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...www, key: `k${i}`, name: `h${i}` }));
    const w = mountList(many);
    expect(w.get('h4').text()).toContain('40 RRsets');
    expect(w.findAll('li.conflict')).toHaveLength(30);
    await w.get('[data-testid=conflicts-all]').trigger('click');
    expect(w.findAll('li.conflict')).toHaveLength(40);
  });
});
