import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GetHostedZoneCommand,
  ListResourceRecordSetsCommand,
  Route53Client,
  paginateListHostedZones,
  type ResourceRecordSet,
} from '@aws-sdk/client-route-53';
import { startRoute53Simulator, type Route53Simulator, type SimKey, type SimZone } from '@dnsferry/companion/sandbox/route53/index';

// AWS's own SDK against the simulator: the wire shapes, paging, signatures and error envelope it checks
// are the ones the SDK produces and parses (route53-api.md §9).
let sim: Route53Simulator;
let key: SimKey;
let zone: SimZone;

function client(k: Pick<SimKey, 'accessKeyId' | 'secretAccessKey' | 'sessionToken'> = key, region = 'us-east-1') {
  return new Route53Client({
    region,
    endpoint: sim.url,
    credentials: {
      accessKeyId: k.accessKeyId,
      secretAccessKey: k.secretAccessKey,
      ...(k.sessionToken ? { sessionToken: k.sessionToken } : {}),
    },
    maxAttempts: 1,
  });
}

async function failure(p: Promise<unknown>): Promise<{ name: string; message: string; status: number | undefined }> {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { name: string; message: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!err) throw new Error('expected the call to fail');
  return { name: err.name, message: err.message, status: err.$metadata?.httpStatusCode };
}

beforeAll(async () => {
  sim = await startRoute53Simulator();
  key = sim.addKey();
  zone = sim.addZone({ name: 'example.org' });
  for (let i = 0; i < 5; i++) sim.addZone({ name: `zone${i}.example` });
  sim.addZone({ name: 'other-account.example', account: '999999999999' });
  sim.addRecordSet(zone, { name: '*', type: 'CNAME', TTL: 300, values: ['example.org.'] });
  sim.addRecordSet(zone, { name: 'a-b', type: 'TXT', TTL: 60, values: ['"in\\"ter\\"ior" "x"'] });
  for (const [id, w] of [
    ['blue', 80],
    ['green', 15],
    ['red', 5],
  ] as const) {
    sim.addRecordSet(zone, { name: 'api', type: 'A', TTL: 60, SetIdentifier: id, Weight: w, values: [`198.51.100.${w}`] });
  }
  sim.addRecordSet(zone, { name: 'www', type: 'A', alias: { hostedZoneId: 'Z2FDTNDATAQYW2', dnsName: 'd111111abcdef8.cloudfront.net' } });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.resetCounters();
});

