import { describe, expect, it } from 'vitest';
import { useStack, zoneComplete } from '../../support/stack';
import { recordSecrets } from '../../support/leak-watch';

let oldToken: string;
let oldZoneId: string;

/** A zone proxied today in another account ("Old Agency"), whose token reads it and nothing else. */
const stack = useStack({
  prepare: (s) => {
    const old = s.sim.addAccount({ name: 'Old Agency' });
    oldToken = s.sim.addToken({ accountIds: [old.id], permissions: ['zone:read', 'dns:read'] });
    recordSecrets(oldToken);
    const zone = s.sim.addZone({ accountId: old.id, name: 'moving.example', status: 'active' });
    oldZoneId = zone.id;
    s.sim.addRecord(zone.id, {
      type: 'A',
      name: 'moving.example',
      content: '192.0.2.10',
      ttl: 1,
      proxied: true,
      comment: 'origin, web-1',
    });
    s.sim.addRecord(zone.id, { type: 'CNAME', name: 'www.moving.example', content: 'moving.example', ttl: 1, proxied: true });
    s.sim.addRecord(zone.id, { type: 'MX', name: 'moving.example', content: 'mail.moving.example', priority: 10, ttl: 3600 });
    s.sim.addRecord(zone.id, { type: 'A', name: 'mail.moving.example', content: '192.0.2.25', ttl: 3600, comment: 'never proxied' });
    s.sim.addRecord(zone.id, { type: 'TXT', name: 'moving.example', content: '"v=spf1 mx -all"', ttl: 300 });
  },
});

const held = (zoneId: string) =>
  (
    stack().sim.records(zoneId) as Array<{
      type: string;
      name: string;
      content: string;
      ttl: number;
      proxied?: boolean;
      comment: string | null;
    }>
  )
    .filter((r) => r.type !== 'NS')
    .map((r) => `${r.type} ${r.name} ${r.content} ttl=${r.ttl} proxied=${r.proxied ?? false} comment=${r.comment ?? ''}`)
    .sort();

describe('POST /api/migrate with zones[].cloudflare (another account as the source)', () => {
  it('copies the zone as the other account holds it: proxy, TTL and comments kept', async () => {
    const { status, events } = await stack().migrate({ zones: [{ name: 'moving.example', cloudflare: { token: oldToken } }] });
    expect(status).toBe(200);
    expect(zoneComplete(events, 'moving.example')).toMatchObject({ created: 5, failed: 0 });
    const infos = events.filter((e) => e.type === 'info').map((e) => e.message);
    expect(infos).toContain(`Read 5 records of moving.example from the source account (zone ${oldZoneId}, active), 2 of them proxied`);
    const target = stack().sim.zoneByName('moving.example', stack().seed.accountId);
    expect(target?.id).not.toBe(oldZoneId);
    expect(held(target?.id ?? '')).toEqual(held(oldZoneId));
    expect(held(oldZoneId)).toContain('A moving.example 192.0.2.10 ttl=1 proxied=true comment=origin, web-1');
  });

  it('reads the zone by its id, and refuses an id that names another zone', async () => {
    const ok = await stack().migrate({
      zones: [{ name: 'moving.example', cloudflare: { token: oldToken, zoneId: oldZoneId } }],
      dryRun: true,
    });
    expect(zoneComplete(ok.events, 'moving.example')).toMatchObject({ created: 5 });
    const other = stack().sim.addZone({ accountId: stack().seed.accountId, name: 'other.example', status: 'active' });
    const wrong = await stack().migrate({
      zones: [{ name: 'moving.example', cloudflare: { token: stack().seed.token, zoneId: other.id } }],
    });
    const errors = wrong.events.filter((e) => e.type === 'error').map((e) => e.message);
    expect(errors).toEqual([`Zone failed: Cloudflare: zone ${other.id} of the source account is other.example, not moving.example`]);
  });

  it('says plainly when the token does not see the zone, never echoing the token', async () => {
    const blind = stack().sim.addToken({ accountIds: [stack().seed.accountId], permissions: ['zone:read', 'dns:read'] });
    recordSecrets(blind);
    const { events } = await stack().migrate({ zones: [{ name: 'moving.example', cloudflare: { token: blind } }] });
    const errors = events.filter((e) => e.type === 'error').map((e) => e.message);
    // the target's zone, made just before, is the one zone of that name this token sees: not a source
    expect(errors).toEqual([
      "Zone failed: Cloudflare: the source account's token sees only the target's own zone moving.example: give the token of the account the zone comes from",
    ]);
    const none = await stack().migrate({ zones: [{ name: 'elsewhere.example', cloudflare: { token: oldToken } }] });
    expect(none.events.filter((e) => e.type === 'error').map((e) => e.message)).toEqual([
      "Zone failed: Cloudflare: the source account's token sees no zone elsewhere.example (it needs Zone Read and DNS Read)",
    ]);
    const bad = await stack().migrate({ zones: [{ name: 'moving.example', cloudflare: { token: 'has spaces in it' } }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: { field: 'zones.0.cloudflare.token', message: expect.stringMatching(/characters a token cannot have/) },
    });
    expect(JSON.stringify(bad.body)).not.toContain('has spaces in it');
  });
});
