import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { ChangeList } from '@dnsferry/companion/cli/change-list';

const zone = 'example.org';

function listOf(events: MigrateEvent[], width = 79): string[] {
  const list = new ChangeList();
  for (const e of events) list.add(e);
  return list.lines(zone, width);
}

describe('what a dry run would do, per RRset', () => {
  it('a mirror run: creates, replaces (the removal folded in), updates and removals of RRsets the source lacks', () => {
    const lines = listOf([
      { type: 'status', zone, message: 'Planning example.org' },
      {
        type: 'record',
        zone,
        index: 1,
        total: 4,
        change: 'create',
        record: { type: 'A', name: 'api', ttl: 300, content: '192.0.2.7' },
        message: '[1/4] A api would create → 192.0.2.7',
      },
      {
        type: 'record',
        zone,
        index: 2,
        total: 4,
        change: 'create',
        replaces: ['203.0.113.9'],
        record: { type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' },
        message: '[2/4] A www would create → 192.0.2.1 (replaces 203.0.113.9)',
      },
      {
        type: 'remove',
        zone,
        record: { type: 'A', name: 'www', ttl: 1, content: '203.0.113.9' },
        message: 'A www → 203.0.113.9 would be removed',
      },
      {
        type: 'record',
        zone,
        index: 3,
        total: 4,
        change: 'update',
        record: { type: 'MX', name: '@', ttl: 3600, content: 'mail.example.org', priority: 10 },
        message: '[3/4] MX @ would update → 10 mail.example.org (TTL 1 → 3600)',
      },
      {
        type: 'remove',
        zone,
        record: { type: 'TXT', name: 'old', ttl: 300, content: '"gone"' },
        message: 'TXT old → "gone" would be removed',
      },
      {
        type: 'skip',
        zone,
        index: 4,
        total: 4,
        record: { type: 'SOA', name: '@', ttl: 300, content: 'ns1.example.org host.example.org 1 2 3 4 5' },
        message: '[4/4] SOA @ skipped: the target manages SOA itself',
      },
    ]);
    expect(lines).toEqual([
      'example.org: what the run would do',
      '  create   A     api  192.0.2.7',
      '  replace  A     www  203.0.113.9 → 192.0.2.1',
      '  update   MX    @    10 mail.example.org: TTL 1 → 3600',
      '  remove   TXT   old  "gone"',
      '  skip     SOA   @    ns1.example.org host.example.org 1 2 3 4 5: the target',
      '                      manages SOA itself',
    ]);
  });

  it('an add run: what the target keeps beside a create, a failure with its reason, a line the zone file could not give', () => {
    const lines = listOf([
      {
        type: 'info',
        zone,
        message: 'www A: the target also holds 192.0.2.80; after this run both answer',
        conflict: { name: 'www', type: 'A', source: ['192.0.2.2'], target: ['192.0.2.80'], after: ['192.0.2.80', '192.0.2.2'] },
      },
      {
        type: 'record',
        zone,
        index: 1,
        total: 3,
        change: 'create',
        record: { type: 'A', name: 'www', ttl: 300, content: '192.0.2.2' },
        message: '[1/3] A www would create → 192.0.2.2',
      },
      {
        type: 'error',
        zone,
        index: 2,
        total: 3,
        record: { type: 'TXT', name: '@', ttl: 300, content: '"v=spf1 -all"' },
        message: '[2/3] TXT @ ✗ not added: it would be a second SPF record',
      },
      { type: 'error', zone, index: 3, total: 3, message: '[3/3] line 6 ✗ 300.1.1.1 is not an IPv4 address' },
    ]);
    expect(lines).toEqual([
      'example.org: what the run would do',
      '  create   A     www     192.0.2.2 (the target also holds 192.0.2.80; after',
      `${' '.repeat(25)}this run both answer)`,
      '  fail     TXT   @       "v=spf1 -all": not added: it would be a second SPF',
      `${' '.repeat(25)}record`,
      '  fail           line 6  300.1.1.1 is not an IPv4 address',
    ]);
  });

  it('every line fits the width, a long reason wrapped under its column', () => {
    const lines = listOf(
      [
        {
          type: 'skip',
          zone,
          index: 1,
          total: 1,
          record: { type: 'A', name: 'mail', ttl: 300, content: '93.184.216.34' },
          message:
            '[1/1] A mail already exists, proxied at the target, DNS only in the source, TTL 1 at the target, 300 in the source (left as it is)',
        },
      ],
      60,
    );
    expect(lines.every((l) => [...l].length <= 60)).toBe(true);
    expect(lines.slice(1).join(' ').replace(/\s+/g, ' ').trim()).toBe(
      'skip A mail 93.184.216.34: already exists, proxied at the target, DNS only in the source, TTL 1 at the target, 300 in the source (left as it is)',
    );
  });
});
