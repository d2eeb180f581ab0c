import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MigrateEventSchema, type MigrateEvent } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { startAzureSimulator, seedAzureDemo, type AzureDemo, type AzureSimulator } from '@dnsferry/companion/sandbox/azure/index';
import { startSeededCloudflareSimulator, type CloudflareDemoSeed } from '@dnsferry/companion/sandbox/cloudflare/seed';
import type { CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';

// POST /api/migrate reading zones from the Azure simulator and writing them to the Cloudflare simulator.

const DKIM =
  'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu5Qz8cN1nE4d2YtJcWmX7hP0gqL9vR3sT6yU1iO8pA2sD4fG7hJ0kL3zX5cV8bN1mQ4wE7rT0yU3iO6pA9sD2fG5hJ8kL1zX4cV7bN0mQ3wE6rT9yU2iO5pA8sD1fG4hJ7kL0zX3cV6bN9mQ2wE5rT8yU1iO4pA7sD0fG3hJ6kL9zX2cV5bN8mQ1wE4rT7yU0iO3pA6sD9fG2hJ5kL8zX1cV4bN7mQ0wE3rT6yU9iO2pA5sD8fG1hJ4kL7zX0cV3bN6mQ9wE2rT5yU8iO1pA4sD7fG0hJ3kL6zX9cV2bN5mQ8wE1rT4yU7iO0pA3sD6fG9hJ2kL5zX8cV1bN4mQ7wE0rT3yU6iO9pA2sD5fG8hJ1kL4zX7cV0bN3mQ6wIDAQAB';

/** What the target must hold after migrating the demo's example.com: written out by hand, in the target's own form. */
const EXPECTED_EXAMPLE_COM = [
  'A example.com 203.0.113.10 - 300',
  'AAAA example.com 2001:db8::10 - 300',
  'MX example.com mail.example.com 10 3600',
  'MX example.com mx2.example.net 20 3600',
  'TXT example.com "v=spf1 include:spf.protection.outlook.com -all" - 3600',
  'TXT example.com "google-site-verification=dnsferry-demo" - 3600',
  'CAA example.com 0 issue "letsencrypt.org" - 3600',
  'CAA example.com 0 issuewild ";" - 3600',
  'CAA example.com 128 iodef "mailto:security@example.com" - 3600',
  'CNAME www.example.com example-shop.trafficmanager.net - 60',
  'A mail.example.com 192.0.2.25 - 3600',
  'A origin.example.com 192.0.2.30 - 600',
  'A origin.example.com 192.0.2.31 - 600',
  'A static.example.com 192.0.2.30 - 600',
  'A static.example.com 192.0.2.31 - 600',
  'AAAA v6.example.com 2001:db8:10::10 - 300',
  'CNAME app.example.com www.example.com - 3600',
  `TXT selector1._domainkey.example.com "${DKIM.slice(0, 255)}" "${DKIM.slice(255)}" - 3600`,
  'TXT _dmarc.example.com "v=DMARC1; p=reject; rua=mailto:dmarc@example.com" - 3600',
  'TXT empty.example.com "" - 300',
  'TXT quoted.example.com "say \\"hello\\" \\\\ bye" - 300',
  'A *.example.com 192.0.2.99 - 300',
  'CNAME *.dev.example.com app.example.com - 300',
  'SRV _sip._tcp.example.com 60 5060 sip.example.com 10 3600',
  'SRV _sip._tls.example.com 1 443 sipdir.online.lync.com 100 3600',
  'PTR ptr.example.com www.example.com - 3600',
  'NS lab.example.com ns1.lab-dns.example.net - 86400',
  'NS lab.example.com ns2.lab-dns.example.net - 86400',
  'DS secure.example.com 12345 13 2 49FD46E6C4B45C55D4AC69CBD3CD34AC1AFE51DE - 3600',
];

let azure: AzureSimulator;
let demo: AzureDemo;
let cf: CloudflareSim;
let seed: CloudflareDemoSeed;
let app: ReturnType<typeof buildApp>;
const logs: string[] = [];

beforeAll(async () => {
  azure = await startAzureSimulator();
  demo = seedAzureDemo(azure);
  ({ sim: cf, seed } = await startSeededCloudflareSimulator({ rateLimit: false }));
  const config: Config = {
    ...DEFAULTS,
    azureAuthority: azure.authorityUrl,
    azureArm: azure.armUrl,
    cloudflareApi: cf.url,
    retryBaseMs: 5,
    logLevel: 'debug',
  };
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  app = buildApp(config, { fetch: azure.fetch, logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await Promise.all([azure.close(), cf.close()]);
});
beforeEach(() => {
  azure.resetCounters();
  azure.setFaults({ rate429: 0, next429: 0, retryAfterSeconds: 1 });
});

const prod = () => demo.subscriptions[0]?.subscriptionId ?? '';
const staging = () => demo.subscriptions[1]?.subscriptionId ?? '';

async function migrate(body: Record<string, unknown>): Promise<{ status: number; events: MigrateEvent[]; payload: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/migrate',
    payload: { targetToken: seed.token, targetAccountId: seed.accountId, ...body },
  });
  const events =
    res.statusCode === 200
      ? res.payload
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => MigrateEventSchema.parse(JSON.parse(l)))
      : [];
  return { status: res.statusCode, events, payload: res.payload };
}

const result = (events: MigrateEvent[], zone: string) => {
  const e = events.find((x) => x.type === 'zone-complete' && x.zone === zone);
  return e?.type === 'zone-complete' ? e.result : undefined;
};

