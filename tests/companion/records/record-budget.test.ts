import { describe, expect, it } from 'vitest';
import { FairShare } from '@dnsferry/companion/flow/fair-share';
import { RecordBudget, readZoneFile } from '@dnsferry/companion/records/record-budget';

const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i} 300 A 192.0.2.1`).join('\n');

describe('readZoneFile', () => {
  it('gives way while it reads a large file: a turn of the loop queued before it comes before its end', async () => {
    const share = new FairShare(0);
    const log: string[] = [];
    setImmediate(() => log.push('turn'));
    const parsed = await readZoneFile(lines(2000, 'h'), 'example.com', undefined, share.slice('a'));
    log.push('read');
    expect(parsed.records).toHaveLength(2000);
    expect(log).toEqual(['turn', 'read']);
  });

  it("reads a request's zone files one after the other, so files read side by side cannot both take what is left", async () => {
    const share = new FairShare(0);
    const budget = new RecordBudget(100, 100);
    const results = await Promise.allSettled([
      readZoneFile(lines(60, 'a'), 'one.example', budget, share.slice('a')),
      readZoneFile(lines(60, 'b'), 'two.example', budget, share.slice('a')),
    ]);
    expect(results[0]).toMatchObject({ status: 'fulfilled' });
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { code: 'payload_too_large', message: expect.stringMatching(/40 were left for it/) as unknown },
    });
    expect(budget.left).toBe(0);
  });

  it('a file over the limit ends the reading of the request: the next one is refused, not left waiting', async () => {
    const budget = new RecordBudget(100, 10);
    const [first, second] = await Promise.allSettled([
      readZoneFile(lines(20, 'a'), 'one.example', budget),
      readZoneFile(lines(5, 'b'), 'two.example', budget),
    ]);
    expect(first?.status).toBe('rejected');
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'payload_too_large' } });
  });
});
