import { describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import ManualPanel from '@/components/ManualPanel.vue';

const lines = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `host${from + i} 300 IN A 192.0.2.${(from + i) % 250}`).join('\n');

/** The panel with its text bound as SourceStep binds it (v-model:text). */
function mountPanel(text = ''): VueWrapper {
  const w: VueWrapper = mount(ManualPanel, {
    props: {
      zone: 'example.com',
      zoneError: null,
      origin: null,
      text,
      issues: [],
      rows: [],
      rowResults: [],
      recordCount: 0,
      'onUpdate:text': (v: string) => w.setProps({ text: v }),
    },
    attachTo: document.body,
  });
  return w;
}
const emittedTexts = (w: VueWrapper) => (w.emitted('update:text') ?? []).map(([v]) => v as string);

describe('ManualPanel', () => {
  it('keeps a text of up to 1,000 lines in the textarea', async () => {
    const w = mountPanel();
    const area = w.get('[data-testid=manual-text]');
    await area.setValue(lines(1000));
    expect(emittedTexts(w)).toEqual([lines(1000)]);
    expect(w.find('[data-testid=manual-text]').exists()).toBe(true);
    expect(w.find('[data-testid=manual-long-text]').exists()).toBe(false);
    w.unmount();
  });

  it('shows a longer text that arrives at once as a summary, without a textarea to lay out', async () => {
    const w = mountPanel();
    await w.get('[data-testid=manual-text]').setValue(lines(10_000));
    expect(emittedTexts(w)).toEqual([lines(10_000)]);
    expect(w.find('[data-testid=manual-text]').exists()).toBe(false);
    expect(w.get('[data-testid=manual-text-lines]').text()).toBe('10,000 lines pasted');
    expect(w.get('[data-testid=manual-long-text] pre').text()).toBe(
      'host0 300 IN A 192.0.2.0\nhost1 300 IN A 192.0.2.1\nhost2 300 IN A 192.0.2.2',
    );
    w.unmount();
  });

  it('shows a long restored draft as a summary too', () => {
    const w = mountPanel(lines(1001));
    expect(w.find('[data-testid=manual-text]').exists()).toBe(false);
    expect(w.get('[data-testid=manual-text-lines]').text()).toBe('1,001 lines pasted');
    w.unmount();
  });

  it('keeps the textarea when the user types a line past the limit in it', async () => {
    const w = mountPanel(lines(1000));
    await w.get('[data-testid=manual-text]').setValue(`${lines(1000)}\nwww 300 IN A 192.0.2.9`);
    expect(w.find('[data-testid=manual-long-text]').exists()).toBe(false);
    expect((w.get('[data-testid=manual-text]').element as HTMLTextAreaElement).value.split('\n')).toHaveLength(1001);
    w.unmount();
  });

  it('takes a long paste at the selection itself, so the textarea never holds it', async () => {
    const w = mountPanel('$ORIGIN example.com.\n@ 300 IN A 192.0.2.1');
    const area = w.get('[data-testid=manual-text]').element as HTMLTextAreaElement;
    area.setSelectionRange(21, 41); // the second line
    const paste = new Event('paste', { cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { getData: (t: string) => (t === 'text/plain' ? lines(2000) : '') } });
    area.dispatchEvent(paste);
    await w.vm.$nextTick();
    expect(paste.defaultPrevented).toBe(true);
    expect(emittedTexts(w)).toEqual([`$ORIGIN example.com.\n${lines(2000)}`]);
    expect(w.get('[data-testid=manual-text-lines]').text()).toBe('2,001 lines pasted');
    w.unmount();
  });

  it('leaves a short paste to the browser', () => {
    const w = mountPanel();
    const paste = new Event('paste', { cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { getData: () => lines(3) } });
    w.get('[data-testid=manual-text]').element.dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(false);
    expect(w.emitted('update:text')).toBeUndefined();
    w.unmount();
  });

  it('opens the long text for editing on request, and clears it', async () => {
    const w = mountPanel(lines(5000));
    await w.get('[data-testid=manual-text-edit]').trigger('click');
    const area = w.get('[data-testid=manual-text]').element as HTMLTextAreaElement;
    expect(area.value).toBe(lines(5000));
    expect(document.activeElement).toBe(area);
    // an edit in the open textarea keeps it open
    await w.get('[data-testid=manual-text]').setValue(lines(4000));
    expect(w.find('[data-testid=manual-long-text]').exists()).toBe(false);

    await w.setProps({ text: lines(3000, 9000) });
    expect(w.find('[data-testid=manual-long-text]').exists()).toBe(false);
    w.unmount();

    const again = mountPanel(lines(5000));
    await again.get('[data-testid=manual-text-clear]').trigger('click');
    expect(emittedTexts(again)).toEqual(['']);
    expect((again.get('[data-testid=manual-text]').element as HTMLTextAreaElement).value).toBe('');
    again.unmount();
  });

  it('lists at most 200 lines it could not read, and says how many more', async () => {
    const w = mountPanel();
    const issues = Array.from({ length: 10_000 }, (_, i) => ({ line: i + 1, text: `bad ${i}`, message: 'not a record' }));
    await w.setProps({ issues });
    expect(w.get('[data-testid=manual-issues] strong').text()).toContain('10,000 lines could not be read');
    expect(w.findAll('[data-testid=manual-issue]')).toHaveLength(200);
    expect(w.get('[data-testid=manual-issue]').text()).toContain('line 1');
    expect(w.get('[data-testid=manual-issues-more]').text()).toBe('and 9,800 more; the first 200 are shown');
    await w.setProps({ issues: issues.slice(0, 3) });
    expect(w.findAll('[data-testid=manual-issue]')).toHaveLength(3);
    expect(w.find('[data-testid=manual-issues-more]').exists()).toBe(false);
    w.unmount();
  });

  it("shows the reader's notes, such as a routing policy a cli53 export names that is not carried", async () => {
    const w = mountPanel();
    expect(w.find('[data-testid=manual-notes]').exists()).toBe(false);
    const routed =
      'A api: weighted routing is not carried (record sets blue, green); the target answers with the values of all of them together';
    await w.setProps({ notes: [{ line: 6, message: routed }] });
    expect(w.get('[data-testid=manual-notes] strong').text()).toBe('1 note on how the text is read:');
    expect(w.get('[data-testid=manual-note]').text()).toBe(`line 6 ${routed}`);
    const many = Array.from({ length: 250 }, (_, i) => ({ line: i + 1, message: 'no $TTL' }));
    await w.setProps({ notes: many });
    expect(w.findAll('[data-testid=manual-note]')).toHaveLength(200);
    expect(w.get('[data-testid=manual-notes-more]').text()).toBe('and 50 more; the first 200 are shown');
    w.unmount();
  });

  it('says how a pasted table was read, and names each bad row by its row and line', async () => {
    const w = mountPanel('Type\tHost\tValue\tTTL\nA\t@\t192.0.2.1\t1 Hour');
    expect(w.find('[data-testid=manual-read-as]').exists()).toBe(false);
    await w.setProps({
      readAs: 'table',
      tableHeader: { line: 1, columns: ['type', 'name', 'value', 'ttl', null], separator: 'tab' },
      issues: [{ row: 2, line: 3, text: 'A\tbad\t999.1.1.1\t1 Hour', message: '999.1.1.1 is not an IPv4 address' }],
    });
    expect(w.get('[data-testid=manual-read-as]').text()).toBe(
      'Read as a records table copied from a DNS host: columns type, name, value, TTL, separated by tabs; each row below the header becomes a record.',
    );
    expect(w.get('[data-testid=manual-issues] strong').text()).toContain('1 row could not be read');
    expect(w.get('[data-testid=manual-issue]').text()).toBe('row 2 (line 3) A\tbad\t999.1.1.1\t1 Hour — 999.1.1.1 is not an IPv4 address');
    await w.setProps({ readAs: 'zone-file', tableHeader: null, issues: [{ line: 3, text: 'bad', message: 'x' }] });
    expect(w.find('[data-testid=manual-read-as]').exists()).toBe(false);
    expect(w.get('[data-testid=manual-issue] .ln').text()).toBe('line 3');
    w.unmount();
  });
});
