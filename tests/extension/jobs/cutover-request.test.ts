import { describe, expect, it } from 'vitest';
import type { DnsRecord, MigrateRequest } from '@dnsferry/shared';
import { cutoverRequest } from '@/jobs/cutover';

const ACCOUNT = 'a'.repeat(32);
const SUB = '11111111-2222-3333-4444-555555555555';
const MX: DnsRecord = { type: 'MX', name: '@', ttl: 300, content: 'mail.example.com', priority: 10 };

describe('cutoverRequest', () => {
  const built: MigrateRequest = {
    targetToken: 'tok',
    targetAccountId: ACCOUNT,
    dryRun: false,
    zones: [{ name: 'a.com', records: [MX] }, { name: 'b.com' }],
    subscriptionId: SUB,
  };

  it('checks the zones the migration finished, with the body it sent', () => {
    expect(cutoverRequest(built, ['b.com'], true)).toEqual({ ...built, zones: [{ name: 'b.com' }], requestActivation: true });
  });

  it('checks by name against the target when the review no longer has the zones', () => {
    expect(cutoverRequest({ ...built, zones: [] }, ['c.com'], false)).toEqual({
      targetToken: 'tok',
      targetAccountId: ACCOUNT,
      zones: [{ name: 'c.com' }],
      requestActivation: false,
    });
  });
});
