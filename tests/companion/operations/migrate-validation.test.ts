import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@dnsferry/shared';
import { useStack } from '../../support/stack';

const stack = useStack({ once: true });

const good = () => ({
  targetToken: stack().seed.token,
  targetAccountId: stack().seed.accountId,
  zones: [{ name: 'example.com', records: [] }],
});

describe('request validation', () => {
  it.each([
    ['a missing token', (b: Record<string, unknown>) => ({ ...b, targetToken: undefined }), 'targetToken'],
    ['a malformed account id', (b: Record<string, unknown>) => ({ ...b, targetAccountId: 'xyz' }), 'targetAccountId'],
    ['no zones', (b: Record<string, unknown>) => ({ ...b, zones: [] }), 'zones'],
    ['an invalid zone name', (b: Record<string, unknown>) => ({ ...b, zones: [{ name: 'not a domain', records: [] }] }), 'zones.0.name'],
    ['partial that is not true or false', (b: Record<string, unknown>) => ({ ...b, partial: 'yes' }), 'partial'],
    [
      "a zone's partial that is not true or false",
      (b: Record<string, unknown>) => ({ ...b, zones: [{ name: 'example.com', records: [], partial: 1 }] }),
      'zones.0.partial',
    ],
    // A record's shape is the request's business; its values are checked per record, in the stream.
    [
      'a record that is not an object',
      (b: Record<string, unknown>) => ({ ...b, zones: [{ name: 'example.com', records: ['@ A 192.0.2.1'] }] }),
      'zones.0.records.0',
    ],
    [
      'a record without a type',
      (b: Record<string, unknown>) => ({
        ...b,
        zones: [{ name: 'example.com', records: [{ name: '@', content: '192.0.2.1', ttl: 300 }] }],
      }),
      'zones.0.records.0.type',
    ],
    [
      'a record whose name is not a string',
      (b: Record<string, unknown>) => ({ ...b, zones: [{ name: 'example.com', records: [{ type: 'A', name: 7, content: '192.0.2.1' }] }] }),
      'zones.0.records.0.name',
    ],
    [
      'a zone sent as records and as a zone file',
      (b: Record<string, unknown>) => ({ ...b, zones: [{ name: 'example.com', records: [], zoneFile: '@ A 192.0.2.1' }] }),
      'zones.0.zoneFile',
    ],
    [
      'a zone without records and no source',
      (b: Record<string, unknown>) => ({ ...b, zones: [{ name: 'example.com' }] }),
      'subscriptionId',
    ],
  ])('%s → 400 naming the field', async (_what, mutate, field) => {
    const res = await stack().app.inject({ method: 'POST', url: '/api/migrate', payload: mutate(good()) });
    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.field).toBe(field);
    expect(body.error.message.startsWith(`${field}: `)).toBe(true);
  });

  it.each([
    ['an unknown record type', { type: 'SPF', name: '@', content: 'x', ttl: 1 }, /record type SPF is not supported/],
    ['an MX without priority', { type: 'MX', name: '@', content: 'mx.example.com', ttl: 300 }, /priority: expected priority/],
    ['an A record holding IPv6', { type: 'A', name: '@', content: '::1', ttl: 300 }, /::1 is not an IPv4 address/],
  ])('%s → an error event for that record, not a 400', async (_what, record, message) => {
    const res = await stack().app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: { ...good(), dryRun: true, zones: [{ name: 'example.com', records: [record] }] },
    });
    expect(res.statusCode).toBe(200);
    const errors = res.payload
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; index?: number; message: string })
      .filter((e) => e.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.index).toBe(1);
    expect(errors[0]?.message).toMatch(message);
  });

  it('refuses what is not a JSON object', async () => {
    for (const payload of ['[]', 'null', '42', '{"a":']) {
      const res = await stack().app.inject({
        method: 'POST',
        url: '/api/migrate',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('invalid_request');
    }
  });

  it('accepts only JSON bodies and only POST', async () => {
    const text = await stack().app.inject({
      method: 'POST',
      url: '/api/migrate',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(good()),
    });
    expect(text.statusCode).toBe(415);
    const form = await stack().app.inject({
      method: 'POST',
      url: '/api/migrate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    const get = await stack().app.inject({ method: 'GET', url: '/api/migrate' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const nowhere = await stack().app.inject({ method: 'POST', url: '/api/nowhere', payload: {} });
    expect(nowhere.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(nowhere.json()).error.code).toBe('not_found');
  });
});
