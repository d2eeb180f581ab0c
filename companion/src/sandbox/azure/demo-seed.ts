import { randomUUID } from 'node:crypto';
import type { AzureSimulator } from './simulator';
import type { ZoneRef } from './state';

export interface AzureDemo {
  /** Fresh on every seed: nothing secret is written in the source. */
  servicePrincipal: { authMethod: 'servicePrincipal'; tenantId: string; clientId: string; clientSecret: string };
  bearerToken: { authMethod: 'bearerToken'; sourceToken: string };
  subscriptions: { subscriptionId: string; displayName: string }[];
  zones: ZoneRef[];
}

const txt = (...values: string[][]) => ({ TXTRecords: values.map((value) => ({ value })) });
const a = (...ips: string[]) => ({ ARecords: ips.map((ipv4Address) => ({ ipv4Address })) });

/** A DKIM key too long for one TXT string, so Azure holds it as two strings of one record. */
const DKIM =
  'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu5Qz8cN1nE4d2YtJcWmX7hP0gqL9vR3sT6yU1iO8pA2sD4fG7hJ0kL3zX5cV8bN1mQ4wE7rT0yU3iO6pA9sD2fG5hJ8kL1zX4cV7bN0mQ3wE6rT9yU2iO5pA8sD1fG4hJ7kL0zX3cV6bN9mQ2wE5rT8yU1iO4pA7sD0fG3hJ6kL9zX2cV5bN8mQ1wE4rT7yU0iO3pA6sD9fG2hJ5kL8zX1cV4bN7mQ0wE3rT6yU9iO2pA5sD8fG1hJ4kL7zX0cV3bN6mQ9wE2rT5yU8iO1pA4sD7fG0hJ3kL6zX9cV2bN5mQ8wE1rT4yU7iO0pA3sD6fG9hJ2kL5zX8cV1bN4mQ7wE0rT3yU6iO9pA2sD5fG8hJ1kL4zX7cV0bN3mQ6wIDAQAB';

/**
 * Seeds the simulator with what the offline demo shows: one tenant, a service principal and a user
 * token, two subscriptions, and zones that cover every record type, multi-string and empty TXT,
 * wildcards, SRV, sub-delegations, each alias kind (including ones that cannot be carried over) and
 * a zone large enough to need several pages.
 */
