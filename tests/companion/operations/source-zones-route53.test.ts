import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, SourceZonesResponseSchema } from '@dnsferry/shared';
import { useStack } from '../../support/stack';

// POST /api/source/zones with `provider: "route53"`: the account's public hosted zones.

const stack = useStack({ once: true, route53: true, config: { retryBaseMs: 1 } });

describe('POST /api/source/zones (Route 53)', () => {
  it('lists the public hosted zones with name, id and record-set count; the private zone is left out', async () => {
    const k = stack().route53Demo?.keys;
    const res = await stack().app.inject({
      method: 'POST',
      url: '/api/source/zones',
      payload: { provider: 'route53', accessKeyId: k?.accessKeyId, secretAccessKey: k?.secretAccessKey },
    });
    expect(res.statusCode).toBe(200);
    // SOA + apex NS + 8 record sets of the demo zone.
    expect(SourceZonesResponseSchema.parse(res.json())).toEqual({
      success: true,
      zones: [{ name: 'route53-example.org', id: stack().route53Demo?.zone.id, recordCount: 10 }],
    });
  });

  it('answers 401 for keys AWS does not know', async () => {
    const res = await stack().app.inject({
      method: 'POST',
      url: '/api/source/zones',
      payload: { provider: 'route53', accessKeyId: 'AKIAUNKNOWNKEY000000', secretAccessKey: 'whatever-secret-000000000000000000000000' },
    });
    expect(res.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(res.json()).error.code).toBe('unauthorized');
  });
});
