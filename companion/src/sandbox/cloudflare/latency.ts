import { createServer, request as httpRequest, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A latency proxy in front of the simulated Cloudflare API, for benchmarks: each request waits
 * `perRequestMs`, plus `perRecordMs` for every operation of a batch, before it reaches the API.
 * That is a model of a remote API whose cost grows with the work in a request (the bench uses
 * 120 ms + 3 ms per record), not a measurement of Cloudflare. Requests wait side by side, as they
 * would at a real API, so the proxy also counts how many were in flight at once.
 */
export interface LatencyModel {
  perRequestMs: number;
  /** Per operation (delete, patch, put, post) of a POST …/dns_records/batch. */
  perRecordMs?: number;
}

export interface LatencyProxy {
  /** Base URL with the same path as the upstream's (e.g. http://127.0.0.1:PORT/client/v4). */
  url: string;
  /** Requests waiting or being answered right now, and the most there ever were. */
  readonly inFlight: number;
  readonly peakInFlight: number;
  readonly requests: number;
  /** Starts counting afresh (the peak too). */
  resetCounters(): void;
  close(): Promise<void>;
}

const BATCH_PATH = /\/dns_records\/batch$/;

/** Operations in a batch body; 0 when the body is not one. */
export function batchOperations(body: Buffer): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    if (err instanceof SyntaxError) return 0; // the API answers it; the model charges the request only
    throw err;
  }
  if (typeof parsed !== 'object' || parsed === null) return 0;
  let n = 0;
  for (const key of ['deletes', 'patches', 'puts', 'posts']) {
    const list = (parsed as Record<string, unknown>)[key];
    if (Array.isArray(list)) n += list.length;
  }
  return n;
}

/** The delay the model gives one request. */
export function modelDelayMs(model: LatencyModel, method: string, path: string, body: Buffer): number {
  const perRecord = model.perRecordMs ?? 0;
  const ops = perRecord > 0 && method === 'POST' && BATCH_PATH.test(path) ? batchOperations(body) : 0;
  return model.perRequestMs + perRecord * ops;
}

export async function startLatencyProxy(upstreamUrl: string, model: LatencyModel): Promise<LatencyProxy> {
  const upstream = new URL(upstreamUrl);
  // Unlimited sockets: the proxy must never be what serialises requests.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let inFlight = 0;
  let peakInFlight = 0;
  let requests = 0;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    // The upstream reset the socket (a fault it injects): the client sees the same.
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const server = createServer((req, res) => {
    requests++;
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.once('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const delay = modelDelayMs(model, req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname, body);
      const timer = setTimeout(() => forward(req, res, body), delay);
      // A client that gives up while its request waits never reaches the API.
      res.once('close', () => clearTimeout(timer));
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    get inFlight() {
      return inFlight;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    get requests() {
      return requests;
    },
    resetCounters() {
      requests = 0;
      peakInFlight = inFlight;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
