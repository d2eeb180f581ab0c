import { beforeEach, describe, expect, it } from 'vitest';
import { heldLines, useStack, zoneComplete } from '../../support/stack';

// POST /api/migrate reading a hosted zone from the Route 53 simulator into the Cloudflare simulator.
const keys = () => {
  const k = stack().route53Demo?.keys;
  if (!k) throw new Error('no Route 53 demo');
  return k;
};
const source = () => ({ provider: 'route53', accessKeyId: keys().accessKeyId, secretAccessKey: keys().secretAccessKey });

const stack = useStack({ once: true, route53: true, config: { retryBaseMs: 1 } });
beforeEach(() => {
  stack().route53?.resetCounters();
});

describe('POST /api/migrate from Route 53', () => {
  it('migrates a hosted zone found by name, with a note per alias and routed set, and a re-run creates nothing', async () => {
    const res = await stack().migrate({ source: source(), zones: [{ name: 'route53-example.org' }] });
    expect(res.status).toBe(200);
    expect(zoneComplete(res.events, 'route53-example.org')).toMatchObject({ created: 9, skipped: 0, failed: 0 });
    expect(heldLines(stack().sim, 'route53-example.org')).toEqual([
      'A api.route53-example.org 198.51.100.10 60',
      'A api.route53-example.org 198.51.100.11 60',
      'A app.route53-example.org 198.51.100.20 300',
      'A origin.route53-example.org 198.51.100.20 300',
      'CNAME *.route53-example.org www.route53-example.org 300',
      'CNAME www.route53-example.org d3abcdefgh1234.cloudfront.net 1',
      'MX route53-example.org mx1.mail.example.net 3600',
      'MX route53-example.org mx2.mail.example.net 3600',
      'TXT route53-example.org "v=spf1 include:_spf.mail.example.net -all" 300',
    ]);
    const infos = res.events.filter((e) => e.type === 'info').map((e) => e.message);
    expect(infos).toContain(
      'Alias A www → CloudFront distribution d3abcdefgh1234.cloudfront.net: migrated as CNAME to d3abcdefgh1234.cloudfront.net, TTL automatic',
    );
    expect(infos).toContain(
      'A api: weighted routing is not carried (record sets blue, green); the target answers with the values of all of them together',
    );
    expect(infos.some((m) => m.startsWith('Alias A app → A origin of this zone'))).toBe(true);

    const again = await stack().migrate({
      source: source(),
      zones: [{ name: 'route53-example.org', hostedZoneId: stack().route53Demo?.zone.id }],
    });
    expect(zoneComplete(again.events, 'route53-example.org')).toMatchObject({ created: 0, skipped: 9, failed: 0 });
    // Given its id, the zone is read without listing the account's zones first.
    expect(stack().route53?.requests.filter((r) => r.url.startsWith('/2013-04-01/hostedzone?'))).toHaveLength(1);
  });

  it('fails the zone with the credential problem, and never shows the keys', async () => {
    const res = await stack().migrate({
      source: { ...source(), secretAccessKey: 'a-wrong-secret-of-forty-characters-00000' },
      zones: [{ name: 'route53-example.org' }],
    });
    expect(res.status).toBe(200);
    const errors = res.events.filter((e) => e.type === 'error').map((e) => e.message);
    expect(errors[0]).toMatch(/Route 53 SignatureDoesNotMatch: .* check the secret access key/);
    const everything = JSON.stringify(res.events) + stack().logs.join('');
    for (const secret of ['a-wrong-secret-of-forty-characters-00000', keys().secretAccessKey, keys().accessKeyId])
      expect(everything).not.toContain(secret);
  });

  it('refuses a body that names the source twice, or half a Route 53 source, with a 400 naming the field', async () => {
    const twice = await stack().migrate({ source: source(), sourceToken: 'x'.repeat(40), zones: [{ name: 'route53-example.org' }] });
    expect(twice).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', field: 'sourceToken' } } });
    const half = await stack().migrate({
      source: { provider: 'route53', accessKeyId: keys().accessKeyId },
      zones: [{ name: 'route53-example.org' }],
    });
    expect(half).toMatchObject({ status: 400, body: { error: { field: 'source.secretAccessKey' } } });
    const badId = await stack().migrate({ source: source(), zones: [{ name: 'route53-example.org', hostedZoneId: 'not-an-id' }] });
    expect(badId).toMatchObject({ status: 400, body: { error: { field: 'zones.0.hostedZoneId' } } });
    expect(stack().route53?.counters.requests).toBe(0);
  });
});
