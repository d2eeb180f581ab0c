import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import type { DnsRecord } from '@dnsferry/shared';
import ReviewPanel from '@/components/ReviewPanel.vue';
import type { ZoneEnd } from '@/stores/conflicts';
import { groupRecords, keyRecords, type ReviewZone } from '@/stores/review';
import type { Outcome } from '@/utils/record-outcome';

function zone(name: string, records: DnsRecord[]): ReviewZone {
  const ordered = keyRecords(name, records);
  return { name, groups: groupRecords(ordered), ordered, expected: records.length };
}
const hosts = (n: number): DnsRecord[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: `10.0.${i >> 8}.${i & 255}`, ttl: 300 }));

function mountPanel(z: ReviewZone, excluded = new Set<string>(), outcomes = new Map<string, Outcome>()) {
  return mount(ReviewPanel, { props: { zones: [z], excluded, outcomes, dryRun: null, dryRunStatus: null } });
}

describe('ReviewPanel', () => {
  it('renders only a window of the rows of a 10,000-record zone, with the list as tall as all of them', () => {
    const z = zone('big.example', [...hosts(10_000), { type: 'MX', name: '@', content: 'mail.big.example', priority: 10, ttl: 300 }]);
    const w = mountPanel(z);
    const rows = w.findAll('[data-testid=review-record]');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]?.attributes('aria-label')).toBe('A h0 10.0.0.0');
    const lists = w.findAll('ul.records');
    expect(lists.map((l) => l.attributes('data-count'))).toEqual(['10000', '1']);
    expect(lists[0]?.attributes('style')).toContain(`height: ${10_000 * 22}px`);
    // the group's count covers every record, rendered or not
    expect(w.text()).toContain('10000 of 10000');
  });

  it('counts and marks deselected records, and shows outcomes, on the rows in view', async () => {
    const z = zone('small.example', hosts(3));
    const [a, b, c] = z.ordered;
    const w = mountPanel(z, new Set([b!.key]), new Map([[c!.key, { kind: 'exists', message: 'already there' } satisfies Outcome]]));
    expect(w.text()).toContain('2 of 3');
    const boxes = w.findAll('[data-testid=review-record]');
    expect(boxes.map((x) => (x.element as HTMLInputElement).checked)).toEqual([true, false, true]);
    expect(w.findAll('li.off')).toHaveLength(1);
    expect(w.find('.tag.exists').text()).toBe('exists');
    const group = w.get('[data-testid="review-group-small.example-A"]').element as HTMLInputElement;
    expect(group.indeterminate).toBe(true);

    await boxes[0]!.trigger('change');
    expect(w.emitted('toggle')).toEqual([[a!.key]]);
  });

  it("counts a zone's proxied web records (A, AAAA, CNAME) for its proxy box, and follows the proxied set", async () => {
    const z = zone('web.example', [
      ...hosts(2),
      { type: 'CNAME', name: 'www', content: 'web.example', ttl: 300 },
      { type: 'MX', name: '@', content: 'mail.web.example', priority: 10, ttl: 300 },
    ]);
    const [a0, a1, cname] = z.ordered;
    const w = mount(ReviewPanel, {
      props: {
        zones: [z],
        excluded: new Set<string>(),
        outcomes: new Map(),
        dryRun: null,
        dryRunStatus: null,
        proxied: new Set([a1!.key]),
      },
    });
    const box = () => w.get('[data-testid="review-proxy-all-web.example"]');
    expect(w.get('.proxy-all').text()).toMatch(/: 1 of 3$/);
    expect((box().element as HTMLInputElement).indeterminate).toBe(true);
    expect((box().element as HTMLInputElement).checked).toBe(false);

    await w.setProps({ proxied: new Set([a0!.key, a1!.key, cname!.key]) });
    expect(w.get('.proxy-all').text()).toMatch(/: 3 of 3$/);
    expect((box().element as HTMLInputElement).indeterminate).toBe(false);
    expect((box().element as HTMLInputElement).checked).toBe(true);

    (box().element as HTMLInputElement).checked = false;
    await box().trigger('change');
    expect(w.emitted('zoneProxied')).toEqual([['web.example', false]]);
  });

  it("labels a record whose TTL or proxy differ at the target, and puts each zone's conflicts and mode above its records", async () => {
    const z = zone('drift.example', hosts(2));
    const [a, b] = z.ordered;
    const outcomes = new Map<string, Outcome>([
      [a!.key, { kind: 'drift', message: '[1/2] A h0 already exists, proxied at the target, DNS only in the source (left as it is)' }],
      [b!.key, { kind: 'update', message: '[2/2] A h1 would update → 10.0.0.1 (proxied → DNS only)' }],
    ]);
    const end: ZoneEnd = {
      zone: z.name,
      conflicts: [
        {
          key: 'drift.example|h0|A',
          name: 'h0',
          type: 'A',
          source: ['10.0.0.0'],
          target: ['10.0.0.0'],
          after: ['10.0.0.0'],
          message: 'h0 A: 10.0.0.0 is proxied at the target, DNS only in the source, and stays so — mirror mode sets it as the source says',
          rows: [a!.key],
          choice: 'keep-both',
          answers: ['10.0.0.0'],
        },
      ],
      mirror: false,
      mixed: false,
      prune: null,
      force: false,
    };
    const w = mount(ReviewPanel, {
      props: { zones: [z], excluded: new Set<string>(), outcomes, dryRun: null, dryRunStatus: null, ends: new Map([[z.name, end]]) },
    });
    expect(w.get('.tag.drift').text()).toBe('differs');
    expect(w.get('.tag.drift').attributes('title')).toContain('proxied at the target, DNS only in the source');
    expect(w.get('.tag.update').text()).toBe('update');
    expect(w.get('[data-testid="conflicts-drift.example"]').text()).toContain('h0 A');
    await w.get('[data-testid=conflict-choice-replace]').trigger('change');
    const mirror = w.get('[data-testid="review-mirror-drift.example"]');
    (mirror.element as HTMLInputElement).checked = true;
    await mirror.trigger('change');
    expect(w.emitted('choose')).toEqual([['drift.example', 'drift.example|h0|A', 'replace']]);
    expect(w.emitted('mirror')).toEqual([['drift.example', true]]);
  });
});
