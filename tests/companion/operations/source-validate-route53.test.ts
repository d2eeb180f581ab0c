import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema, SourceValidateResponseSchema } from '@dnsferry/shared';
import { useStack } from '../../support/stack';

// POST /api/source/validate with `provider: "route53"`: the keys checked against the Route 53 simulator.
const keys = () => {
  const k = stack().route53Demo?.keys;
  if (!k) throw new Error('no Route 53 demo');
  return { provider: 'route53', accessKeyId: k.accessKeyId, secretAccessKey: k.secretAccessKey };
};
const validate = (payload: Record<string, unknown>) => stack().app.inject({ method: 'POST', url: '/api/source/validate', payload });

const stack = useStack({ once: true, route53: true, config: { retryBaseMs: 1 } });
beforeEach(() => {
  stack().route53?.resetCounters();
});

describe('POST /api/source/validate (Route 53)', () => {
  it('accepts working keys with one Route 53 request, and lists no subscriptions (an AWS account has none)', async () => {
    const res = await validate(keys());
    expect(res.statusCode).toBe(200);
    expect(SourceValidateResponseSchema.parse(res.json())).toEqual({ success: true, subscriptions: [] });
    expect(stack().route53?.requests.map((r) => r.url)).toEqual(['/2013-04-01/hostedzone?maxitems=1']);
  });

  it('answers 401 for a wrong secret, with AWS code and a hint, and no key anywhere', async () => {
    const wrong = 'Wr0ng+secret/that-is-forty-characters-xx';
    const res = await validate({ ...keys(), secretAccessKey: wrong });
    expect(res.statusCode).toBe(401);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toMatch(/^Route 53 SignatureDoesNotMatch: .* — check the secret access key$/);
    const everything = res.payload + stack().logs.join('');
    for (const secret of [wrong, keys().secretAccessKey, keys().accessKeyId]) expect(everything).not.toContain(secret);
  });

  it('answers 401 for a key AWS does not know, and 403 for keys without the permission', async () => {
    const unknown = await validate({ ...keys(), accessKeyId: 'AKIAUNKNOWNKEY000000' });
    expect(unknown.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(unknown.json()).error.message).toMatch(/^Route 53 InvalidClientTokenId:/);
    const denied = stack().route53?.addKey({ canRead: false });
    const res = await validate({ provider: 'route53', accessKeyId: denied?.accessKeyId, secretAccessKey: denied?.secretAccessKey });
    expect(res.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/route53:ListHostedZones/);
  });

  it('names the field of a malformed request, before any call', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...keys(), accessKeyId: 'akia-lower-case' }, 'accessKeyId'],
      [{ provider: 'route53', accessKeyId: keys().accessKeyId }, 'secretAccessKey'],
      [{ ...keys(), sessionToken: '' }, 'sessionToken'],
      [{ ...keys(), provider: 'gcp' }, 'provider'],
      // Without a provider the body is Azure's, as before Route 53 was added.
      [{ accessKeyId: keys().accessKeyId, secretAccessKey: 'x' }, 'authMethod'],
    ];
    for (const [payload, field] of cases) {
      const res = await validate(payload);
      expect(res.statusCode, field).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).error.field).toBe(field);
    }
    expect(stack().route53?.counters.requests).toBe(0);
  });
});
