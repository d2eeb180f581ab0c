import { describe, expect, it } from 'vitest';
import type { CutoverEvent } from '@dnsferry/shared';
import { allReady, applyCutoverEvent, createCutoverJob, endCutoverJob } from '@/jobs/cutover';
import { report } from '../support/cutover';

describe('cutover state', () => {
  it('keeps the newest line per zone, the report, and ends with done', () => {
    const job = createCutoverJob({ id: '1', zones: ['a.example', 'b.example'], requestActivation: false, now: 1 });
    const events: CutoverEvent[] = [
      { type: 'status', zone: 'a.example', message: 'Checking a.example' },
      { type: 'info', zone: 'b.example', message: 'Comparing 3 records' },
      report('a.example', true),
      report('b.example', false),
      {
        type: 'done',
        results: [
          { zone: 'a.example', ready: true },
          { zone: 'b.example', ready: false },
        ],
      },
    ];
    for (const e of events) applyCutoverEvent(job, e);
    expect(job.status).toBe('done');
    expect(job.zones.map((z) => [z.zone, z.report?.ready])).toEqual([
      ['a.example', true],
      ['b.example', false],
    ]);
    expect(job.zones[1]?.lastMessage).toBe('Not yet: 1 of 3 records answer differently.');
    expect(allReady(job)).toBe(false);
  });

  it('is ready only when every zone was reported ready and the stream ended', () => {
    const job = createCutoverJob({ id: '1', zones: ['a.example'], requestActivation: true, now: 1 });
    applyCutoverEvent(job, report('a.example', true));
    expect(allReady(job)).toBe(false);
    applyCutoverEvent(job, { type: 'done', results: [{ zone: 'a.example', ready: true }] });
    expect(allReady(job)).toBe(true);
  });

  it('adds a zone it was not told about, and an early end keeps its first error', () => {
    const job = createCutoverJob({ id: '1', zones: [], requestActivation: false, now: 1 });
    applyCutoverEvent(job, { type: 'status', zone: 'c.example', message: 'Checking c.example' });
    endCutoverJob(job, 'interrupted', 'cut off', 5);
    endCutoverJob(job, 'failed', 'later', 6);
    expect(job).toMatchObject({ status: 'interrupted', error: 'cut off', finishedAt: 6 });
    expect(job.zones.map((z) => z.zone)).toEqual(['c.example']);
  });
});
