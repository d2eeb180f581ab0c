import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import ZoneEndOptions from '@/components/ZoneEndOptions.vue';
import type { ZoneEnd } from '@/stores/conflicts';

const zone = 'example.com';
const end = (over: Partial<ZoneEnd> = {}): ZoneEnd => ({
  zone,
  conflicts: [],
  mirror: false,
  prune: null,
  force: false,
  blocked: [],
  ...over,
});

describe('ZoneEndOptions', () => {
  it('offers mirror; prune and force only once the zone is mirrored', async () => {
    const w = mount(ZoneEndOptions, { props: { end: end(), scan: false } });
    expect(w.find(`[data-testid="review-prune-${zone}"]`).exists()).toBe(false);
    const mirror = w.get(`[data-testid="review-mirror-${zone}"]`);
    (mirror.element as HTMLInputElement).checked = true;
    await mirror.trigger('change');
    expect(w.emitted('mirror')).toEqual([[true]]);

    await w.setProps({ end: end({ mirror: true, prune: { on: false, count: 3 } }) });
    expect(w.text()).toContain('Prune: also remove 3 records the target holds in RRsets the source does not have');
    const prune = w.get(`[data-testid="review-prune-${zone}"]`);
    (prune.element as HTMLInputElement).checked = true;
    await prune.trigger('change');
    expect(w.emitted('prune')).toEqual([[true]]);
    await w.get(`[data-testid="review-force-${zone}"]`).trigger('change');
    expect(w.emitted('force')).toHaveLength(1);
  });

  it('says what prune leaves, and why it is not offered for a scanned source', async () => {
    const w = mount(ZoneEndOptions, { props: { end: end({ mirror: true, prune: { on: false, count: null } }), scan: false } });
    expect(w.text()).toContain('a dry run counts them');
    expect(w.text()).toContain('never an RRset whose target records you keep');

    await w.setProps({ end: end({ mirror: true, prune: null }), scan: true });
    expect(w.find(`[data-testid="review-prune-${zone}"]`).exists()).toBe(false);
    expect(w.get(`[data-testid="review-no-prune-${zone}"]`).text()).toMatch(/scan sees only the names it can guess/);
  });
});
