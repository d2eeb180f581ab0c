import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema, SourceZonesResponseSchema } from '@dnsferry/shared';
import { startAzureStack, type AzureStack } from '../providers/azure/azure-stack';

let stack: AzureStack;
beforeAll(async () => {
  stack = await startAzureStack();
  const { sim, world } = stack;
  const [prod, staging] = world.subs;
  // Five public zones over two resource groups (pages of two) and one legacy private zone.
  const a = sim.addZone({ subscriptionId: prod, resourceGroup: 'DNS-Prod', name: 'example.com' });
  sim.addRecordSet(a, { name: 'www', type: 'A', data: { ARecords: [{ ipv4Address: '192.0.2.1' }] } });
  sim.addRecordSet(a, { name: '@', type: 'TXT', data: { TXTRecords: [{ value: ['a'] }, { value: ['b'] }] } });
  sim.addZone({ subscriptionId: prod, resourceGroup: 'DNS-Prod', name: 'example.net' });
  sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-legacy', name: 'example.org' });
  sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-legacy', name: 'corp.internal.example', zoneType: 'Private' });
  sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-legacy', name: 'example.info' });
  sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-reverse', name: '2.0.192.in-addr.arpa' });
  sim.addZone({ subscriptionId: staging, resourceGroup: 'dns-staging', name: 'staging.example.com' });
});
afterAll(async () => {
  await stack.close();
});
beforeEach(() => {
  stack.sim.resetCounters();
  stack.sim.setFaults({ rate429: 0, next429: 0, retryAfterSeconds: 1 });
});

const zones = (payload: Record<string, unknown>) => stack.post('/api/source/zones', payload);

describe('POST /api/source/zones', () => {
  it('lists the public zones of a subscription across pages, with the resource group from each id', async () => {
    const res = await zones({ ...stack.world.spCreds, subscriptionId: stack.world.subs[0] });
    expect(res.statusCode).toBe(200);
    const body = SourceZonesResponseSchema.parse(res.json());
    expect(body.zones).toEqual([
      // Record sets, as Azure counts them: SOA + apex NS + the two added.
      { name: 'example.com', resourceGroup: 'DNS-Prod', recordCount: 4 },
      { name: 'example.net', resourceGroup: 'DNS-Prod', recordCount: 2 },
      { name: 'example.org', resourceGroup: 'dns-legacy', recordCount: 2 },
      { name: 'example.info', resourceGroup: 'dns-legacy', recordCount: 2 },
      { name: '2.0.192.in-addr.arpa', resourceGroup: 'dns-reverse', recordCount: 2 },
    ]);
    // 6 zones (the private one is listed by ARM, then left out) at 2 per page.
    expect(stack.sim.counters.byRoute.zones).toBe(3);
    const pages = stack.sim.requests.filter((r) => r.service === 'arm').map((r) => r.url);
    expect(pages[0]).toMatch(/\/providers\/Microsoft\.Network\/dnszones\?api-version=2023-07-01-preview$/);
    expect(pages.slice(1).every((u) => u.includes('$skipToken='))).toBe(true);
  });

  it('works the same with a bearer token', async () => {
    const res = await zones({ ...stack.world.bearerCreds, subscriptionId: stack.world.subs[1] });
    expect(res.statusCode).toBe(200);
    expect(SourceZonesResponseSchema.parse(res.json()).zones).toEqual([
      { name: 'staging.example.com', resourceGroup: 'dns-staging', recordCount: 2 },
    ]);
  });

  it('returns no zones for a subscription that has none', async () => {
    const res = await zones({ ...stack.world.spCreds, subscriptionId: stack.world.subs[2] });
    expect(res.statusCode).toBe(200);
    expect(SourceZonesResponseSchema.parse(res.json()).zones).toEqual([]);
  });

  it('survives 429s in the middle of the listing, waiting as told by Retry-After', async () => {
    stack.sim.setFaults({ rate429: 0.5, retryAfterSeconds: 0 });
    const res = await zones({ ...stack.world.spCreds, subscriptionId: stack.world.subs[0] });
    expect(res.statusCode).toBe(200);
    expect(SourceZonesResponseSchema.parse(res.json()).zones).toHaveLength(5);
    // Every other ARM call was refused; each of the three pages still arrived once.
    expect(stack.sim.counters.throttled).toBe(2);
    expect(stack.sim.counters.byRoute.zones).toBe(3);

    stack.sim.resetCounters();
    stack.sim.setFaults({ rate429: 0, next429: 1, retryAfterSeconds: 1 });
    const started = Date.now();
    const again = await zones({ ...stack.world.bearerCreds, subscriptionId: stack.world.subs[0] });
    expect(again.statusCode).toBe(200);
    expect(stack.sim.counters.throttled).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('answers 403 with AuthorizationFailed for a subscription the principal may not read, without naming the principal', async () => {
    const res = await zones({ ...stack.world.spCreds, subscriptionId: stack.world.forbiddenSub });
    expect(res.statusCode).toBe(403);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toMatch(
      /^Azure AuthorizationFailed: The client '\[redacted\]' with object id '\[redacted\]' does not have authorization/,
    );
    expect(res.payload).not.toContain(stack.world.sp.clientId);
    expect(res.payload).not.toContain(stack.world.sp.objectId);
  });

  it('answers 404 for an unknown subscription and 401 for one of another tenant', async () => {
    const unknown = await zones({ ...stack.world.spCreds, subscriptionId: '00000000-1111-4222-8333-444444444444' });
    expect(unknown.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(unknown.json()).error.message).toBe(
      "Azure SubscriptionNotFound: The subscription '00000000-1111-4222-8333-444444444444' could not be found.",
    );
    const foreign = await zones({ ...stack.world.spCreds, subscriptionId: stack.world.foreignSub });
    expect(foreign.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(foreign.json()).error.message).toMatch(/^Azure InvalidAuthenticationTokenTenant: /);
  });

  it('answers 401 for a wrong secret and 400 for a malformed subscription id', async () => {
    const wrong = await zones({ ...stack.world.spCreds, clientSecret: 'definitely-wrong', subscriptionId: stack.world.subs[0] });
    expect(wrong.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(wrong.json()).error.message).toMatch(/^Azure AADSTS7000215: /);
    const bad = await zones({ ...stack.world.spCreds, subscriptionId: 'prod' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).error.field).toBe('subscriptionId');
    const missing = await zones({ ...stack.world.bearerCreds });
    expect(missing.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(missing.json()).error.field).toBe('subscriptionId');
  });
});
