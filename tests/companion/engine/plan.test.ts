import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, type DnsRecord } from '@dnsferry/shared';
import { plan as planFor, planning as planningFor, type IncomingRecord, type PlanOptions } from '@dnsferry/companion/engine/plan';
import type { HeldRecord } from '@dnsferry/companion/engine/ports';
import { CLOUDFLARE_RULES } from '@dnsferry/companion/providers/cloudflare/capabilities';

/** The planner as it plans for the product's target: Cloudflare's rules (what it holds, skips, its TTLs). */
type Args = [
  zone: string,
  records: readonly (IncomingRecord | DnsRecord)[],
  existing: readonly HeldRecord[],
  opts?: Omit<PlanOptions, 'rules'>,
];
const withRules = ([zone, records, existing, opts = { mode: 'add', prune: false }]: Args) =>
  [zone, records, existing, { ...opts, rules: CLOUDFLARE_RULES }] as const;
const plan = (...args: Args) => planFor(...withRules(args));
const planning = (...args: Args) => planningFor(...withRules(args));

const rec = (r: Record<string, unknown>): DnsRecord => DnsRecordSchema.parse({ ttl: 300, ...r });
const zone = 'example.com';

describe('plan', () => {
  it.each([
    ['a new record is created', rec({ type: 'A', name: 'www', content: '192.0.2.1' }), [], 'create'],
    ['SOA is skipped', rec({ type: 'SOA', name: '@', content: 'ns1 host 1 2 3 4 5' }), [], 'skip'],
    ['apex NS is skipped', rec({ type: 'NS', name: '@', content: 'ns1.example.net' }), [], 'skip'],
    ['a delegation below the apex is created', rec({ type: 'NS', name: 'dev', content: 'ns1.example.net' }), [], 'create'],
    [
      'an existing record is skipped',
      rec({ type: 'A', name: 'www', content: '192.0.2.1' }),
      [rec({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 1 })],
      'skip',
    ],
    ['a FQDN outside the zone fails', rec({ type: 'A', name: 'www.other.org.', content: '192.0.2.1' }), [], 'fail'],
  ])('%s', (_what, record, existing, action) => {
    const held = existing.map((r, i) => ({ id: `id${i}`, record: r }));
    expect(plan(zone, [record], held).steps[0]?.action).toBe(action);
  });

  it('says why a record is skipped', () => {
    const [dup] = plan(
      zone,
      [rec({ type: 'A', name: '@', content: '192.0.2.1', ttl: 600 })],
      [{ id: 'a', record: rec({ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }) }],
    ).steps;
    expect(dup).toMatchObject({ action: 'skip', exists: true });
    expect(dup?.action === 'skip' && dup.reason).toMatch(
      /^already exists, TTL 300 at the target, 600 in the source \(left as it is; mirror mode/,
    );
  });

  it('skips a record sent twice in one request', () => {
    const { steps } = plan(zone, [rec({ type: 'TXT', name: '@', content: 'x' }), rec({ type: 'TXT', name: '@', content: '"x"' })], []);
    expect(steps.map((s) => s.action)).toEqual(['create', 'skip']);
  });

  it('into a new zone, finds a repeat among several records of one name, and refuses what clashes with an earlier one', () => {
    const records = [
      rec({ type: 'A', name: 'www', content: '192.0.2.1' }),
      rec({ type: 'TXT', name: 'www', content: 'v=spf1 -all' }),
      rec({ type: 'A', name: 'mail', content: '192.0.2.9' }),
      rec({ type: 'A', name: 'www', content: '192.0.2.2' }),
      rec({ type: 'TXT', name: 'www', content: '"v=spf1" " -all"' }), // the second record again, split elsewhere
      rec({ type: 'CNAME', name: 'www', content: 'elsewhere.example.net' }),
      rec({ type: 'TXT', name: 'www', content: 'v=spf1 include:other.example -all' }),
      rec({ type: 'A', name: 'mail', content: '192.0.2.9', ttl: 600 }), // the third record again: TTL is no part of a record's identity
    ];
    const { steps, conflicts } = plan(zone, records, []);
    expect(steps.map((s) => s.action)).toEqual(['create', 'create', 'create', 'create', 'skip', 'fail', 'fail', 'skip']);
    expect(steps[4]).toMatchObject({ reason: 'already exists (same as record 2 of this zone)', exists: true });
    expect(steps[7]).toMatchObject({ reason: 'already exists (same as record 3 of this zone)', exists: true });
    expect(steps[5]).toMatchObject({ clash: 'a CNAME stands alone at its name (RFC 1034 §3.6.2), and www also holds A, TXT, A' });
    expect(steps[6]?.action === 'fail' && steps[6].clash).toMatch(/^it would be a second SPF record/);
    expect(conflicts.map((c) => `${c.conflict.name} ${c.conflict.type}`)).toEqual(['www TXT', 'www CNAME']);
  });
  it('brings TTLs into the target range and says so', () => {
    const [low, high, auto] = plan(
      zone,
      [
        rec({ type: 'A', name: 'a', content: '192.0.2.1', ttl: 30 }),
        rec({ type: 'A', name: 'b', content: '192.0.2.1', ttl: 604800 }),
        rec({ type: 'A', name: 'c', content: '192.0.2.1', ttl: 1 }),
      ],
      [],
    ).steps;
    expect(low).toMatchObject({ action: 'create', record: { ttl: 60 }, note: "TTL 30 → 60, the target's minimum" });
    expect(high).toMatchObject({ action: 'create', record: { ttl: 86400 } });
    expect(auto).toMatchObject({ action: 'create', record: { ttl: 1 } });
    expect(auto && 'note' in auto ? auto.note : undefined).toBeUndefined();
  });

  it('converges: planning against what was created yields no create', () => {
    const input = [
      rec({ type: 'A', name: 'WWW.example.com.', content: '192.0.2.1' }),
      rec({ type: 'TXT', name: '@', content: 'v=spf1 include:_spf.example.net -all' }),
      rec({ type: 'TXT', name: 'long', content: 'x'.repeat(700) }),
      rec({ type: 'MX', name: '@', content: 'Mail.Example.com.', priority: 10 }),
      rec({ type: 'SRV', name: '_sip._tcp', content: 'sip.example.com', priority: 1, weight: 2, port: 5060 }),
      rec({ type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"' }),
      rec({ type: 'AAAA', name: 'v6', content: '2001:0db8::0001' }),
    ];
    const first = plan(zone, input, []).steps;
    const created = first.flatMap((s, i) => (s.action === 'create' ? [{ id: `id${i}`, record: s.record }] : []));
    expect(created).toHaveLength(input.length);
    expect(plan(zone, input, created).steps.every((s) => s.action === 'skip')).toBe(true);
  });
});

describe('plan: RRsets, mirror and prune', () => {
  const heldAs = (records: DnsRecord[]) => records.map((record, i) => ({ id: `id${i}`, record }));
  const A = (name: string, content: string, extra: Record<string, unknown> = {}) => rec({ type: 'A', name, content, ...extra });

  it('mirror sets TTL and proxy in place, replaces the rest of an RRset, and leaves other RRsets unless pruning', () => {
    const existing = heldAs([A('www', '203.0.113.9'), A('mail', '192.0.2.25', { ttl: 1, proxied: true }), A('old', '198.51.100.7')]);
    const input = [A('www', '192.0.2.1'), A('mail', '192.0.2.25')];
    const mirror = plan(zone, input, existing, { mode: 'mirror', prune: false });
    expect(mirror.steps.map((s) => s.action)).toEqual(['create', 'update']);
    expect(mirror.steps[0]).toMatchObject({ replaces: [{ content: '203.0.113.9' }] });
    expect(mirror.steps[1]).toMatchObject({ change: 'proxied → DNS only, TTL 1 → 300', after: { ttl: 300 } });
    expect(mirror.steps[1]?.action === 'update' && 'proxied' in mirror.steps[1].after).toBe(false);
    expect(mirror.removals.map((r) => `${r.held.record.name} ${r.reason}`)).toEqual(["www replaced by the source's A www"]);
    expect(mirror.targetOnly).toBe(1);
    expect(mirror.churn).toEqual({ changed: 2, held: 3 });
    const pruned = plan(zone, input, existing, { mode: 'mirror', prune: true });
    expect(pruned.removals.map((r) => `${r.held.record.name} ${r.reason}`)).toEqual([
      "www replaced by the source's A www",
      'old not in the source',
    ]);
    expect(pruned.targetOnly).toBe(0);
  });

  it('mirror: an apex CNAME displaces the A and AAAA there, and leaves MX and TXT beside it (the target flattens it)', () => {
    const existing = heldAs([
      A('@', '192.0.2.1'),
      rec({ type: 'AAAA', name: '@', content: '2001:db8::1' }),
      rec({ type: 'MX', name: '@', content: 'mail.example.com', priority: 10 }),
      rec({ type: 'TXT', name: '@', content: '"v=spf1 -all"' }),
    ]);
    const cname = rec({ type: 'CNAME', name: '@', content: 'app.host.example' });
    const mirror = plan(zone, [cname], existing, { mode: 'mirror', prune: false });
    expect(mirror.steps.map((s) => s.action)).toEqual(['create']);
    expect(mirror.removals.map((r) => `${r.held.record.type} ${r.reason}`)).toEqual([
      "A the source's CNAME at @ cannot sit beside it",
      "AAAA the source's CNAME at @ cannot sit beside it",
    ]);
    expect(mirror.steps[0]).toMatchObject({ replaces: [{ type: 'A' }, { type: 'AAAA' }] });
    // and the other way: the source's MX at the apex leaves the target's CNAME there, its A displaces it
    const held = heldAs([cname]);
    expect(
      plan(zone, [rec({ type: 'MX', name: '@', content: 'mx.example.com', priority: 5 })], held, { mode: 'mirror', prune: false }).removals,
    ).toEqual([]);
    expect(plan(zone, [A('@', '192.0.2.7')], held, { mode: 'mirror', prune: false }).removals.map((r) => r.held.record.type)).toEqual([
      'CNAME',
    ]);
  });

  it('never removes what the target serves itself, nor an RRset whose source record could not be read', () => {
    const existing = heldAs([
      rec({ type: 'NS', name: '@', content: 'ada.ns.cloudflare.com' }),
      A('www', '203.0.113.9'),
      A('api', '192.0.2.80'),
    ]);
    const input = [{ type: 'A', name: 'www', content: '999.0.0.1', ttl: 300 }, A('api', '192.0.2.81')];
    const p = plan(zone, input, existing, { mode: 'mirror', prune: true });
    expect(p.steps.map((s) => s.action)).toEqual(['fail', 'create']);
    expect(p.removals.map((r) => r.held.record.content)).toEqual(['192.0.2.80']);
  });

  it('converges: mirror against what it leaves plans no change', () => {
    const input = [
      A('www', '192.0.2.1', { proxied: true }),
      A('www', '192.0.2.2', { proxied: true }),
      rec({ type: 'MX', name: '@', content: 'mx.example.com', priority: 10 }),
    ];
    const first = plan(zone, input, heldAs([A('www', '203.0.113.9', { ttl: 1, proxied: true })]), { mode: 'mirror', prune: true });
    const after = first.steps.flatMap((s) =>
      s.action === 'create' ? [{ ...s.record, ...(s.record.type === 'A' && s.record.proxied ? { ttl: 1 } : {}) }] : [],
    );
    const again = plan(zone, input, heldAs(after), { mode: 'mirror', prune: true });
    expect(again.steps.every((s) => s.action === 'skip')).toBe(true);
    expect(again.removals).toEqual([]);
    expect(again.conflicts).toEqual([]);
  });

  it('add mode tells every RRset that will not answer as the source says, and only those', () => {
    const existing = heldAs([A('www', '203.0.113.9'), A('same', '192.0.2.3'), A('ttl', '192.0.2.4', { ttl: 3600 })]);
    const p = plan(zone, [A('www', '192.0.2.1'), A('same', '192.0.2.3'), A('ttl', '192.0.2.4')], existing);
    expect(p.conflicts.map((c) => c.message)).toEqual([
      'www A: the target also holds 203.0.113.9; after this run both answer — mirror mode replaces it',
      'ttl A: 192.0.2.4 is TTL 3600 at the target, 300 in the source, and stays so — mirror mode sets it as the source says',
    ]);
  });

  it('into a new zone, tells only the RRsets the source itself refuses', () => {
    // the CNAME comes first, so the A record beside it is the one refused; the other RRsets answer as sent
    const sent = [
      rec({ type: 'CNAME', name: 'www', content: 'web.example.net' }),
      A('www', '192.0.2.1'),
      A('api', '192.0.2.2'),
      A('api', '192.0.2.2'),
    ];
    const p = plan(zone, sent, []);
    expect(p.steps.map((s) => s.action)).toEqual(['create', 'fail', 'create', 'skip']);
    expect(p.conflicts.map((c) => [c.conflict.name, c.conflict.type])).toEqual([['www', 'A']]);
    expect(p.conflicts[0]?.message).toMatch(/^www A: the source's 192\.0\.2\.1 is not added: /);
    expect(plan(zone, sent.slice(2), []).conflicts).toEqual([]);
  });

  it('may stop inside every pass over the records, not only between records: no pass of a large plan is one step', () => {
    // 5,120 sent, 5,120 held (a third changed): in mirror mode every pass runs over all of them
    const n = 5120;
    const sent = Array.from({ length: n }, (_, i): DnsRecord => ({ type: 'A', name: `h${i}`, content: '192.0.2.1', ttl: 300 }));
    const held = sent.map((r, i) => ({ id: `r${i}`, record: i % 3 === 0 ? { ...r, content: '192.0.2.9' } : r }));
    const steps = planning('example.com', sent, held, { mode: 'mirror', prune: true });
    let stops = 0;
    for (let s = steps.next(); !s.done; s = steps.next()) stops++;
    // at least one stop per 256 items in each of its passes (held, sent, planned, removals, conflicts)
    expect(stops).toBeGreaterThanOrEqual((10 * n) / 256);
    expect(plan('example.com', sent, held, { mode: 'mirror', prune: true }).removals).toHaveLength(Math.ceil(n / 3));
  });
});
