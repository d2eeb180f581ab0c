import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import EventLog from '@/components/EventLog.vue';
import type { LogEntry } from '@/jobs/migrate-events';

function entries(n: number): LogEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    seq: i,
    type: i % 100 === 7 ? 'error' : 'record',
    zone: i % 2 ? 'a.com' : 'b.com',
    message: `[${i + 1}/${n}] A r${i} → 192.0.2.1`,
    index: i + 1,
  }));
}

describe('EventLog', () => {
  it('renders only a window of rows however long the log is', async () => {
    const w = mount(EventLog, { props: { entries: entries(10_000), zones: ['a.com', 'b.com'], dropped: 0, version: 1 } });
    const rows = w.findAll('[data-testid=log-row]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(40);
    expect(w.get('[data-testid=log-count]').text()).toBe('10000 of 10000 lines');
    expect(w.get('[data-testid=log-rows]').attributes('data-count')).toBe('10000');
  });

  it('filters to errors, which stand out, and by text', async () => {
    const w = mount(EventLog, { props: { entries: entries(1000), zones: ['a.com', 'b.com'], dropped: 0, version: 1 } });
    expect(w.get('[data-testid=log-filter-error]').text()).toBe('Errors (10)');
    await w.get('[data-testid=log-filter-error]').trigger('click');
    const rows = w.findAll('[data-testid=log-row]');
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.classes().includes('error'))).toBe(true);
    await w.get('[data-testid=log-filter-all]').trigger('click');
    await w.get('[data-testid=log-search]').setValue('r42 →');
    expect(w.findAll('[data-testid=log-row]').map((r) => r.get('.msg').text())).toEqual(['[43/1000] A r42 → 192.0.2.1']);
  });

  it('re-renders when the log grows in place and the version moves', async () => {
    const list = entries(3);
    const w = mount(EventLog, { props: { entries: list, zones: ['a.com'], dropped: 0, version: 1 } });
    expect(w.findAll('[data-testid=log-row]')).toHaveLength(3);
    list.push({ seq: 3, type: 'done', zone: '', message: 'All zones finished' });
    await w.setProps({ version: 2 });
    expect(w.findAll('[data-testid=log-row]')).toHaveLength(4);
  });

  it('lists the records a run removed under their own filter', async () => {
    const list: LogEntry[] = [
      {
        seq: 0,
        type: 'record',
        zone: 'a.com',
        message: '[1/1] A www → 192.0.2.1 (replaces 203.0.113.9)',
        index: 1,
        change: 'create',
        replaces: ['203.0.113.9'],
      },
      { seq: 1, type: 'remove', zone: 'a.com', message: 'A www → 203.0.113.9 removed (replaced by the source’s A www)' },
      { seq: 2, type: 'remove', zone: 'a.com', message: 'A old → 198.51.100.7 removed (not in the source)' },
    ];
    const w = mount(EventLog, { props: { entries: list, zones: ['a.com'], dropped: 0, version: 1 } });
    await w.get('[data-testid=log-filter-remove]').trigger('click');
    const rows = w.findAll('[data-testid=log-row]');
    expect(rows.map((r) => r.get('.msg').text())).toEqual([list[1]!.message, list[2]!.message]);
    expect(rows.every((r) => r.classes().includes('remove'))).toBe(true);
  });
});
