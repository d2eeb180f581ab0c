import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import CutoverPanel from '@/components/CutoverPanel.vue';
import { applyCutoverEvent, createCutoverJob, type CutoverJob } from '@/jobs/cutover';
import { report } from '../support/cutover';

function finished(ready: boolean): CutoverJob {
  const job = createCutoverJob({ id: '1', zones: ['example.com'], requestActivation: false, now: 1 });
  applyCutoverEvent(job, report('example.com', ready));
  applyCutoverEvent(job, { type: 'done', results: [{ zone: 'example.com', ready }] });
  return job;
}

describe('CutoverPanel', () => {
  it('lists the differences and says "Not yet" with the companion\'s sentence', () => {
    const w = mount(CutoverPanel, { props: { job: finished(false) } });
    expect(w.get('[data-testid=cutover-headline]').text()).toBe('Not yet: 1 of 1 zone not ready');
    expect(w.get('[data-testid=cutover-verdict]').text()).toBe('Not yet');
    expect(w.get('[data-testid=cutover-message]').text()).toBe('Not yet: 1 of 3 records answer differently.');
    expect(w.get('[data-testid=cutover-parity]').text()).toContain('2/3');
    const row = w
      .get('[data-testid=cutover-mismatches] tbody tr')
      .findAll('td')
      .map((c) => c.text());
    expect(row).toEqual(['www', 'A', '192.0.2.1', '(nothing)']);
    expect(w.findAll('[data-testid=cutover-ns-server]').map((c) => c.text())).toEqual(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com']);
    expect(w.get('[data-testid=cutover-delegation]').text()).toContain('not switched yet');
  });

  it('says "Ready to switch", shows a DNSSEC blocker\'s advice, and asks to check again', async () => {
    const job = finished(true);
    const w = mount(CutoverPanel, { props: { job } });
    expect(w.get('[data-testid=cutover-headline]').text()).toBe('Ready to switch');
    expect(w.get('[data-testid=cutover-dnssec]').text()).toContain('fine');
    await w.get('[data-testid=cutover-again]').trigger('click');
    expect(w.emitted('again')).toHaveLength(1);

    const blocked = structuredClone(job);
    const r = blocked.zones[0]!.report!;
    r.ready = false;
    r.dnssec = { dsAtParent: ['2371 13 2 1F98'], blocker: true, message: 'Remove the DS at your registrar first.' };
    await w.setProps({ job: blocked });
    expect(w.get('[data-testid=cutover-dnssec]').text()).toContain('Remove the DS at your registrar first.');
    expect(w.get('[data-testid=cutover-dnssec]').text()).toContain('2371 13 2 1F98');
  });

  it('never shows "Ready to switch" for a check older than a write to the zone, and says why', async () => {
    const job = finished(true);
    job.zones[0]!.outdated = { by: 'undo', at: 5 };
    const w = mount(CutoverPanel, { props: { job, writing: 'undo' } });
    expect(w.text()).not.toContain('Ready to switch');
    expect(w.get('[data-testid=cutover-headline]').text()).toBe('Out of date: the zone changed after this check');
    expect(w.get('[data-testid=cutover-verdict]').text()).toBe('Out of date');
    expect(w.get('[data-testid=cutover-example\\.com]').attributes('data-ready')).toBe('outdated');
    expect(w.get('[data-testid=cutover-outdated]').text()).toBe(
      'An undo is writing to example.com now: it is checked again once that has finished.',
    );
    await w.setProps({ writing: null });
    expect(w.get('[data-testid=cutover-outdated]').text()).toBe(
      'An undo wrote to example.com after this check, so what it found no longer holds. Checking again…',
    );
  });

  it("shows each zone's progress while the check runs, and no button to press twice", () => {
    const job = createCutoverJob({ id: '1', zones: ['example.com'], requestActivation: true, now: 1 });
    applyCutoverEvent(job, { type: 'status', zone: 'example.com', message: 'Checking example.com' });
    const w = mount(CutoverPanel, { props: { job } });
    expect(w.get('[data-testid=cutover-progress]').text()).toBe('Checking example.com');
    expect(w.get('[data-testid=cutover-again]').attributes('disabled')).toBeDefined();
  });
});
