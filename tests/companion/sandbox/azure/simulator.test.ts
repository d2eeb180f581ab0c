import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startAzureSimulator,
  seedAzureDemo,
  type AzureDemo,
  type AzureSimulator,
  type ZoneRef,
} from '@dnsferry/companion/sandbox/azure/index';

let sim: AzureSimulator;
let demo: AzureDemo;
let shop: ZoneRef;

beforeAll(async () => {
  sim = await startAzureSimulator();
  demo = seedAzureDemo(sim);
  shop = demo.zones[0] as ZoneRef;
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.resetCounters();
  sim.setFaults({ rate429: 0, next429: 0, retryAfterSeconds: 1 });
});

type Json = Record<string, unknown>;
const example = (file: string): Json =>
  (JSON.parse(readFileSync(new URL(`../../../fixtures/azure/${file}`, import.meta.url), 'utf8')) as { responses: { 200: { body: Json } } })
    .responses[200].body;

async function arm(path: string, token: string | null = demo.bearerToken.sourceToken) {
  const res = await sim.fetch(`${sim.armUrl}${path}`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

async function token(tenant: string, form: Record<string, string>) {
  const res = await sim.fetch(`${sim.authorityUrl}/${tenant}/oauth2/v2.0/token?client-request-id=abc`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function allPages(path: string): Promise<Json[]> {
  const items: Json[] = [];
  let next: string | undefined = `${sim.armUrl}${path}`;
  while (next) {
    const res = await sim.fetch(next, { headers: { authorization: `Bearer ${demo.bearerToken.sourceToken}` } });
    const body = (await res.json()) as { value: Json[]; nextLink?: string };
    items.push(...body.value);
    next = body.nextLink;
  }
  return items;
}

const sub = () => demo.subscriptions[0]?.subscriptionId ?? '';
const zonePath = () => `/subscriptions/${sub()}/resourceGroups/${shop.resourceGroup}/providers/Microsoft.Network/dnsZones/${shop.name}`;

describe('Azure simulator: Entra ID', () => {
  const sp = () => demo.servicePrincipal;
  const form = () => ({
    client_id: sp().clientId,
    client_secret: sp().clientSecret,
    scope: 'https://management.azure.com/.default',
    grant_type: 'client_credentials',
    'x-client-SKU': 'msal.js.node',
  });

  it('issues a JWT-shaped token with the documented fields, ignoring extra form fields', async () => {
    const res = await token(sp().tenantId, form());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599 });
    const [, payload] = String(res.body.access_token).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Json;
    expect(claims).toMatchObject({ aud: 'https://management.azure.com/', tid: sp().tenantId, appid: sp().clientId });
  });

  it.each([
    ['wrong secret', {}, { client_secret: 'nope' }, 401, 'invalid_client', 7000215],
    ['unknown client', {}, { client_id: 'e2c4a7f0-0000-4000-8000-000000000000' }, 400, 'unauthorized_client', 700016],
    ['unknown tenant', { tenant: '0b1c2d3e-0000-4000-8000-000000000000' }, {}, 400, 'invalid_request', 90002],
    ['malformed tenant', { tenant: 'not_a_tenant' }, {}, 400, 'invalid_request', 900023],
    ['other scope', {}, { scope: 'https://graph.microsoft.com/.default' }, 400, 'invalid_scope', 70011],
    ['missing secret', {}, { client_secret: '' }, 401, 'invalid_client', 7000216],
  ])('answers %s with the real OAuth2 error shape', async (_label, where, change, status, error, code) => {
    const f: Record<string, string> = { ...form(), ...change };
    if (f.client_secret === '') delete f.client_secret;
    const res = await token((where as { tenant?: string }).tenant ?? sp().tenantId, f);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error, error_codes: [code], error_uri: `https://login.microsoftonline.com/error?code=${code}` });
    expect(String(res.body.error_description)).toMatch(
      new RegExp(`^AADSTS${code}: .+\\r\\nTrace ID: .+\\r\\nCorrelation ID: .+\\r\\nTimestamp: `),
    );
    expect(Object.keys(res.body).sort()).toEqual([
      'correlation_id',
      'error',
      'error_codes',
      'error_description',
      'error_uri',
      'timestamp',
      'trace_id',
    ]);
  });

  it('serves OpenID metadata whose issuer is on its own host, and invalid_tenant for an unknown tenant', async () => {
    const ok = await sim.fetch(`${sim.authorityUrl}/${sp().tenantId}/v2.0/.well-known/openid-configuration`);
    const meta = (await ok.json()) as Json;
    for (const k of ['authorization_endpoint', 'token_endpoint', 'issuer', 'jwks_uri'])
      expect(String(meta[k]).startsWith(sim.authorityUrl)).toBe(true);
    const bad = await sim.fetch(`${sim.authorityUrl}/0b1c2d3e-0000-4000-8000-000000000000/v2.0/.well-known/openid-configuration`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_tenant', error_codes: [90002] });
  });
});

describe('Azure simulator: ARM wire', () => {
  it('lists subscriptions with the fields of GetSubscriptions.json, one page at a time', async () => {
    const first = await arm('/subscriptions?api-version=2022-12-01');
    expect(String(first.body.nextLink)).toMatch(new RegExp(`^${sim.armUrl}/subscriptions\\?api-version=2022-12-01&\\$skipToken=`));
    const all = await allPages('/subscriptions?api-version=2022-12-01');
    expect(all.map((s) => s.displayName)).toEqual(['Production (demo)', 'Staging (demo)']);
    const shape = (example('GetSubscriptions.json').value as Json[])[0] as Json;
    for (const k of ['id', 'subscriptionId', 'tenantId', 'displayName', 'state', 'subscriptionPolicies', 'authorizationSource'])
      expect(all[0]).toHaveProperty(k);
    expect(Object.keys(all[0] ?? {}).every((k) => k in shape)).toBe(true);
  });

  it('lists zones as on the live wire: dnszones casing, trailing dots, record-set counts', async () => {
    const zones = await allPages(`/subscriptions/${sub()}/providers/Microsoft.Network/dnszones?api-version=2018-05-01`);
    expect(zones.map((z) => z.name)).toEqual(['example.com', 'example.net', '2.0.192.in-addr.arpa']);
    const z = zones[0] as { id: string; type: string; properties: Json };
    expect(z.id).toBe(`/subscriptions/${sub()}/resourceGroups/dns-prod/providers/Microsoft.Network/dnszones/example.com`);
    expect(z.type).toBe('Microsoft.Network/dnszones');
    expect((z.properties.nameServers as string[]).every((n) => n.endsWith('.'))).toBe(true);
    const exampleZone = (example('ListZonesBySubscription.json').value as Json[])[0] as Json;
    expect(Object.keys(exampleZone.properties as Json).every((k) => k in z.properties)).toBe(true);
    expect(z.properties.numberOfRecordSets).toBe(26);
  });

  it('serves record sets with the property names of the List*Recordset examples', async () => {
    const sets = await allPages(`${zonePath()}/all?api-version=2018-05-01`);
    const byType = (t: string) =>
      sets.find(
        (s) => s.type === `Microsoft.Network/dnszones/${t}` && !(s.properties as Json & { targetResource: Json }).targetResource.id,
      ) as Json;
    for (const t of ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT', 'Caa', 'SOA']) {
      const ex = (example(`List${t}Recordset.json`).value as Json[])[0] as { properties: Json };
      const mine = byType(t.toUpperCase()) as { properties: Json; id: string };
      const dataKeys = Object.keys(ex.properties).filter((k) => !['metadata', 'fqdn', 'TTL'].includes(k));
      for (const k of [...dataKeys, 'fqdn', 'TTL', 'targetResource', 'provisioningState'])
        expect(mine.properties, `${t}.${k}`).toHaveProperty(k);
      expect(mine.id).toContain('/providers/Microsoft.Network/dnszones/example.com/');
      expect(String(mine.properties.fqdn).endsWith('.')).toBe(true);
      expect(mine.properties.targetResource).toEqual({});
    }
    expect(sets.find((s) => s.name === '@' && String(s.type).endsWith('/NS'))).toBeDefined();
  });

  it('serves aliases with targetResource.id and no record data', async () => {
    const www = await arm(`${zonePath()}/CNAME/www?api-version=2018-05-01`);
    const props = www.body.properties as Json;
    expect((props.targetResource as Json).id).toMatch(/\/providers\/Microsoft\.Network\/trafficManagerProfiles\/shop-tm$/);
    expect(props).not.toHaveProperty('CNAMERecord');
    const tm = await arm(`${(props.targetResource as { id: string }).id}?api-version=2022-04-01`);
    expect((tm.body.properties as { dnsConfig: Json }).dnsConfig).toMatchObject({ fqdn: 'example-shop.trafficmanager.net' });
    const exampleTm = example('Profile-GET-WithEndpoints.json');
    expect(Object.keys(tm.body).every((k) => k in exampleTm)).toBe(true);
  });

  it('serves public IPs like PublicIpAddressGet.json: ipAddress only once allocated', async () => {
    const ip = await arm(
      `/subscriptions/${sub()}/resourceGroups/net-prod/providers/Microsoft.Network/publicIPAddresses/web-ip?api-version=2023-09-01`,
    );
    expect(ip.body.properties).toMatchObject({ ipAddress: '203.0.113.10', publicIPAddressVersion: 'IPv4' });
    const spare = await arm(
      `/subscriptions/${sub()}/resourceGroups/net-prod/providers/Microsoft.Network/publicIPAddresses/spare-ip?api-version=2023-09-01`,
    );
    expect(spare.body.properties).not.toHaveProperty('ipAddress');
    expect(spare.body.properties).toMatchObject({ publicIPAllocationMethod: 'Dynamic' });
  });

  it('cuts record-set pages by $top and by size, with absolute nextLinks on /ALL that tolerate repeated parameters', async () => {
    const first = await arm(`${zonePath()}/all?api-version=2018-05-01&$top=5`);
    expect((first.body.value as unknown[]).length).toBe(5);
    const next = String(first.body.nextLink);
    expect(next).toMatch(
      new RegExp(
        `^https://127\\.0\\.0\\.1:\\d+${zonePath().replace('dnsZones', 'dnsZones')}/ALL\\?api-version=2018-05-01&\\$top=5&\\$skipToken=`,
      ),
    );
    const again = await sim.fetch(`${next}&%24top=5`, { headers: { authorization: `Bearer ${demo.bearerToken.sourceToken}` } });
    expect(again.status).toBe(200);
    const bySize = await arm(`${zonePath()}/all?api-version=2018-05-01`);
    const count = (bySize.body.value as unknown[]).length;
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThan(26);
    expect(JSON.stringify(bySize.body.value).length).toBeLessThanOrEqual(6000 + 2000);
    const all = await allPages(
      `/subscriptions/${sub()}/resourceGroups/dns-prod/providers/Microsoft.Network/DNSZONES/EXAMPLE.COM/recordsets?api-version=2023-07-01-preview`,
    );
    expect(all).toHaveLength(26);
    // api-version 2018-05-01 has no DS, TLSA or NAPTR record sets: the zone's DS set is not listed there
    const old = await allPages(
      `/subscriptions/${sub()}/resourceGroups/dns-prod/providers/Microsoft.Network/DNSZONES/EXAMPLE.COM/recordsets?api-version=2018-05-01`,
    );
    expect(old).toHaveLength(25);
    expect(
      all.filter((rs) => !old.some((o) => JSON.stringify(o) === JSON.stringify(rs))).map((rs) => (rs as { type: string }).type),
    ).toEqual(['Microsoft.Network/dnszones/DS']);
  });

  it.each([
    ['no Authorization header', null, 401, 'AuthenticationFailed'],
    ['a header that is not Bearer', 'Basic abc', 401, 'AuthenticationFailedInvalidHeader'],
    ['an unknown token', 'Bearer made.up.token', 401, 'InvalidAuthenticationToken'],
  ])('answers %s with the ARM error envelope', async (_label, header, status, code) => {
    const res = await sim.fetch(
      `${sim.armUrl}/subscriptions?api-version=2022-12-01`,
      header === null ? {} : { headers: { authorization: header } },
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: { code, message: expect.any(String) } });
    expect(res.headers.get('x-ms-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers expired, wrong-audience, missing api-version, unknown zone and unknown subscription like ARM', async () => {
    const expired = sim.issueToken({ tenantId: demo.servicePrincipal.tenantId, objectId: 'x', lifetimeSeconds: -5 });
    expect((await arm('/subscriptions?api-version=2022-12-01', expired)).body).toMatchObject({
      error: { code: 'ExpiredAuthenticationToken' },
    });
    const graph = sim.issueToken({ tenantId: demo.servicePrincipal.tenantId, objectId: 'x', audience: 'https://graph.microsoft.com/' });
    expect((await arm('/subscriptions?api-version=2022-12-01', graph)).body).toMatchObject({
      error: { code: 'InvalidAuthenticationTokenAudience' },
    });
    expect((await arm('/subscriptions')).body).toMatchObject({ error: { code: 'MissingApiVersionParameter' } });
    const missing = await arm(
      `/subscriptions/${sub()}/resourceGroups/dns-prod/providers/Microsoft.Network/dnszones/nope.example/all?api-version=2018-05-01`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'ResourceNotFound' } });
    const noSub = await arm(
      '/subscriptions/00000000-0000-4000-8000-000000000000/providers/Microsoft.Network/dnszones?api-version=2018-05-01',
    );
    expect(noSub).toMatchObject({
      status: 404,
      body: {
        error: { code: 'SubscriptionNotFound', message: "The subscription '00000000-0000-4000-8000-000000000000' could not be found." },
      },
    });
  });

  it('injects 429 with Retry-After and SubscriptionRequestsThrottled, and counts requests', async () => {
    sim.setFaults({ next429: 2, retryAfterSeconds: 7 });
    const r1 = await arm('/subscriptions?api-version=2022-12-01');
    expect(r1.status).toBe(429);
    expect(r1.headers.get('retry-after')).toBe('7');
    expect(r1.body).toMatchObject({
      error: { code: 'SubscriptionRequestsThrottled', message: expect.stringMatching(/try again after '7' seconds/) },
    });
    expect((await arm('/subscriptions?api-version=2022-12-01')).status).toBe(429);
    expect((await arm('/subscriptions?api-version=2022-12-01')).status).toBe(200);
    expect(sim.counters).toMatchObject({ armRequests: 3, throttled: 2, byRoute: { subscriptions: 1 } });
  });

  it('limits record-set list calls per zone like Azure DNS, when asked to', async () => {
    const limited = await startAzureSimulator({ recordSetListLimit: { calls: 2, windowMs: 1000 } });
    // the window is read from the clock: held still, a slow machine cannot let it pass between the calls
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const d = seedAzureDemo(limited);
      const zone = d.zones[0] as ZoneRef;
      const path = `${limited.armUrl}/subscriptions/${zone.subscriptionId}/resourceGroups/${zone.resourceGroup}/providers/Microsoft.Network/dnszones/${zone.name}/all?api-version=2018-05-01`;
      const get = () => limited.fetch(path, { headers: { authorization: `Bearer ${d.bearerToken.sourceToken}` } });
      expect((await get()).status).toBe(200);
      const second = await get();
      expect(second.status).toBe(200);
      expect(Number(second.headers.get('x-ms-ratelimit-remaining-subscription-reads'))).toBeGreaterThan(0);
      const third = await get();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('1');
      expect(await third.json()).toMatchObject({ error: { code: 'TooManyRequests' } });
      // Other zones have their own allowance.
      const other = d.zones[1] as ZoneRef;
      const res = await limited.fetch(path.replace(`/dnszones/${zone.name}/`, `/dnszones/${other.name}/`), {
        headers: { authorization: `Bearer ${d.bearerToken.sourceToken}` },
      });
      expect(res.status).toBe(200);
      // a second later the calls have left the window, and the zone has its allowance again
      vi.advanceTimersByTime(999);
      expect((await get()).status).toBe(429);
      vi.advanceTimersByTime(1);
      expect([(await get()).status, (await get()).status, (await get()).status]).toEqual([200, 200, 429]);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });
});
