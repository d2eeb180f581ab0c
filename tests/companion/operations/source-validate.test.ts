import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema, SourceValidateResponseSchema } from '@dnsferry/shared';
import { startAzureStack, type AzureStack } from '../providers/azure/azure-stack';

let stack: AzureStack;
beforeAll(async () => {
  stack = await startAzureStack();
});
afterAll(async () => {
  await stack.close();
});
beforeEach(() => {
  stack.sim.resetCounters();
  stack.sim.setFaults({ rate429: 0, next429: 0, retryAfterSeconds: 1 });
});

const validate = (payload: Record<string, unknown>) => stack.post('/api/source/validate', payload);

function expectNoCredentials(text: string, ...secrets: string[]) {
  for (const s of secrets) expect(text.toLowerCase()).not.toContain(s.toLowerCase());
}

describe('POST /api/source/validate', () => {
  it('signs in a service principal and lists its subscriptions across every page', async () => {
    const res = await validate(stack.world.spCreds);
    expect(res.statusCode).toBe(200);
    const body = SourceValidateResponseSchema.parse(res.json());
    expect(body.subscriptions.map((s) => s.displayName)).toEqual(['Production', 'Staging', 'Sandbox']);
    expect(body.subscriptions.map((s) => s.subscriptionId)).toEqual(stack.world.subs);
    // One page per subscription: nextLink was followed twice.
    expect(stack.sim.counters.byRoute.subscriptions).toBe(3);
    // MSAL read the OpenID metadata of the configured authority, then asked for one token.
    expect(stack.sim.counters.openIdRequests).toBe(1);
    expect(stack.sim.counters.tokenRequests).toBe(1);
    const tokenCall = stack.sim.requests.find((r) => r.service === 'entra' && r.method === 'POST');
    expect(tokenCall?.url).toMatch(new RegExp(`^/${stack.world.tenantId}/oauth2/v2.0/token`));
  });

  it('accepts the tenant domain in place of its id', async () => {
    const res = await validate({ ...stack.world.spCreds, tenantId: 'contoso.onmicrosoft.com' });
    expect(res.statusCode).toBe(200);
    expect(SourceValidateResponseSchema.parse(res.json()).subscriptions).toHaveLength(3);
  });

  it('accepts an ARM bearer token, raw, with a Bearer prefix, or as the az CLI JSON', async () => {
    const token = stack.world.userToken;
    const blob = JSON.stringify({
      accessToken: token,
      expiresOn: '2099-01-01 00:00:00.000000',
      expires_on: Math.floor(Date.now() / 1000) + 3000,
      tokenType: 'Bearer',
    });
    for (const sourceToken of [token, `Bearer ${token}`, blob]) {
      const res = await validate({ authMethod: 'bearerToken', sourceToken });
      expect(res.statusCode).toBe(200);
      expect(SourceValidateResponseSchema.parse(res.json()).subscriptions.map((s) => s.displayName)).toEqual([
        'Production',
        'Staging',
        'Sandbox',
      ]);
    }
    expect(stack.sim.counters.tokenRequests).toBe(0);
  });

  it('returns an empty list for a principal without any role assignment', async () => {
    const { loner, tenantId } = stack.world;
    const res = await validate({ authMethod: 'servicePrincipal', tenantId, clientId: loner.clientId, clientSecret: loner.clientSecret });
    expect(res.statusCode).toBe(200);
    expect(SourceValidateResponseSchema.parse(res.json()).subscriptions).toEqual([]);
  });

  it.each([
    ['a wrong secret', { clientSecret: 'not-the-secret-value' }, 'AADSTS7000215', /Invalid client secret/],
    ['an unknown client id', { clientId: '0f0e0d0c-0b0a-4909-8807-060504030201' }, 'AADSTS700016', /was not found in the directory/],
    ['an unknown tenant', { tenantId: '11111111-2222-4333-8444-555555555555' }, 'AADSTS90002', /not found/],
    ['an unknown tenant domain', { tenantId: 'nobody.onmicrosoft.com' }, 'AADSTS90002', /not found/],
  ])('answers 401 with the Entra code for %s', async (_label, change, code, text) => {
    const creds = { ...stack.world.spCreds, ...change };
    const res = await validate(creds);
    expect(res.statusCode).toBe(401);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message.startsWith(`Azure ${code}: `)).toBe(true);
    expect(body.error.message).toMatch(text);
    expect(body.error.message).not.toMatch(/Trace ID|Correlation ID/);
    expectNoCredentials(res.payload + stack.logs.join(''), creds.clientSecret, creds.clientId, creds.tenantId);
  });

  it('answers 401 with the ARM code for a bad, expired or wrongly addressed bearer token', async () => {
    const { tenantId } = stack.world;
    const garbage = await validate({ authMethod: 'bearerToken', sourceToken: 'eyJub3QiOiJhIHRva2VuIn0.e30.c2ln' });
    expect(garbage.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(garbage.json()).error.message).toMatch(/^Azure InvalidAuthenticationToken: /);

    const graph = stack.sim.issueToken({
      tenantId,
      objectId: 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4',
      audience: 'https://graph.microsoft.com/',
    });
    const wrongAudience = await validate({ authMethod: 'bearerToken', sourceToken: graph });
    expect(wrongAudience.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(wrongAudience.json()).error.message).toMatch(/^Azure InvalidAuthenticationTokenAudience: /);

    const before = stack.sim.counters.armRequests;
    const expired = stack.sim.issueToken({ tenantId, objectId: 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4', lifetimeSeconds: -60 });
    const res = await validate({ authMethod: 'bearerToken', sourceToken: expired });
    expect(res.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/^Azure ExpiredAuthenticationToken: the access token expired at /);
    // Known to be expired from its own claims: ARM was not asked.
    expect(stack.sim.counters.armRequests).toBe(before);
    expectNoCredentials(garbage.payload + wrongAudience.payload + res.payload + stack.logs.join(''), graph, expired);
  });

  it.each([
    [{}, undefined],
    [{ authMethod: 'password' }, 'authMethod'],
    [
      { authMethod: 'servicePrincipal', tenantId: 'not a tenant!', clientId: 'b2f1c1e0-0000-4000-8000-000000000001', clientSecret: 's' },
      'tenantId',
    ],
    [
      { authMethod: 'servicePrincipal', tenantId: 'contoso.onmicrosoft.com', clientId: 'b2f1c1e0-0000-4000-8000-000000000001' },
      'clientSecret',
    ],
    [{ authMethod: 'bearerToken', sourceToken: '   ' }, 'sourceToken'],
  ])('answers 400 naming the field for malformed input %#', async (payload, field) => {
    const res = await validate(payload);
    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('invalid_request');
    if (field) expect(body.error.field).toBe(field);
    expect(stack.sim.requests).toHaveLength(0);
  });

  it('answers 429 with the ARM code when throttling outlasts the retries', async () => {
    stack.sim.setFaults({ rate429: 1, retryAfterSeconds: 0 });
    const res = await validate(stack.world.bearerCreds);
    expect(res.statusCode).toBe(429);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/^Azure SubscriptionRequestsThrottled: /);
    expect(stack.sim.counters.throttled).toBe(6);
  });

  it('never writes a secret or token to the log', async () => {
    const creds = stack.world.spCreds;
    await validate(creds);
    await validate({ ...creds, clientSecret: 'wrong-secret-1234' });
    await validate(stack.world.bearerCreds);
    const logs = stack.logs.join('');
    expect(logs.length).toBeGreaterThan(0);
    expectNoCredentials(logs, creds.clientSecret, 'wrong-secret-1234', stack.world.userToken, creds.clientId);
  });
});
