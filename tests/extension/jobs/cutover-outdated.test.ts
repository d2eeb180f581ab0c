import { describe, expect, it } from 'vitest';
import { allReady, applyCutoverEvent, createCutoverJob, outdate } from '@/jobs/cutover';
import { report } from '../support/cutover';

describe('outdate', () => {
  it('marks only the checked zones the write touched, once, and a ready check is no longer ready', () => {
    const check = createCutoverJob({ id: 'c', zones: ['example.com', 'example.org'], requestActivation: false, now: 0 });
    for (const z of ['example.com', 'example.org']) applyCutoverEvent(check, report(z, true));
    applyCutoverEvent(check, { type: 'done', results: [] });
    expect(allReady(check)).toBe(true);

    expect(outdate(check, { by: 'undo', zones: ['Example.COM'] }, 7)).toBe(true);
    expect(check.zones.map((z) => z.outdated ?? null)).toEqual([{ by: 'undo', at: 7 }, null]);
    expect(allReady(check)).toBe(false);
    // told once: the same write's end changes nothing more to tell
    expect(outdate(check, { by: 'undo', zones: ['example.com'] }, 9)).toBe(false);
    expect(outdate(check, { by: 'migration', zones: ['example.net'] }, 9)).toBe(false);
  });
});
