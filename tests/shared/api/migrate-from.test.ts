import { describe, expect, it } from 'vitest';
import { CutoverRequestSchema, MigrateRequestSchema, zonesFrom } from '@dnsferry/shared';

// Every form a request may give a zone's source in, parsed by the contract, becomes the zone's one `from`.
const base = { targetToken: 'cf-token-0123456789', targetAccountId: '0123456789abcdef0123456789abcdef' };
const sub = '2c1d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const sp = { tenantId: 'contoso.onmicrosoft.com', clientId: '5b2c8a1e-0d4f-4c6b-9a7e-1f3d5c7b9e21', clientSecret: 's3cret' };
const keys = { accessKeyId: 'AKIAEXAMPLEKEY000000', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const secret = 'c2VjcmV0LWtleS1vZi10aGUtdHJhbnNmZXI=';

/** The `from` of each zone of a migrate body. */
function fromOf(body: Record<string, unknown>) {
  return zonesFrom(MigrateRequestSchema.parse({ ...base, ...body })).map((z) => z.from);
}

describe('zonesFrom (each accepted form → one from per zone)', () => {
  it('records', () => {
    const records = [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }];
    expect(fromOf({ zones: [{ name: 'example.com', records }] })).toEqual([{ kind: 'records', records }]);
  });

  it('zoneFile', () => {
    expect(fromOf({ zones: [{ name: 'example.com', zoneFile: '@ 300 IN A 192.0.2.1\n' }] })).toEqual([
      { kind: 'zoneFile', text: '@ 300 IN A 192.0.2.1\n' },
    ]);
  });

  it('table', () => {
    const table = 'Type\tHost\tValue\nA\t@\t192.0.2.1\n';
    expect(fromOf({ zones: [{ name: 'example.com', table }] })).toEqual([{ kind: 'table', text: table }]);
  });

  it('axfr, its server as the schema read it and its key kept', () => {
    const axfr = { server: ' NS1.Example.NET ', port: 5353, tsig: { name: 'transfer-key', algorithm: 'hmac-sha256', secret } };
    expect(fromOf({ zones: [{ name: 'example.com', axfr }] })).toEqual([
      { kind: 'axfr', server: 'ns1.example.net', port: 5353, tsig: { name: 'transfer-key', algorithm: 'hmac-sha256', secret } },
    ]);
  });

  it('cloudflare (another account), with its zone id', () => {
    const zoneId = '0123456789abcdef0123456789abcdef';
    expect(fromOf({ zones: [{ name: 'example.com', cloudflare: { token: 'other-account-token', zoneId } }] })).toEqual([
      { kind: 'cloudflare', token: 'other-account-token', zoneId },
    ]);
  });

  it('source: azure with a bearer token, each zone with its resource group when it gives one', () => {
    const zones = [{ name: 'example.com', resourceGroup: 'dns-prod' }, { name: 'example.org' }];
    const credentials = { authMethod: 'bearerToken', sourceToken: 'arm-token' };
    expect(fromOf({ zones, source: { provider: 'azure', ...credentials, subscriptionId: sub } })).toEqual([
      { kind: 'azure', credentials, subscriptionId: sub, resourceGroup: 'dns-prod' },
      { kind: 'azure', credentials, subscriptionId: sub },
    ]);
  });

  it('source: azure with a service principal', () => {
    const credentials = { authMethod: 'servicePrincipal', ...sp };
    expect(fromOf({ zones: [{ name: 'example.com' }], source: { provider: 'azure', ...credentials, subscriptionId: sub } })).toEqual([
      { kind: 'azure', credentials, subscriptionId: sub },
    ]);
  });

  it("Azure's older top-level fields: a sourceToken means a bearer token", () => {
    expect(fromOf({ zones: [{ name: 'example.com' }], sourceToken: ' arm-token ', subscriptionId: sub })).toEqual([
      { kind: 'azure', credentials: { authMethod: 'bearerToken', sourceToken: 'arm-token' }, subscriptionId: sub },
    ]);
  });

  it("Azure's older top-level fields: the three of a service principal, authMethod deciding over a stray token", () => {
    const body = { zones: [{ name: 'example.com', resourceGroup: 'dns' }], authMethod: 'servicePrincipal', sourceToken: 'stray', ...sp };
    expect(fromOf({ ...body, subscriptionId: sub })).toEqual([
      { kind: 'azure', credentials: { authMethod: 'servicePrincipal', ...sp }, subscriptionId: sub, resourceGroup: 'dns' },
    ]);
  });

  it('source: route53, the keys without the provider, each zone with its hosted zone id when it gives one', () => {
    const zones = [{ name: 'example.com', hostedZoneId: '/hostedzone/Z0123456789ABC' }, { name: 'example.org' }];
    expect(fromOf({ zones, source: { provider: 'route53', ...keys, sessionToken: 'session' } })).toEqual([
      { kind: 'route53', credentials: { ...keys, sessionToken: 'session' }, hostedZoneId: '/hostedzone/Z0123456789ABC' },
      { kind: 'route53', credentials: { ...keys, sessionToken: 'session' } },
    ]);
  });

  it("a zone's own form before the request's source; the other provider's hint is not read", () => {
    const body = {
      zones: [
        { name: 'a.example', zoneFile: '@ 300 IN A 192.0.2.1\n', resourceGroup: 'dns' },
        { name: 'b.example', hostedZoneId: 'Z0123456789ABC' },
      ],
      source: { provider: 'azure', authMethod: 'bearerToken', sourceToken: 'arm-token', subscriptionId: sub },
    };
    expect(fromOf(body)).toEqual([
      { kind: 'zoneFile', text: '@ 300 IN A 192.0.2.1\n' },
      { kind: 'azure', credentials: { authMethod: 'bearerToken', sourceToken: 'arm-token' }, subscriptionId: sub },
    ]);
  });

  it("keeps the zone's other fields, and takes the zones out of the request", () => {
    const req = MigrateRequestSchema.parse({
      ...base,
      zones: [{ name: 'example.com', records: [], mode: 'mirror', prune: true, rrsets: [{ name: 'www', type: 'A', action: 'keep' }] }],
    });
    expect(zonesFrom(req)).toEqual([
      {
        name: 'example.com',
        mode: 'mirror',
        prune: true,
        rrsets: [{ name: 'www', type: 'A', action: 'keep' }],
        from: { kind: 'records', records: [] },
      },
    ]);
    expect(req.zones).toEqual([]);
  });

  it('a cutover check of a zone whose source the request does not say: no from', () => {
    const req = CutoverRequestSchema.parse({ ...base, zones: [{ name: 'example.com', resourceGroup: 'dns' }] });
    expect(zonesFrom(req)).toEqual([{ name: 'example.com' }]);
  });

  it('from itself, sent as the companion reads it: no request source needed', () => {
    const from = { kind: 'route53', credentials: { ...keys, sessionToken: ' session ' }, hostedZoneId: 'Z0123456789ABC' };
    expect(fromOf({ zones: [{ name: 'example.com', from }] })).toEqual([
      { kind: 'route53', credentials: { ...keys, sessionToken: 'session' }, hostedZoneId: 'Z0123456789ABC' },
    ]);
  });

  it('from of every kind, as docs/api.md shows it, is taken as sent', () => {
    const froms = [
      { kind: 'records', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] },
      { kind: 'zoneFile', text: '$TTL 1h\n@ IN A 192.0.2.9\n' },
      { kind: 'table', text: 'Type\tHost\tValue\nA\t@\t192.0.2.7\n' },
      { kind: 'axfr', server: 'ns1.d.example', port: 53, tsig: { name: 'transfer-key', algorithm: 'hmac-sha256', secret } },
      { kind: 'cloudflare', token: 'other-account-token', zoneId: '0123456789abcdef0123456789abcdef' },
      { kind: 'azure', credentials: { authMethod: 'bearerToken', sourceToken: 'arm-token' }, subscriptionId: sub, resourceGroup: 'dns' },
      { kind: 'route53', credentials: keys, hostedZoneId: 'Z0123456789ABC' },
    ];
    expect(fromOf({ zones: froms.map((from, i) => ({ name: `z${i}.example`, from })) })).toEqual(froms);
  });

  it('from beside another form, or of a kind there is none of, is refused naming the field', () => {
    const refused = (zone: Record<string, unknown>) => {
      const r = MigrateRequestSchema.safeParse({ ...base, zones: [{ name: 'example.com', ...zone }] });
      return r.success ? undefined : { path: r.error.issues[0]?.path.join('.'), message: r.error.issues[0]?.message };
    };
    expect(refused({ from: { kind: 'table', text: 'x' }, records: [] })).toEqual({
      path: 'zones.0.records',
      message: 'send a zone\'s source either as "from" or as records, not both',
    });
    expect(refused({ from: { kind: 'zoneFile', text: 'x' }, hostedZoneId: 'Z0123456789ABC' })).toMatchObject({
      path: 'zones.0.hostedZoneId',
    });
    expect(refused({ from: { kind: 'gcp' } })).toEqual({
      path: 'zones.0.from.kind',
      message: 'from.kind is records, zoneFile, table, axfr, cloudflare, azure or route53',
    });
    expect(
      refused({ from: { kind: 'azure', credentials: { authMethod: 'bearerToken', sourceToken: 't' }, subscriptionId: 'nope' } }),
    ).toMatchObject({
      path: 'zones.0.from.subscriptionId',
    });
  });

  it('the mixed and forbidden forms keep their errors', () => {
    const refused = (body: Record<string, unknown>) => {
      const r = MigrateRequestSchema.safeParse({ ...base, ...body });
      return r.success ? undefined : { path: r.error.issues[0]?.path.join('.'), message: r.error.issues[0]?.message };
    };
    expect(refused({ zones: [{ name: 'example.com', records: [], table: 'x' }] })).toEqual({
      path: 'zones.0.zoneFile',
      message: 'send a zone as records, as zoneFile, as table, with axfr or with cloudflare: one of them',
    });
    expect(refused({ zones: [{ name: 'example.com' }], source: { provider: 'route53', ...keys }, sourceToken: 't' })).toEqual({
      path: 'sourceToken',
      message: 'send the source either as "source" or as sourceToken and its fields, not both',
    });
  });
});
