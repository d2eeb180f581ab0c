import { describe, expect, it } from 'vitest';
import type { MigrateEvent } from '@dnsferry/shared';
import { MemoryTarget } from '../support/memory-target';
import { runMigrate, zoneComplete } from '../support/engine-run';
import { EVERY_TYPE } from '../support/every-type';

/**
 * What a run makes of each record it is sent: a bad value fails alone, what the target signs or manages
 * itself is skipped, a TTL out of its range is brought in, proxying is told and is no part of identity.
 * How each type reaches Cloudflare's API: tests/companion/operations/migrate-record-values.test.ts.
 */

function perRecord(events: MigrateEvent[], type: MigrateEvent['type']) {
  return events.filter((e) => e.type === type && 'index' in e && e.index !== undefined).map((e) => ('message' in e ? e.message : ''));
}

const everyType = EVERY_TYPE;

describe('migrate: the records of a new zone', () => {
  it('creates the zone and every record type, skipping apex NS and SOA, with the invariant', async () => {
    const target = new MemoryTarget();
    const events = await runMigrate(target, { zones: [{ name: 'example.com', records: everyType }] });
    const result = zoneComplete(events, 'example.com');
    expect(result).toMatchObject({ created: 16, updated: 0, skipped: 2, failed: 0, removed: 0 });
    expect(result.created + result.skipped + result.failed).toBe(everyType.length);
    expect(result.nameServers).toEqual(target.zones.get('example.com')?.zone.nameServers);
    expect(perRecord(events, 'record')).toHaveLength(16);
    expect(perRecord(events, 'skip')).toHaveLength(2);
    expect(perRecord(events, 'error')).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: 'done',
      results: [{ zone: 'example.com', created: 16, updated: 0, skipped: 2, failed: 0, removed: 0 }],
    });
    // the spec's message forms
    const messages = events.map((e) => ('message' in e ? e.message : ''));
    expect(messages).toContain('[6/18] MX @ → 10 mail.example.com');
    expect(messages.some((m) => /^\[17\/18\] NS @ skipped/.test(m))).toBe(true);
    expect(events.find((e) => e.type === 'success')?.message).toBe('Zone created at the target (id zone-example.com)');
    // the target holds every record but the two it manages itself, each once
    expect(target.lines('example.com')).toHaveLength(16);
    expect(target.lines('example.com').filter((l) => l.startsWith('NS example.com '))).toEqual([]);
  });
});