export function seedAzureDemo(sim: AzureSimulator): AzureDemo {
  const tenantId = sim.addTenant({ domain: 'dnsferry-demo.onmicrosoft.com' });
  const sp = sim.addServicePrincipal({ tenantId });
  const userObjectId = randomUUID();
  const prod = sim.addSubscription({ tenantId, displayName: 'Production (demo)', readers: [sp.objectId, userObjectId] });
  const staging = sim.addSubscription({ tenantId, displayName: 'Staging (demo)', readers: [sp.objectId, userObjectId] });

  const shop = sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-prod', name: 'example.com' });
  const webIp = sim.addPublicIp({ subscriptionId: prod, resourceGroup: 'net-prod', name: 'web-ip', ipAddress: '203.0.113.10' });
  const webIp6 = sim.addPublicIp({ subscriptionId: prod, resourceGroup: 'net-prod', name: 'web-ip6', ipAddress: '2001:db8:10::10' });
  const spareIp = sim.addPublicIp({ subscriptionId: prod, resourceGroup: 'net-prod', name: 'spare-ip' });
  const tm = sim.addTrafficManagerProfile({
    subscriptionId: prod,
    resourceGroup: 'net-prod',
    name: 'shop-tm',
    relativeName: 'example-shop',
  });
  const cdn = `/subscriptions/${prod}/resourceGroups/net-prod/providers/Microsoft.Cdn/profiles/shop-cdn/endpoints/legacy`;
  const sets: Parameters<AzureSimulator['addRecordSet']>[1][] = [
    { name: '@', type: 'A', ttl: 300, aliasOf: webIp },
    { name: '@', type: 'AAAA', ttl: 300, data: { AAAARecords: [{ ipv6Address: '2001:db8::10' }] } },
    {
      name: '@',
      type: 'MX',
      ttl: 3600,
      data: {
        MXRecords: [
          { preference: 10, exchange: 'mail.example.com.' },
          { preference: 20, exchange: 'mx2.example.net.' },
        ],
      },
    },
    {
      name: '@',
      type: 'TXT',
      ttl: 3600,
      data: txt(['v=spf1 include:spf.protection.outlook.com -all'], ['google-site-verification=dnsferry-demo']),
    },
    {
      name: '@',
      type: 'CAA',
      ttl: 3600,
      data: {
        caaRecords: [
          { flags: 0, tag: 'issue', value: 'letsencrypt.org' },
          { flags: 0, tag: 'issuewild', value: ';' },
          { flags: 128, tag: 'iodef', value: 'mailto:security@example.com' },
        ],
      },
    },
    { name: 'www', type: 'CNAME', ttl: 60, aliasOf: tm },
    { name: 'mail', type: 'A', ttl: 3600, data: a('192.0.2.25') },
    { name: 'origin', type: 'A', ttl: 600, data: a('192.0.2.30', '192.0.2.31') },
    { name: 'static', type: 'A', ttl: 600, aliasOf: sim.recordSetId(shop, 'A', 'origin') },
    { name: 'v6', type: 'AAAA', ttl: 300, aliasOf: webIp6 },
    { name: 'spare', type: 'A', ttl: 300, aliasOf: spareIp },
    { name: 'legacy', type: 'CNAME', ttl: 300, aliasOf: cdn },
    { name: 'app', type: 'CNAME', ttl: 3600, data: { CNAMERecord: { cname: 'www.example.com.' } } },
    { name: 'selector1._domainkey', type: 'TXT', ttl: 3600, data: txt([DKIM.slice(0, 255), DKIM.slice(255)]) },
    { name: '_dmarc', type: 'TXT', ttl: 3600, data: txt(['v=DMARC1; p=reject; rua=mailto:dmarc@example.com']) },
    { name: 'empty', type: 'TXT', ttl: 300, data: txt(['']) },
    { name: 'quoted', type: 'TXT', ttl: 300, data: txt(['say "hello" \\ bye']) },
    { name: '*', type: 'A', ttl: 300, data: a('192.0.2.99') },
    { name: '*.dev', type: 'CNAME', ttl: 300, data: { CNAMERecord: { cname: 'app.example.com.' } } },
    {
      name: '_sip._tcp',
      type: 'SRV',
      ttl: 3600,
      data: { SRVRecords: [{ priority: 10, weight: 60, port: 5060, target: 'sip.example.com.' }] },
    },
    {
      name: '_sip._tls',
      type: 'SRV',
      ttl: 3600,
      data: { SRVRecords: [{ priority: 100, weight: 1, port: 443, target: 'sipdir.online.lync.com.' }] },
    },
    { name: 'ptr', type: 'PTR', ttl: 3600, data: { PTRRecords: [{ ptrdname: 'www.example.com.' }] } },
    {
      name: 'lab',
      type: 'NS',
      ttl: 86400,
      data: { NSRecords: [{ nsdname: 'ns1.lab-dns.example.net.' }, { nsdname: 'ns2.lab-dns.example.net.' }] },
    },
    {
      name: 'secure',
      type: 'DS',
      ttl: 3600,
      data: {
        DSRecords: [{ keyTag: 12345, algorithm: 13, digest: { algorithmType: 2, value: '49FD46E6C4B45C55D4AC69CBD3CD34AC1AFE51DE' } }],
      },
    },
  ];
  for (const rs of sets) sim.addRecordSet(shop, rs);

  const mail = sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-prod', name: 'example.net' });
  sim.addRecordSet(mail, {
    name: '@',
    type: 'MX',
    data: { MXRecords: [{ preference: 0, exchange: 'example-net.mail.protection.outlook.com.' }] },
  });
  sim.addRecordSet(mail, { name: '@', type: 'TXT', data: txt(['v=spf1 include:spf.protection.outlook.com -all']) });
  sim.addRecordSet(mail, { name: 'autodiscover', type: 'CNAME', data: { CNAMERecord: { cname: 'autodiscover.outlook.com.' } } });

  const reverse = sim.addZone({ subscriptionId: prod, resourceGroup: 'dns-reverse', name: '2.0.192.in-addr.arpa' });
  for (const [host, name] of [
    ['25', 'mail.example.com.'],
    ['30', 'origin.example.com.'],
  ] as const) {
    sim.addRecordSet(reverse, { name: host, type: 'PTR', data: { PTRRecords: [{ ptrdname: name }] } });
  }

  const stage = sim.addZone({ subscriptionId: staging, resourceGroup: 'dns-staging', name: 'staging-example.org' });
  sim.addRecordSet(stage, { name: '@', type: 'A', ttl: 60, data: a('198.51.100.5') });
  sim.addRecordSet(stage, { name: 'api', type: 'CNAME', ttl: 60, data: { CNAMERecord: { cname: 'staging-example.org.' } } });
  const bulk = sim.addZone({ subscriptionId: staging, resourceGroup: 'dns-staging', name: 'bulk-example.org' });
  for (let i = 1; i <= 150; i++) {
    sim.addRecordSet(bulk, { name: `host${String(i).padStart(3, '0')}`, type: 'A', ttl: 300, data: a(`198.51.100.${i}`) });
  }

  return {
    servicePrincipal: { authMethod: 'servicePrincipal', tenantId, clientId: sp.clientId, clientSecret: sp.clientSecret },
    bearerToken: {
      authMethod: 'bearerToken',
      sourceToken: sim.issueToken({ tenantId, objectId: userObjectId, lifetimeSeconds: 12 * 3600 }),
    },
    subscriptions: [
      { subscriptionId: prod, displayName: 'Production (demo)' },
      { subscriptionId: staging, displayName: 'Staging (demo)' },
    ],
    zones: [shop, mail, reverse, stage, bulk],
  };
}
