import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDohClient, type DohClient } from '@dnsferry/companion/dns/doh-client';
import { delegationNs, parentDs } from '@dnsferry/companion/cutover/parent';
import { targetServers } from '@dnsferry/companion/cutover/name-servers';
import { startParentResolver, type ParentResolver } from './parent-resolver';
import { hangingResolver, type StubResolver } from '../../support/dns/stub-resolvers';

let resolver: ParentResolver;
let doh: DohClient;
const signal = new AbortController().signal;

beforeAll(async () => {
  resolver = await startParentResolver();
  doh = createDohClient(resolver.url, { protocol: 'http1' });
});
afterAll(async () => {
  doh.close();
  await resolver.close();
});

describe('the parent, through the DoH resolver', () => {
  it('gives the delegation lower case, without trailing dots, sorted, with the NS TTL', async () => {
    resolver.setNs('example.com', ['NS2.OldHost.example.', 'ns1.oldhost.example'], 172800);
    expect(await delegationNs(doh, 'example.com', signal)).toEqual({
      ok: true,
      value: ['ns1.oldhost.example', 'ns2.oldhost.example'],
      ttl: 172800,
    });
  });

  it('gives the DS records canonical (digest in upper case), with their TTL', async () => {
    resolver.setDs('example.com', ['2371 13 2 1f987cc6583e92df0890718c4200000000000000000000000000000000000000'], 7200);
    expect(await parentDs(doh, 'example.com', signal)).toEqual({
      ok: true,
      value: ['2371 13 2 1F987CC6583E92DF0890718C4200000000000000000000000000000000000000'],
      ttl: 7200,
    });
  });

  it('reads NXDOMAIN as nothing at the parent', async () => {
    expect(await parentDs(doh, 'not-delegated.example', signal)).toEqual({ ok: true, value: [], ttl: null });
  });

  it('says why when the resolver does not answer', async () => {
    const hanging: StubResolver = await hangingResolver();
    const slow = createDohClient(hanging.url, { protocol: 'http1', timeoutMs: 200, retries: 0 });
    const r = await delegationNs(slow, 'example.com', signal);
    expect(r).toEqual({ ok: false, reason: 'no answer within 200 ms' });
    slow.close();
    await hanging.close();
  });
});

describe('targetServers', () => {
  it('uses DNSFERRY_TARGET_NS alone when it is set', async () => {
    expect(await targetServers(['ada.ns.cloudflare.com'], { host: '127.0.0.1', port: 5300 }, doh, signal)).toEqual([
      { host: '127.0.0.1', port: 5300 },
    ]);
  });

  it('otherwise resolves the assigned names and asks them on port 53, in order', async () => {
    resolver.setA('ada.ns.cloudflare.com', ['192.0.2.53', '192.0.2.54']);
    resolver.setA('bob.ns.cloudflare.com', ['198.51.100.53']);
    expect(await targetServers(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com', 'gone.ns.cloudflare.com'], null, doh, signal)).toEqual([
      { host: '192.0.2.53', port: 53 },
      { host: '192.0.2.54', port: 53 },
      { host: '198.51.100.53', port: 53 },
    ]);
  });

  it('otherwise needs the assigned names to resolve, and says which did not', async () => {
    await expect(targetServers(['cass.ns.cloudflare.com'], null, doh, signal)).rejects.toThrow(
      "the target's name servers could not be found (cass.ns.cloudflare.com: NXDOMAIN, no address)",
    );
  });
});
