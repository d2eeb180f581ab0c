import { beforeEach, describe, expect, it } from 'vitest';
import { sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { MemoryTarget, addOnboardedZone } from '../support/memory-target';
import { conflicts, messages, runMigrate, zoneComplete } from '../support/engine-run';

/**
 * A zone that already holds records at the target, as the dashboard's onboarding leaves it (a stale
 * www, a proxied mail host, an old SPF policy), migrated from a source that says otherwise: add mode,
 * mirror mode and mirror's safeguard, as the engine decides them.
 */
let target: MemoryTarget;
const ZONE = 'onboarded.example';
beforeEach(() => {
  target = new MemoryTarget();
  addOnboardedZone(target, ZONE);
});

const held = (zone = ZONE) => target.lines(zone);
const fromFile = (extra: Record<string, unknown> = {}) => ({ zones: [{ name: ZONE, zoneFile: sourceZoneFile(ZONE) }], ...extra });

/** What the source says, at $TTL 300: the zone file of the demo. */
const SOURCE_HELD = [
  'A mail.onboarded.example 93.184.216.34 300',
  'A onboarded.example 192.0.2.1 300',
  'A www.onboarded.example 192.0.2.1 300',
  'MX onboarded.example mail.onboarded.example 3600',
  'TXT _dmarc.onboarded.example "v=DMARC1; p=none" 300',
  'TXT onboarded.example "v=spf1 include:new.example -all" 300',
];

describe('add mode into a zone that already holds records', () => {
  it('tells each conflicting RRset once, before anything is written, in a dry run as in a run', async () => {
    const before = held();
    const dry = await runMigrate(target, fromFile({ dryRun: true }));
    expect(held()).toEqual(before);
    const run = await runMigrate(target, fromFile());
    for (const events of [dry, run]) {
      const byName = Object.fromEntries(conflicts(events).map((e) => [`${e.conflict?.name} ${e.conflict?.type}`, e]));
      expect(Object.keys(byName).sort()).toEqual(['@ A', '@ MX', '@ TXT', '_dmarc TXT', 'mail A', 'www A']);
      expect(byName['www A']?.conflict).toEqual({
        name: 'www',
        type: 'A',
        source: ['192.0.2.1'],
        target: ['203.0.113.9'],
        after: ['203.0.113.9', '192.0.2.1'],
        action: 'add',
      });
      expect(byName['www A']?.message).toBe(
        'www A: the target also holds 203.0.113.9; after this run both answer — mirror mode replaces it',
      );
      expect(byName['mail A']?.message).toMatch(
        /^mail A: 93\.184\.216\.34 is proxied at the target, DNS only in the source, TTL 1 at the target, 300/,
      );
      expect(byName['@ TXT']?.conflict?.after).toEqual(['"v=spf1 include:old.example -all"']);
      expect(byName['@ TXT']?.message).toMatch(/second SPF record.*RFC 7208/);
      // told before the first write
      const firstConflict = events.findIndex((e) => e.type === 'info' && e.conflict);
      const firstRecord = events.findIndex((e) => e.type === 'record');
      expect(firstConflict).toBeLessThan(firstRecord);
    }
  });

  it('never leaves two SPF policies, never proxies mail silently, and says so per record', async () => {
    const events = await runMigrate(target, fromFile());
    const spf = events.find((e) => e.type === 'error' && e.record?.type === 'TXT' && e.record.name === '@');
    expect(spf && 'message' in spf ? spf.message : '').toMatch(
      /TXT @ ✗ not added: it would be a second SPF record: .*RFC 7208 §4\.5\); mirror mode replaces what is there$/,
    );
    expect(held().filter((r) => r.includes('v=spf1'))).toEqual(['TXT onboarded.example "v=spf1 include:old.example -all" 1']);
    expect(messages(events, 'skip')).toContain(
      '[3/6] A mail already exists, proxied at the target, DNS only in the source, TTL 1 at the target, 300 in the source (left as it is; mirror mode sets it as the source says)',
    );
    expect(events.find((e) => e.type === 'skip' && e.index === 3)).toMatchObject({
      drift: 'proxied at the target, DNS only in the source, TTL 1 at the target, 300 in the source',
    });
    expect(zoneComplete(events, ZONE)).toMatchObject({ created: 1, updated: 0, skipped: 4, failed: 1, removed: 0 });
    expect(zoneComplete(events, ZONE).undo?.created.map((c) => c.record.name)).toEqual(['www']);
  });

  it('refuses a CNAME beside other data, and other data beside a CNAME, before sending it', async () => {
    target.addRecord(ZONE, { type: 'CNAME', name: `shop.${ZONE}`, content: 'shops.example.net', ttl: 300 });
    const events = await runMigrate(target, {
      zones: [
        {
          name: ZONE,
          records: [
            { type: 'CNAME', name: 'mail', content: 'mx.example.net', ttl: 300 },
            { type: 'A', name: 'shop', content: '192.0.2.7', ttl: 300 },
          ],
        },
      ],
    });
    const errors = messages(events, 'error');
    expect(errors[0]).toMatch(
      /^\[1\/2\] CNAME mail ✗ not added: a CNAME stands alone at its name \(RFC 1034 §3\.6\.2\), and mail also holds A/,
    );
    expect(errors[1]).toMatch(/^\[2\/2\] A shop ✗ not added: shop holds a CNAME/);
    expect(target.sets).toEqual([]);
  });

  it('refuses a second DMARC record', async () => {
    const events = await runMigrate(target, {
      zones: [{ name: ZONE, records: [{ type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=reject', ttl: 300 }] }],
    });
    expect(messages(events, 'error')[0]).toMatch(/second DMARC record: with two DMARC records at one name, receivers apply neither/);
  });
});

describe('mirror mode', () => {
  it('makes every RRset of the source answer exactly as it says, each name replaced in one set', async () => {
    const events = await runMigrate(target, fromFile({ mode: 'mirror' }));
    expect(held()).toEqual(SOURCE_HELD);
    const records = messages(events, 'record');
    expect(records).toContain('[2/6] A www → 192.0.2.1 (replaces 203.0.113.9)');
    expect(records).toContain('[3/6] A mail → 93.184.216.34 (updated: proxied → DNS only, TTL 1 → 300)');
    // the same, as fields a client reads without parsing words
    expect(events.find((e) => e.type === 'record' && e.index === 2)).toMatchObject({ change: 'create', replaces: ['203.0.113.9'] });
    expect(events.find((e) => e.type === 'record' && e.index === 3)).toMatchObject({ change: 'update' });
    expect(messages(events, 'remove').sort()).toEqual([
      "A www → 203.0.113.9 removed (replaced by the source's A www)",
      'TXT @ → "v=spf1 include:old.example -all" removed (replaced by the source\'s TXT @)',
    ]);
    const result = zoneComplete(events, ZONE);
    expect(result).toMatchObject({ created: 2, updated: 4, skipped: 0, failed: 0, removed: 2 });
    expect(result.created + result.updated + result.skipped + result.failed).toBe(6);
    expect(conflicts(events)).toEqual([]);
    // the stale www went in the same all-or-nothing set that brought the new one
    const www = target.sets.filter((s) => s.deletes.some((d) => d.record.content === '203.0.113.9'));
    expect(www).toHaveLength(1);
    expect(www[0]?.creates.map((r) => r.content)).toContain('192.0.2.1');
  });

  it('a name whose new record the target refuses keeps its old one: the set fails whole, the others land', async () => {
    target.refuse = (r) => (r.name === 'www' ? { code: 9004, message: 'Refused: 10.0.0.1 cannot be proxied' } : undefined);
    const source = sourceZoneFile(ZONE).replace('www A 192.0.2.1', 'www A 10.0.0.1 ; cf_tags=cf-proxied:true');
    const events = await runMigrate(target, { mode: 'mirror', zones: [{ name: ZONE, zoneFile: source }] });
    expect(messages(events, 'error')).toEqual([
      '[2/6] A www ✗ Refused: 10.0.0.1 cannot be proxied',
      'A www → 203.0.113.9 not removed: Refused: 10.0.0.1 cannot be proxied',
    ]);
    expect(events.filter((e) => e.type === 'error').map((e) => e.code)).toEqual([9004, 9004]);
    expect(held().filter((r) => r.includes(' www.'))).toEqual(['A www.onboarded.example 203.0.113.9 1 proxied']);
    expect(zoneComplete(events, ZONE)).toMatchObject({ created: 1, updated: 4, failed: 1, removed: 1 });
    expect(zoneComplete(events, ZONE).undo?.removed.map((r) => r.record.name)).toEqual(['@']);
  });

  it('a second identical mirror run sends no write: it finds the zone and lists it, nothing more', async () => {
    await runMigrate(target, fromFile({ mode: 'mirror' }));
    target.calls.length = 0;
    const sets = target.sets.length;
    const events = await runMigrate(target, fromFile({ mode: 'mirror' }));
    expect(target.sets).toHaveLength(sets);
    expect(target.calls).toEqual(['expectZones', 'findOrCreateZone', 'listRecords']);
    expect(zoneComplete(events, ZONE)).toMatchObject({ created: 0, updated: 0, skipped: 6, failed: 0, removed: 0 });
    expect(zoneComplete(events, ZONE).undo).toBeUndefined();
  });

  it('a dry run tells what mirror would do and writes nothing', async () => {
    const before = held();
    const events = await runMigrate(target, fromFile({ mode: 'mirror', dryRun: true }));
    expect(held()).toEqual(before);
    expect(target.sets).toEqual([]);
    expect(messages(events, 'record')).toContain('[2/6] A www would create → 192.0.2.1 (replaces 203.0.113.9)');
    expect(messages(events, 'record')).toContain('[3/6] A mail would update → 93.184.216.34 (proxied → DNS only, TTL 1 → 300)');
    expect(messages(events, 'remove')).toContain("A www → 203.0.113.9 would be removed (replaced by the source's A www)");
    expect(zoneComplete(events, ZONE).undo).toBeUndefined();
  });

  it('leaves RRsets the source lacks, and counts them; prune removes them too', async () => {
    target.addRecord(ZONE, { type: 'A', name: `old.${ZONE}`, content: '198.51.100.7', ttl: 300 });
    const kept = await runMigrate(target, fromFile({ mode: 'mirror' }));
    expect(kept.find((e) => e.type === 'info' && e.targetOnly !== undefined)).toMatchObject({
      targetOnly: 1,
      message: '1 record at the target is in RRsets the source does not have; it stays (mirror mode with prune removes them)',
    });
    expect(held()).toContain('A old.onboarded.example 198.51.100.7 300');
    const pruned = await runMigrate(target, fromFile({ mode: 'mirror', prune: true }));
    expect(messages(pruned, 'remove')).toEqual(['A old → 198.51.100.7 removed (not in the source)']);
    expect(held()).toEqual(SOURCE_HELD);
    expect(zoneComplete(pruned, ZONE)).toMatchObject({ skipped: 6, removed: 1 });
  });

  it('a CNAME takes the place of other data at its name in one set', async () => {
    const events = await runMigrate(target, {
      mode: 'mirror',
      zones: [{ name: ZONE, records: [{ type: 'CNAME', name: 'www', content: 'web.example.net', ttl: 300 }] }],
    });
    expect(messages(events, 'record')).toEqual(['[1/1] CNAME www → web.example.net (replaces A 203.0.113.9)']);
    expect(held().filter((r) => r.includes(' www.'))).toEqual(['CNAME www.onboarded.example web.example.net 300']);
    expect(target.sets).toHaveLength(1);
    expect(target.sets[0]).toMatchObject({ deletes: [{ record: { type: 'A', name: 'www' } }], creates: [{ type: 'CNAME', name: 'www' }] });
  });

  it('mode per zone: a zone of its own in mirror mode is mirrored in a request that is not', async () => {
    const events = await runMigrate(target, { zones: [{ name: ZONE, mode: 'mirror', zoneFile: sourceZoneFile(ZONE) }] });
    expect(zoneComplete(events, ZONE)).toMatchObject({ removed: 2 });
  });
});

describe("mirror's safeguard", () => {
  const big = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: `192.0.2.${i + 1}`, ttl: 300 }));

  it('leaves a zone untouched when it would change over 30 % of its records, unless forced', async () => {
    await runMigrate(target, { zones: [{ name: 'big.example', records: big(20) }] });
    // the source moved 7 of 20 hosts: 7 removals of 20 records = 35 %
    const moved = big(20).map((r, i) => (i < 7 ? { ...r, content: `198.51.100.${i + 1}` } : r));
    const sets = target.sets.length;
    const refused = await runMigrate(target, { mode: 'mirror', zones: [{ name: 'big.example', records: moved }] });
    expect(target.sets).toHaveLength(sets);
    expect(messages(refused, 'error')[0]).toBe(
      'Zone left untouched: mirror would remove or change 7 of the 20 records at the target (35 %, over the 30 % limit). Review a dry run; to go ahead anyway, run it again with force',
    );
    expect(zoneComplete(refused, 'big.example')).toMatchObject({ created: 0, failed: 20 });
    expect(conflicts(refused)).toHaveLength(7);

    const dry = await runMigrate(target, { mode: 'mirror', dryRun: true, zones: [{ name: 'big.example', records: moved }] });
    expect(messages(dry, 'info').some((m) => m.startsWith('A real run leaves this zone untouched'))).toBe(true);
    expect(zoneComplete(dry, 'big.example')).toMatchObject({ created: 7, skipped: 13, removed: 7 });

    const forced = await runMigrate(target, { mode: 'mirror', force: true, zones: [{ name: 'big.example', records: moved }] });
    expect(zoneComplete(forced, 'big.example')).toMatchObject({ created: 7, skipped: 13, failed: 0, removed: 7 });
    expect(held('big.example')).toHaveLength(20);
    expect(held('big.example').filter((l) => l.includes('198.51.100.'))).toHaveLength(7);
  });
});
