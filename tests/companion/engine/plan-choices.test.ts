import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, isProxied, type DnsRecord, type MigrateMode, type RRsetChoice } from '@dnsferry/shared';
import { plan as planFor, type IncomingRecord, type PlanOptions, type ZonePlan } from '@dnsferry/companion/engine/plan';
import type { HeldRecord } from '@dnsferry/companion/engine/ports';
import { CLOUDFLARE_RULES } from '@dnsferry/companion/providers/cloudflare/capabilities';

/**
 * Per-RRset choices (`zones[].rrsets`): keep the target's, replace with the source's, keep both,
 * mixed in one zone and carried out exactly. Each case applies the plan to an in-memory zone and
 * compares what the zone then holds with the outcome worked out by hand.
 */
const zone = 'example.com';
/** The planner as it plans for the product's target: Cloudflare's rules. */
const plan = (
  name: string,
  records: readonly (IncomingRecord | DnsRecord)[],
  existing: readonly HeldRecord[],
  opts: Omit<PlanOptions, 'rules'> = { mode: 'add', prune: false },
): ZonePlan => planFor(name, records, existing, { ...opts, rules: CLOUDFLARE_RULES });
const rec = (r: Record<string, unknown>): DnsRecord => DnsRecordSchema.parse({ ttl: 300, ...r });
const A = (name: string, content: string, extra: Record<string, unknown> = {}) => rec({ type: 'A', name, content, ...extra });
const TXT = (name: string, content: string, extra: Record<string, unknown> = {}) => rec({ type: 'TXT', name, content, ...extra });
const heldAs = (records: DnsRecord[]): HeldRecord[] => records.map((record, i) => ({ id: `id${i}`, record }));

/** Cloudflare's onboarding: web hosts proxied, TTL automatic, a stale www, an old SPF policy. */
const onboarded = () =>
  heldAs([
    A('@', '192.0.2.1', { ttl: 1, proxied: true }),
    A('www', '203.0.113.9', { ttl: 1, proxied: true }),
    A('mail', '93.184.216.34', { ttl: 1, proxied: true }),
    rec({ type: 'MX', name: '@', content: 'mail.example.com', priority: 10, ttl: 1 }),
    TXT('@', '"v=spf1 include:old.example -all"', { ttl: 1 }),
    TXT('_dmarc', '"v=DMARC1; p=none"', { ttl: 1 }),
  ]);
/** What the source says now. */
const source = () => [
  A('@', '192.0.2.1'),
  A('www', '192.0.2.1'),
  A('mail', '93.184.216.34'),
  rec({ type: 'MX', name: '@', content: 'mail.example.com', priority: 10, ttl: 3600 }),
  TXT('@', '"v=spf1 include:new.example -all"'),
  TXT('_dmarc', '"v=DMARC1; p=none"'),
];

/** The zone after the plan's writes, one line per record: `TYPE name content ttl` and `proxied`. */
function applied(held: readonly HeldRecord[], p: ZonePlan): string[] {
  const gone = new Set(p.removals.map((r) => r.held.id));
  const updated = new Map(p.steps.flatMap((s) => (s.action === 'update' ? [[s.held.id, s.after] as const] : [])));
  const records = [
    ...held.filter((h) => !gone.has(h.id)).map((h) => updated.get(h.id) ?? h.record),
    ...p.steps.flatMap((s) => (s.action === 'create' ? [s.record] : [])),
  ];
  return records.map((r) => `${r.type} ${r.name} ${r.content} ${r.ttl}${isProxied(r) ? ' proxied' : ''}`).sort();
}

const choice = (name: string, type: string, action: RRsetChoice['action']): RRsetChoice => ({ name, type, action }) as RRsetChoice;

// The outcome of the issue's choices: www A and the SPF policy replaced, the rest kept both ways (TTL and proxy as the target has them).
const ISSUE_OUTCOME = [
  'A @ 192.0.2.1 1 proxied',
  'A mail 93.184.216.34 1 proxied',
  'A www 192.0.2.1 300',
  'MX @ mail.example.com 1',
  'TXT @ "v=spf1 include:new.example -all" 300',
  'TXT _dmarc "v=DMARC1; p=none" 1',
];

