import { describe, expect, it } from 'vitest';
import { MigrateRequestSchema, sourceOf } from '@dnsferry/shared';

// The source a migrate body names, typed by its schema: `source`, or Azure's fields as before.
const base = { targetToken: 'cf-token-0123456789', targetAccountId: '0123456789abcdef0123456789abcdef', zones: [{ name: 'example.org' }] };
const sub = '2c1d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const sp = { tenantId: 'contoso.onmicrosoft.com', clientId: '5b2c8a1e-0d4f-4c6b-9a7e-1f3d5c7b9e21', clientSecret: 's3cret' };
const keys = { provider: 'route53', accessKeyId: 'AKIAEXAMPLEKEY000000', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

function parse(body: Record<string, unknown>) {
  const r = MigrateRequestSchema.safeParse({ ...base, ...body });
  return r.success ? { ok: true as const, source: sourceOf(r.data) } : { ok: false as const, field: r.error.issues[0]?.path.join('.') };
}

describe('sourceOf (migrate body → typed source credentials)', () => {
  it('reads Route 53 keys and Azure in either form', () => {
    expect(parse({ source: keys })).toEqual({ ok: true, source: { provider: 'route53', credentials: keys } });
    expect(parse({ source: { provider: 'azure', authMethod: 'bearerToken', sourceToken: ' tok ', subscriptionId: sub } })).toEqual({
      ok: true,
      source: { provider: 'azure', credentials: { authMethod: 'bearerToken', sourceToken: 'tok' }, subscriptionId: sub },
    });
    expect(parse({ sourceToken: ' tok ', subscriptionId: sub })).toEqual({
      ok: true,
      source: { provider: 'azure', credentials: { authMethod: 'bearerToken', sourceToken: 'tok' }, subscriptionId: sub },
    });
    expect(parse({ ...sp, subscriptionId: sub })).toEqual({
      ok: true,
      source: { provider: 'azure', credentials: { authMethod: 'servicePrincipal', ...sp }, subscriptionId: sub },
    });
    // authMethod decides: a stray token beside a service principal is not read.
    expect(parse({ authMethod: 'servicePrincipal', sourceToken: 'ignored', ...sp, subscriptionId: sub })).toMatchObject({
      source: { credentials: { authMethod: 'servicePrincipal' } },
    });
    expect(parse({ zones: [{ name: 'example.org', records: [] }] })).toEqual({ ok: true, source: undefined });
  });

  it('refuses, naming the field, what sourceOf could not type', () => {
    expect(parse({ tenantId: sp.tenantId, clientId: sp.clientId, subscriptionId: sub })).toEqual({ ok: false, field: 'clientSecret' });
    expect(parse({ authMethod: 'servicePrincipal', sourceToken: 'tok', subscriptionId: sub })).toEqual({ ok: false, field: 'tenantId' });
    expect(parse({ authMethod: 'bearerToken', ...sp, subscriptionId: sub })).toEqual({ ok: false, field: 'sourceToken' });
    expect(parse({ ...sp, tenantId: 'not a tenant', subscriptionId: sub })).toEqual({ ok: false, field: 'tenantId' });
    expect(parse({ source: keys, subscriptionId: sub })).toEqual({ ok: false, field: 'subscriptionId' });
    expect(parse({ source: { ...keys, provider: 'gcp' } })).toEqual({ ok: false, field: 'source.provider' });
    expect(parse({})).toEqual({ ok: false, field: 'subscriptionId' });
  });
});
