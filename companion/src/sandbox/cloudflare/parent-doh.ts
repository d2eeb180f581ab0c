import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import dnsPacket, { type Answer } from 'dns-packet';
import { parentOf } from './parent';
import type { SimState } from './state';

/**
 * For the offline demo: a DoH resolver (RFC 8484, HTTP/1.1) that shows the world's view of the
 * simulator's zones from the parent side — the NS the test or demo delegated them to
 * (`setDelegation`) and their DS at the parent (`setParentDs`) — and forwards every other question to
 * an upstream DoH resolver (the demo's unbound). Without an upstream, other questions are REFUSED.
 */
export interface ParentDoh {
  url: string;
  close(): Promise<void>;
}

function reply(query: dnsPacket.DecodedPacket, rcode: number, answers: Answer[]): Buffer {
  return dnsPacket.encode({
    type: 'response',
    id: query.id ?? 0,
    flags: rcode | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
    questions: query.questions ?? [],
    answers,
  });
}

async function body(req: IncomingMessage): Promise<Buffer> {
  if (req.method === 'GET') return Buffer.from(new URL(req.url ?? '/', 'http://parent').searchParams.get('dns') ?? '', 'base64url');
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startParentDoh(state: SimState, upstream: string | null): Promise<ParentDoh> {
  async function answer(wire: Buffer): Promise<Buffer> {
    const query = dnsPacket.decode(wire);
    const q = query.questions?.[0];
    const name = (q?.name ?? '').toLowerCase().replace(/\.$/, '');
    const zone = state.zoneByName(name);
    if (q && zone && q.type === 'DS') {
      const answers = parentOf(state, name).ds.map((ds): Answer => {
        const [keyTag, algorithm, digestType, digest] = ds.split(' ');
        return {
          type: 'DS',
          name,
          ttl: 3600,
          class: 'IN',
          data: {
            keyTag: Number(keyTag),
            algorithm: Number(algorithm),
            digestType: Number(digestType),
            digest: Buffer.from(digest ?? '', 'hex'),
          },
        };
      });
      return reply(query, 0, answers);
    }
    const delegated = zone ? parentOf(state, name).nameServers : null;
    if (q && zone && q.type === 'NS' && delegated) {
      return reply(
        query,
        0,
        delegated.map((ns): Answer => ({ type: 'NS', name, ttl: 3600, class: 'IN', data: ns })),
      );
    }
    if (upstream) {
      const res = await fetch(`${upstream}?dns=${wire.toString('base64url')}`, { headers: { accept: 'application/dns-message' } });
      return Buffer.from(await res.arrayBuffer());
    }
    // A zone of ours that no one delegated to: the parent does not know it.
    return reply(query, zone ? 3 : 5, []);
  }

  const server = createServer((req, res) => {
    body(req)
      .then(answer)
      .then((out) => {
        res.writeHead(200, { 'content-type': 'application/dns-message', 'content-length': out.length });
        res.end(out);
      })
      .catch((err: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(err instanceof Error ? err.message : String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dns-query`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
