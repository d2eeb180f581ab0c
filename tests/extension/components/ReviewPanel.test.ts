import { describe, expect, it } from 'vitest';
import { mount, type DOMWrapper } from '@vue/test-utils';
import type { DnsRecord } from '@dnsferry/shared';
import ReviewPanel from '@/components/ReviewPanel.vue';
import type { ZoneEnd } from '@/stores/conflicts';
import { groupRecords, keyRecords, type ReviewZone } from '@/utils/review-zones';
import { applyMigrateEvent, createMigrationJob, endMigrationJob } from '@/jobs/migrate-events';
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
          refused: null,
        },
      ],
      mirror: false,
      prune: null,
      force: false,
      blocked: [],
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

  it('shows no counts for a zone the dry run never reached: a refused dry run does not say "0 to create"', () => {
    const a = zone('a.example', hosts(2));
    const b = zone('b.example', hosts(1));
    const job = createMigrationJob({
      id: 'd',
      dryRun: true,
      zones: [
        { name: a.name, expected: 2 },
        { name: b.name, expected: 1 },
      ],
      now: 0,
    });
    const props = { zones: [a, b], excluded: new Set<string>(), outcomes: new Map<string, Outcome>() };
    const summaries = (w: { findAll(selector: string): Array<DOMWrapper<Element>> }) =>
      w.findAll('[data-testid=dry-summary]').map((s) => s.findAll('span').map((t) => t.text()));

    // refused before anything was sent: the job failed with no word on any zone
    endMigrationJob(
      job,
      'failed',
      'This is not your dnsferry companion: it could not prove it holds the key this browser was paired with. Nothing was sent to it.',
      1,
    );
    const refused = mount(ReviewPanel, { props: { ...props, dryRun: job.zones, dryRunStatus: job.status } });
    expect(refused.find('[data-testid=dry-summary]').exists()).toBe(false);
    expect(refused.text()).not.toMatch(/to create|already there/);

    // running: a zone not reached yet is being planned, not "0 to create"
    const running = createMigrationJob({
      id: 'r',
      dryRun: true,
      zones: [
        { name: a.name, expected: 2 },
        { name: b.name, expected: 1 },
      ],
      now: 0,
    });
    applyMigrateEvent(running, { type: 'status', zone: a.name, message: 'Planning a.example' });
    applyMigrateEvent(running, {
      type: 'record',
      zone: a.name,
      index: 1,
      total: 2,
      message: '[1/2] A h0 would create → 10.0.0.0',
      change: 'create',
    });
    const planning = mount(ReviewPanel, { props: { ...props, dryRun: running.zones, dryRunStatus: 'running' } });
    expect(summaries(planning)).toEqual([['1 to create', '0 already there', 'planning…'], ['planning…']]);

    // cut off after the first zone: counts for it, nothing for the other
    endMigrationJob(running, 'interrupted', 'The companion closed the stream before the end.', 2);
    const cut = mount(ReviewPanel, { props: { ...props, dryRun: running.zones, dryRunStatus: running.status } });
    expect(summaries(cut)).toEqual([['1 to create', '0 already there']]);
    expect(cut.find('[data-testid="review-zone-b.example"] [data-testid=dry-summary]').exists()).toBe(false);
  });
});