describe('migrate: record values are checked one by one', () => {
  it('a record with a bad value fails alone, in the stream; the zone and the other zones go on', async () => {
    const events = await runMigrate(new MemoryTarget(), {
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'A', name: 'ok', content: '192.0.2.1', ttl: 300 },
            { type: 'A', name: 'broken', content: '999.1.1.1', ttl: 300 },
            { type: 'MX', name: '@', content: 'mx.example.com', ttl: 300, priority: 70000 },
            { type: 'HINFO', name: '@', content: '"PC" "Linux"', ttl: 300 },
          ],
        },
        { name: 'example.org', records: [{ type: 'A', name: 'ok', content: '192.0.2.2', ttl: 300 }] },
      ],
    });
    expect(perRecord(events, 'error')).toEqual([
      '[2/4] A broken ✗ 999.1.1.1 is not an IPv4 address',
      '[3/4] MX @ ✗ priority: priority is 0-65535',
      '[4/4] HINFO @ ✗ record type HINFO is not supported (supported: A, AAAA, CNAME, MX, TXT, SRV, CAA, PTR, NS, DS, TLSA, SSHFP, HTTPS, SVCB, NAPTR, LOC, URI, CERT, SMIMEA, OPENPGPKEY)',
    ]);
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 1, skipped: 0, failed: 3 });
    expect(zoneComplete(events, 'example.org')).toMatchObject({ created: 1, skipped: 0, failed: 0 });
    expect(events.at(-1)?.type).toBe('done');
  });

  it('the same in a dry run, so the review shows the reason', async () => {
    const events = await runMigrate(new MemoryTarget(), {
      dryRun: true,
      zones: [{ name: 'example.com', records: [{ type: 'AAAA', name: 'x', content: 'fe80::1::2', ttl: 300 }] }],
    });
    expect(perRecord(events, 'error')).toEqual(['[1/1] AAAA x ✗ fe80::1::2 is not an IPv6 address']);
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 0, failed: 1 });
  });

  it('skips what the target signs or writes itself, and refuses a DS at the apex', async () => {
    const target = new MemoryTarget();
    const events = await runMigrate(target, {
      zones: [
        {
          name: 'example.com',
          records: [
            {
              type: 'DNSKEY',
              name: '@',
              content: '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
              ttl: 3600,
            },
            { type: 'RRSIG', name: '@', content: 'A 13 2 300 20250101000000 20241201000000 12345 example.com. abc=', ttl: 3600 },
            { type: 'DS', name: '@', content: '2371 13 2 1F98', ttl: 3600 },
          ],
        },
      ],
    });
    expect(perRecord(events, 'skip')).toEqual([
      '[1/3] DNSKEY @ skipped: the target signs the zone itself (turn on DNSSEC there)',
      '[2/3] RRSIG @ skipped: the target signs the zone itself (turn on DNSSEC there)',
    ]);
    expect(perRecord(events, 'error')).toEqual([
      '[3/3] DS @ ✗ a DS record at the apex belongs in the parent zone: set it at the registrar, not in this zone',
    ]);
    expect(target.sets).toEqual([]);
  });

  it('a TXT value is the same record split anywhere, or written with \\DDD escapes', async () => {
    const target = new MemoryTarget();
    const key = `v=DKIM1; k=rsa; p=${'B'.repeat(392)}`;
    const first = await runMigrate(target, {
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'TXT', name: 'sel._domainkey', content: key, ttl: 300 },
            { type: 'TXT', name: 'aland', content: 'ÅLAND', ttl: 300 },
          ],
        },
      ],
    });
    expect(zoneComplete(first, 'example.com')).toMatchObject({ created: 2 });
    const again = await runMigrate(target, {
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'TXT', name: 'sel._domainkey', content: `"${key.slice(0, 249)}" "${key.slice(249)}"`, ttl: 300 },
            { type: 'TXT', name: 'aland', content: '"\\195\\133LAND"', ttl: 300 },
          ],
        },
      ],
    });
    expect(zoneComplete(again, 'example.com')).toMatchObject({ created: 0, skipped: 2 });
    expect(target.lines('example.com')).toHaveLength(2);
  });
});

describe('migrate: proxying', () => {
  it('says which records the target will proxy; proxying is not part of identity', async () => {
    const target = new MemoryTarget();
    const events = await runMigrate(target, {
      zones: [
        {
          name: 'example.com',
          records: [
            { type: 'A', name: 'web', content: '192.0.2.80', ttl: 300, proxied: true },
            { type: 'CNAME', name: 'docs', content: 'web.example.com', ttl: 300 },
          ],
        },
      ],
    });
    expect(perRecord(events, 'record')).toEqual(['[1/2] A web → 192.0.2.80 (proxied)', '[2/2] CNAME docs → web.example.com']);
    // the same record without proxying already exists
    const again = await runMigrate(target, {
      zones: [{ name: 'example.com', records: [{ type: 'A', name: 'web', content: '192.0.2.80', ttl: 300 }] }],
    });
    expect(zoneComplete(again, 'example.com')).toMatchObject({ created: 0, skipped: 1 });
  });
});

describe('migrate: TTLs the target cannot hold', () => {
  it('brings TTL 0 into range with a note, as the README promises', async () => {
    const target = new MemoryTarget();
    const events = await runMigrate(target, {
      zones: [{ name: 'example.com', records: [{ type: 'A', name: 'zero', content: '192.0.2.1', ttl: 0 }] }],
    });
    expect(perRecord(events, 'record')).toEqual(["[1/1] A zero → 192.0.2.1 (TTL 0 → 60, the target's minimum)"]);
    expect(target.sets[0]?.creates).toMatchObject([{ ttl: 60 }]);
  });
});
