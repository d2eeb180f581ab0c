import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectDnsClient, DnsQueryError } from '@dnsferry/companion/dns/direct-client';
import { startCloudflareSimulator, type CloudflareSim } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';

/** The direct client against the simulator's name servers (UDP and TCP on loopback). */
let sim: CloudflareSim;
const client = new DirectDnsClient({ timeoutMs: 300, retries: 1 });
const signal = new AbortController().signal;
const server = () => ({ host: sim.dns.host, port: sim.dns.port });

beforeAll(async () => {
  sim = await startCloudflareSimulator({ rateLimit: false });
  const seed = seedCloudflareDemo(sim);
  const id = sim.addZone({ accountId: seed.accountId, name: 'example.com', status: 'pending' }).id;
  sim.addRecord(id, { type: 'MX', name: 'example.com', content: 'mail.example.com', priority: 10, ttl: 3600 });
  sim.addRecord(id, { type: 'NS', name: 'dev.example.com', content: 'ns1.dev-dns.example.net', ttl: 3600 });
  // 60 TXT strings of 60 octets: about 3.8 kB, more than the 1,232 octets the client offers over UDP
  for (let i = 0; i < 60; i++)
    sim.addRecord(id, { type: 'TXT', name: 'big.example.com', content: `"${String(i).padStart(2, '0')}${'x'.repeat(58)}"`, ttl: 300 });
});
afterAll(async () => {
  client.close();
  await sim.close();
});

describe('DirectDnsClient', () => {
  it('reads an answer into canonical records named as asked', async () => {
    const a = await client.query(server(), 'example.com', 'MX', '@', signal);
    expect(a.rcode).toBe(0);
    expect(a.records).toEqual([{ type: 'MX', name: '@', ttl: 3600, content: 'mail.example.com', priority: 10 }]);
  });

  it('asks again over TCP when the UDP answer is truncated', async () => {
    const before = sim.dns.queries;
    const a = await client.query(server(), 'BIG.example.com.', 'TXT', 'big', signal);
    expect(a.records).toHaveLength(60);
    expect(a.records.map((r) => r.content).sort()[0]).toBe(`"00${'x'.repeat(58)}"`);
    expect(sim.dns.queries - before).toBe(2);
  });

  it('takes the NS of a delegation from the referral', async () => {
    const a = await client.query(server(), 'dev.example.com', 'NS', 'dev', signal);
    expect(a.records.map((r) => r.content)).toEqual(['ns1.dev-dns.example.net']);
  });

  it('reports NXDOMAIN with no records', async () => {
    const a = await client.query(server(), 'nothing.example.com', 'A', 'nothing', signal);
    expect(a).toEqual({ rcode: 3, records: [], unreadable: [] });
  });

  it('says when the server would not tell: REFUSED for a zone it does not serve', async () => {
    const a = await client.query(server(), 'example.org', 'A', '@', signal);
    expect(a).toEqual({ rcode: 5, records: [], unreadable: ['the name server answered REFUSED'] });
  });

  it('gives up on a server that never answers, after its retries', async () => {
    const silent = createSocket('udp4');
    let received = 0;
    silent.on('message', () => received++);
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    const port = silent.address().port;
    await expect(client.query({ host: '127.0.0.1', port }, 'example.com', 'A', '@', signal)).rejects.toBeInstanceOf(DnsQueryError);
    expect(received).toBe(2);
    silent.close();
  });
});