function targetRecords(zone: string): string[] {
  const z = cf.zoneByName(zone);
  if (!z) return [];
  return cf
    .records(z.id)
    .map(
      (r) =>
        `${String(r.type)} ${String(r.name)} ${String(r.content)} ${r.priority === undefined ? '-' : String(r.priority)} ${String(r.ttl)}`,
    )
    .sort();
}

describe('POST /api/migrate from Azure', () => {
  it('migrates zones read with a service principal, and a re-run creates nothing', async () => {
    const body = {
      ...demo.servicePrincipal,
      subscriptionId: prod(),
      zones: [{ name: 'example.net' }, { name: 'example.com', resourceGroup: 'dns-prod' }],
    };
    const first = await migrate(body);
    expect(first.status).toBe(200);
    expect(first.events.at(-1)).toEqual({
      type: 'done',
      results: [
        { zone: 'example.net', created: 3, updated: 0, skipped: 0, failed: 0, removed: 0 },
        // 29 records (the DS too, read through api-version 2023-07-01-preview); the unallocated public IP
        // and the CDN alias are reported, not dropped.
        { zone: 'example.com', created: 29, updated: 0, skipped: 0, failed: 2, removed: 0 },
      ],
    });
    expect(targetRecords('example.net')).toEqual([
      'CNAME autodiscover.example.net autodiscover.outlook.com - 3600',
      'MX example.net example-net.mail.protection.outlook.com 0 3600',
      'TXT example.net "v=spf1 include:spf.protection.outlook.com -all" - 3600',
    ]);
    expect(targetRecords('example.com')).toEqual([...EXPECTED_EXAMPLE_COM].sort());
    expect(result(first.events, 'example.net')?.nameServers).toHaveLength(2);

    const again = await migrate(body);
    expect(again.events.at(-1)).toEqual({
      type: 'done',
      results: [
        { zone: 'example.net', created: 0, updated: 0, skipped: 3, failed: 0, removed: 0 },
        { zone: 'example.com', created: 0, updated: 0, skipped: 29, failed: 2, removed: 0 },
      ],
    });
    expect(targetRecords('example.net')).toHaveLength(3);
    expect(targetRecords('example.com')).toEqual([...EXPECTED_EXAMPLE_COM].sort());
  });

  it('migrates a zone of 150 record sets read with a bearer token through 429s', async () => {
    azure.setFaults({ rate429: 0.3, retryAfterSeconds: 0 });
    const res = await migrate({
      sourceToken: demo.bearerToken.sourceToken,
      subscriptionId: staging(),
      zones: [{ name: 'bulk-example.org' }],
    });
    expect(res.status).toBe(200);
    expect(result(res.events, 'bulk-example.org')).toMatchObject({ created: 150, updated: 0, skipped: 0, failed: 0, removed: 0 });
    expect(azure.counters.throttled).toBeGreaterThan(0);
    const records = targetRecords('bulk-example.org');
    expect(records).toHaveLength(150);
    expect(records).toContain('A host150.bulk-example.org 198.51.100.150 - 300');
  });

  it('reports an Azure sign-in failure in the stream, with the AADSTS code and no secret', async () => {
    const res = await migrate({
      ...demo.servicePrincipal,
      clientSecret: 'a-wrong-secret',
      subscriptionId: prod(),
      zones: [{ name: 'staging-example.org' }],
    });
    expect(res.status).toBe(200);
    const zoneError = res.events.find((e) => e.type === 'error' && e.message.includes('AADSTS'));
    expect(zoneError?.type === 'error' ? zoneError.message : '').toMatch(/Azure AADSTS7000215: Invalid client secret provided/);
    expect(res.events.at(-1)?.type).toBe('done');
    const everything = res.payload + logs.join('');
    for (const secret of [
      'a-wrong-secret',
      demo.servicePrincipal.clientSecret,
      demo.servicePrincipal.clientId,
      demo.bearerToken.sourceToken,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('refuses source credentials that contradict authMethod with a 400 naming the field, before any call', async () => {
    // authMethod decides: a bearer token alone is not a service principal (same rule as /api/source/validate).
    const res = await migrate({
      authMethod: 'servicePrincipal',
      sourceToken: demo.bearerToken.sourceToken,
      subscriptionId: staging(),
      zones: [{ name: 'staging-example.org' }],
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.payload)).toMatchObject({ success: false, error: { code: 'invalid_request', field: 'tenantId' } });
    expect(azure.counters.tokenRequests + azure.counters.armRequests).toBe(0);
  });

  it('mixes zones sent with records and zones read from Azure in one request', async () => {
    const res = await migrate({
      ...demo.bearerToken,
      subscriptionId: staging(),
      zones: [
        { name: 'manual-example.org', records: [{ type: 'A', name: 'www', content: '192.0.2.7', ttl: 300 }] },
        { name: 'staging-example.org', resourceGroup: 'dns-staging' },
      ],
    });
    expect(res.events.at(-1)).toEqual({
      type: 'done',
      results: [
        { zone: 'manual-example.org', created: 1, updated: 0, skipped: 0, failed: 0, removed: 0 },
        { zone: 'staging-example.org', created: 2, updated: 0, skipped: 0, failed: 0, removed: 0 },
      ],
    });
    expect(targetRecords('staging-example.org')).toEqual([
      'A staging-example.org 198.51.100.5 - 60',
      'CNAME api.staging-example.org staging-example.org - 60',
    ]);
  });
});