describe('Route 53 simulator, through the AWS SDK', () => {
  it("pages the account's hosted zones by NextMarker, ids with /hostedzone/, names with a trailing dot", async () => {
    const names: string[] = [];
    for await (const page of paginateListHostedZones({ client: client(), pageSize: 2 }, {})) {
      names.push(...(page.HostedZones ?? []).map((z) => `${z.Name ?? ''} ${z.Id?.startsWith('/hostedzone/Z') ? 'id' : 'bad id'}`));
    }
    expect(names).toEqual(['example.org. id', ...[0, 1, 2, 3, 4].map((i) => `zone${i}.example. id`)]);
    expect(sim.requests.map((r) => r.url)).toHaveLength(3);
  });

  it('answers GetHostedZone with its delegation set, and NoSuchHostedZone for an unknown id', async () => {
    const got = await client().send(new GetHostedZoneCommand({ Id: `/hostedzone/${zone.id}` }));
    expect(got.HostedZone?.ResourceRecordSetCount).toBe(8);
    expect(got.DelegationSet?.NameServers).toHaveLength(4);
    expect(await failure(client().send(new GetHostedZoneCommand({ Id: 'ZNOSUCHZONE0000000000' })))).toEqual({
      name: 'NoSuchHostedZone',
      message: 'No hosted zone found with ID: ZNOSUCHZONE0000000000',
      status: 404,
    });
  });

  it('lists record sets in order, resuming inside a weighted group by NextRecordIdentifier', async () => {
    const sets: ResourceRecordSet[] = [];
    const starts: string[] = [];
    let next: { StartRecordName?: string; StartRecordType?: ResourceRecordSet['Type']; StartRecordIdentifier?: string } = {};
    for (;;) {
      const page = await client().send(new ListResourceRecordSetsCommand({ HostedZoneId: zone.id, MaxItems: 3, ...next }));
      sets.push(...(page.ResourceRecordSets ?? []));
      if (!page.IsTruncated) break;
      starts.push(`${page.NextRecordName ?? ''} ${page.NextRecordType ?? ''} ${page.NextRecordIdentifier ?? '-'}`);
      next = {
        StartRecordName: page.NextRecordName,
        StartRecordType: page.NextRecordType,
        ...(page.NextRecordIdentifier ? { StartRecordIdentifier: page.NextRecordIdentifier } : {}),
      };
    }
    // Reversed-label order: the apex, then `org.example.\052.` before `org.example.a-b.` (`\` < `a`), then api, www.
    expect(sets.map((s) => `${s.Name ?? ''} ${s.Type ?? ''} ${s.SetIdentifier ?? ''}`.trim())).toEqual([
      'example.org. NS',
      'example.org. SOA',
      '\\052.example.org. CNAME',
      'a-b.example.org. TXT',
      'api.example.org. A blue',
      'api.example.org. A green',
      'api.example.org. A red',
      'www.example.org. A',
    ]);
    expect(starts).toEqual(['a-b.example.org. TXT -', 'api.example.org. A red']);
    const alias = sets.at(-1);
    expect(alias?.TTL).toBeUndefined();
    expect(alias?.ResourceRecords).toBeUndefined();
    expect(alias?.AliasTarget).toEqual({
      HostedZoneId: 'Z2FDTNDATAQYW2',
      DNSName: 'd111111abcdef8.cloudfront.net.',
      EvaluateTargetHealth: false,
    });
    expect(sets[3]?.ResourceRecords).toEqual([{ Value: '"in\\"ter\\"ior" "x"' }]);
  });

  it('refuses a type without a name to start at', async () => {
    const err = await failure(client().send(new ListResourceRecordSetsCommand({ HostedZoneId: zone.id, StartRecordType: 'A' })));
    expect(err).toMatchObject({ name: 'InvalidInput', status: 400 });
  });

  it('checks the signature: a wrong secret, an unknown key, a missing session token, another region', async () => {
    const list = (c: Route53Client) => c.send(new ListResourceRecordSetsCommand({ HostedZoneId: zone.id }));
    expect(await failure(list(client({ ...key, secretAccessKey: 'not-the-secret-0000000000000000000000000' })))).toMatchObject({
      name: 'SignatureDoesNotMatch',
      status: 403,
    });
    expect(await failure(list(client({ ...key, accessKeyId: 'AKIAUNKNOWN000000000' })))).toMatchObject({
      name: 'InvalidClientTokenId',
      status: 403,
    });
    const temporary = sim.addKey({ temporary: true });
    expect(await failure(list(client({ accessKeyId: temporary.accessKeyId, secretAccessKey: temporary.secretAccessKey })))).toMatchObject({
      name: 'InvalidClientTokenId',
    });
    await expect(list(client(temporary))).resolves.toMatchObject({ IsTruncated: false });
    expect(await failure(list(client(key, 'eu-west-1')))).toEqual({
      name: 'SignatureDoesNotMatch',
      message: "Credential should be scoped to a valid region, not 'eu-west-1'.",
      status: 403,
    });
    expect(sim.counters.refusedAuth).toBe(4);
  });

  it('keeps other accounts out, and refuses keys without the permission', async () => {
    expect(await failure(client().send(new GetHostedZoneCommand({ Id: sim.state.zones.at(-1)?.id ?? '' })))).toMatchObject({
      name: 'NoSuchHostedZone',
    });
    const denied = sim.addKey({ canRead: false, user: 'ops' });
    const err = await failure(client(denied).send(new GetHostedZoneCommand({ Id: zone.id })));
    expect(err.name).toBe('AccessDenied');
    expect(err.message).toMatch(/user\/ops is not authorized to perform: route53:GetHostedZone/);
  });

  it('answers 400 Throttling past five requests a second per account, and on request', async () => {
    const c = client();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => c.send(new GetHostedZoneCommand({ Id: zone.id }))));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(5);
    expect(refused.map((r) => r.reason as { name: string }).every((e) => e.name === 'Throttling')).toBe(true);

    sim.resetCounters();
    sim.setFaults({ priorRequestNotComplete: 1 });
    expect(await failure(c.send(new GetHostedZoneCommand({ Id: zone.id })))).toMatchObject({
      name: 'PriorRequestNotComplete',
      status: 400,
    });
    await expect(c.send(new GetHostedZoneCommand({ Id: zone.id }))).resolves.toBeDefined();
  });

  it('counts five in any one second: a sixth 999 ms after the first is throttled, one 1001 ms after goes', async () => {
    // Only the clock is faked: the simulator and the SDK's signature read it, the sockets do not.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const c = client();
      for (let i = 0; i < 5; i++) {
        vi.setSystemTime(start + i * 100);
        await c.send(new GetHostedZoneCommand({ Id: zone.id }));
      }
      vi.setSystemTime(start + 999);
      expect(await failure(c.send(new GetHostedZoneCommand({ Id: zone.id })))).toMatchObject({ name: 'Throttling', status: 400 });
      vi.setSystemTime(start + 1001);
      await expect(c.send(new GetHostedZoneCommand({ Id: zone.id }))).resolves.toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