describe('plan: per-RRset choices carried out exactly', () => {
  it.each<[string, MigrateMode, RRsetChoice[], string[], string[]]>([
    [
      'add mode, www A and the SPF policy replaced',
      'add',
      [choice('www', 'A', 'replace'), choice('@', 'TXT', 'replace')],
      ISSUE_OUTCOME,
      ['skip', 'create', 'skip', 'skip', 'create', 'skip'],
    ],
    [
      'mirror mode, the others kept both ways or kept as the target has them: the same zone',
      'mirror',
      [choice('@', 'A', 'add'), choice('mail', 'A', 'keep'), choice('@', 'MX', 'add'), choice('_dmarc', 'TXT', 'add')],
      ISSUE_OUTCOME,
      ['skip', 'create', 'skip', 'skip', 'create', 'skip'],
    ],
    [
      'FQDNs name the same RRsets',
      'add',
      [choice('www.example.com.', 'A', 'replace'), choice('example.com', 'TXT', 'replace')],
      ISSUE_OUTCOME,
      ['skip', 'create', 'skip', 'skip', 'create', 'skip'],
    ],
    [
      'www A kept as the target has it, the proxy of mail set as the source says',
      'add',
      [choice('www', 'A', 'keep'), choice('mail', 'A', 'replace'), choice('@', 'TXT', 'keep')],
      [
        'A @ 192.0.2.1 1 proxied',
        'A mail 93.184.216.34 300',
        'A www 203.0.113.9 1 proxied',
        'MX @ mail.example.com 1',
        'TXT @ "v=spf1 include:old.example -all" 1',
        'TXT _dmarc "v=DMARC1; p=none" 1',
      ],
      ['skip', 'skip', 'update', 'skip', 'skip', 'skip'],
    ],
    [
      'keeping both SPF policies cannot be carried out: that record fails, the rest as chosen',
      'mirror',
      [choice('@', 'TXT', 'add')],
      [
        'A @ 192.0.2.1 300',
        'A mail 93.184.216.34 300',
        'A www 192.0.2.1 300',
        'MX @ mail.example.com 3600',
        'TXT @ "v=spf1 include:old.example -all" 1',
        'TXT _dmarc "v=DMARC1; p=none" 300',
      ],
      ['update', 'create', 'update', 'update', 'fail', 'update'],
    ],
  ])('%s', (_what, mode, choices, outcome, actions) => {
    const held = onboarded();
    const p = plan(zone, source(), held, { mode, prune: false, choices });
    expect(p.steps.map((s) => s.action)).toEqual(actions);
    expect(applied(held, p)).toEqual(outcome);
  });

  it('tells each listed RRset with the action carried out, and whether keeping both is possible', () => {
    const p = plan(zone, source(), onboarded(), {
      mode: 'add',
      prune: false,
      choices: [choice('www', 'A', 'replace'), choice('@', 'TXT', 'add')],
    });
    const byName = new Map(p.conflicts.map((c) => [`${c.conflict.name} ${c.conflict.type}`, c]));
    expect(byName.get('www A')?.conflict).toEqual({
      name: 'www',
      type: 'A',
      source: ['192.0.2.1'],
      target: ['203.0.113.9'],
      after: ['192.0.2.1'],
      action: 'replace',
    });
    expect(byName.get('www A')?.message).toBe(
      "www A: the source's 192.0.2.1 replaces the target's 203.0.113.9, as the request chose (replace)",
    );
    const spf = byName.get('@ TXT');
    expect(spf?.conflict.action).toBe('add');
    expect(spf?.conflict.after).toEqual(['"v=spf1 include:old.example -all"']);
    expect(spf?.conflict.bothRefused).toMatch(/^"v=spf1 include:new\.example -all": it would be a second SPF record/);
    expect(spf?.message).toMatch(/keeping both cannot be carried out here: keep the target's or replace it$/);
    const refused = p.steps[4];
    expect(refused?.action === 'fail' && refused.reason).toMatch(/^not added: it would be a second SPF record: .*; keeping both cannot/);
    // unlisted RRsets in add mode: as before, plus the action and the TTL or proxy that stays
    expect(byName.get('mail A')?.conflict).toMatchObject({
      action: 'add',
      drift: ['93.184.216.34: proxied at the target, DNS only in the source, TTL 1 at the target, 300 in the source'],
    });
    expect(byName.get('mail A')?.conflict.bothRefused).toBeUndefined();
    expect(byName.get('mail A')?.message).toMatch(/— mirror mode sets it as the source says$/);
  });

  it('a kept RRset is told, its source records left out and the target’s left as they are', () => {
    const p = plan(zone, source(), onboarded(), { mode: 'add', prune: false, choices: [choice('www', 'A', 'keep')] });
    expect(p.steps[1]).toMatchObject({ action: 'skip', kept: true, exists: false });
    const www = p.conflicts.find((c) => c.conflict.name === 'www');
    expect(www?.conflict).toMatchObject({ action: 'keep', source: ['192.0.2.1'], target: ['203.0.113.9'], after: ['203.0.113.9'] });
    expect(www?.message).toBe(
      "www A: the target's 203.0.113.9 stays as it is and the source's 192.0.2.1 is not added, as the request chose (keep)",
    );
  });

  describe('a CNAME and the data at its name', () => {
    const held = () => heldAs([A('www', '203.0.113.9'), rec({ type: 'MX', name: '@', content: 'mx.example.com', priority: 5 })]);
    const cname = rec({ type: 'CNAME', name: 'www', content: 'app.host.example' });

    it.each<[string, RRsetChoice[], string[], string]>([
      ['keep both cannot be carried out', [], ['A www 203.0.113.9 300', 'MX @ mx.example.com 300'], 'fail'],
      [
        'replace displaces the A',
        [choice('www', 'CNAME', 'replace')],
        ['CNAME www app.host.example 300', 'MX @ mx.example.com 300'],
        'create',
      ],
      [
        'replace, with the target’s A kept: the CNAME cannot be added',
        [choice('www', 'CNAME', 'replace'), choice('www', 'A', 'keep')],
        ['A www 203.0.113.9 300', 'MX @ mx.example.com 300'],
        'fail',
      ],
      ['keep the target’s', [choice('www', 'CNAME', 'keep')], ['A www 203.0.113.9 300', 'MX @ mx.example.com 300'], 'skip'],
    ])('%s', (_what, choices, outcome, action) => {
      const h = held();
      const p = plan(zone, [cname], h, { mode: 'add', prune: false, choices });
      expect(p.steps[0]?.action).toBe(action);
      expect(applied(h, p)).toEqual(outcome);
    });

    it('says why keeping both is refused, and why a replace is when a kept RRset is in the way', () => {
      const unlisted = plan(zone, [cname], held());
      expect(unlisted.conflicts[0]?.conflict.bothRefused).toBe(
        'app.host.example: a CNAME stands alone at its name (RFC 1034 §3.6.2), and www also holds A',
      );
      const blocked = plan(zone, [cname], held(), {
        mode: 'add',
        prune: false,
        choices: [choice('www', 'CNAME', 'replace'), choice('www', 'A', 'keep')],
      });
      const step = blocked.steps[0];
      expect(step?.action === 'fail' && step.reason).toBe(
        "not added: the request keeps the target's A at www, and a CNAME stands alone at its name (RFC 1034 §3.6.2), and www also holds A",
      );
      expect(blocked.removals).toEqual([]);
    });
  });

  it('replace on an RRset the source lacks removes it; keep shelters one from prune', () => {
    const held = heldAs([A('www', '192.0.2.1'), A('old', '198.51.100.7'), A('legacy', '198.51.100.8')]);
    const input = [A('www', '192.0.2.1')];
    const addMode = plan(zone, input, held, { mode: 'add', prune: false, choices: [choice('old', 'A', 'replace')] });
    expect(addMode.removals.map((r) => r.held.record.name)).toEqual(['old']);
    expect(addMode.targetOnly).toBe(1);
    const pruned = plan(zone, input, held, { mode: 'mirror', prune: true, choices: [choice('legacy', 'A', 'keep')] });
    expect(pruned.removals.map((r) => r.held.record.name)).toEqual(['old']);
    expect(pruned.targetOnly).toBe(0);
  });

  it('names the listed RRsets that neither side has', () => {
    const p = plan(zone, source(), onboarded(), {
      mode: 'add',
      prune: false,
      choices: [choice('wwww', 'A', 'replace'), choice('www', 'A', 'replace')],
    });
    expect(p.unmatched).toEqual(['wwww|A']);
    expect(plan(zone, source(), onboarded()).unmatched).toBeUndefined();
  });

  it('converges: planning again with the same choices writes nothing', () => {
    const choices = [choice('www', 'A', 'replace'), choice('@', 'TXT', 'replace'), choice('mail', 'A', 'keep')];
    const held = onboarded();
    const first = plan(zone, source(), held, { mode: 'add', prune: false, choices });
    const after = heldAs(
      applied(held, first).map((line) => {
        const r = [...held.map((h) => h.record), ...first.steps.flatMap((s) => ('record' in s && s.record ? [s.record] : []))].find(
          (x) => `${x.type} ${x.name} ${x.content} ${x.ttl}${isProxied(x) ? ' proxied' : ''}` === line,
        );
        if (!r) throw new Error(`no record for ${line}`);
        return r;
      }),
    );
    const again = plan(zone, source(), after, { mode: 'add', prune: false, choices });
    expect(again.steps.filter((s) => s.action === 'create' || s.action === 'update' || s.action === 'fail')).toEqual([]);
    expect(again.removals).toEqual([]);
    // what was chosen and is now as chosen: www and the SPF policy answer as the source, so they are no conflict
    expect(again.conflicts.map((c) => `${c.conflict.name} ${c.conflict.type} ${c.conflict.action}`).sort()).toEqual([
      '@ A add',
      '@ MX add',
      '_dmarc TXT add',
      'mail A keep',
    ]);
  });

  it('without rrsets, the plan is the mode’s as before', () => {
    const held = onboarded();
    for (const mode of ['add', 'mirror'] as const) {
      const without = plan(zone, source(), held, { mode, prune: false });
      const empty = plan(zone, source(), held, { mode, prune: false, choices: [] });
      expect(empty).toEqual(without);
    }
  });
});
