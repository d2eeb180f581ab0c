import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHostedZone, listHostedZones, listResourceRecordSets, type ApiAnswer } from './api';
import { amzDateMs, parseAuthorization, signatureMatches } from './sigv4';
import { SimState, type RecordSetInput, type SimKey, type SimRecordSet, type SimZone } from './state';
import { errorDocument } from './xml';

/** Answers the simulator gives instead of the real one, counted down per request. */
export interface Route53Faults {
  /** The next N requests answer 400 Throttling (as over the rate), whatever the window holds. */
  throttle: number;
  /** The next N requests answer 400 PriorRequestNotComplete. */
  priorRequestNotComplete: number;
  /** The next N requests answer 500 InternalFailure. */
  internalFailure: number;
  /** Sent with throttling answers when set (Route 53 itself sends none). */
  retryAfterSeconds?: number;
}

export interface Route53Request {
  method: string;
  /** Path and query exactly as received (never a header: those hold the signature). */
  url: string;
  /** Milliseconds since the simulator started, to check pacing. */
  at: number;
  status: number;
}

export interface Route53Simulator {
  /** `http://127.0.0.1:<port>`: DNSFERRY_AWS_ROUTE53_ENDPOINT. */
  url: string;
  state: SimState;
  requests: Route53Request[];
  counters: { requests: number; throttled: number; refusedAuth: number };
  addKey(input?: Partial<SimKey> & { temporary?: boolean }): SimKey;
  addZone(input: { name: string; account?: string; privateZone?: boolean; comment?: string; id?: string }): SimZone;
  addRecordSet(zone: SimZone, input: RecordSetInput): SimRecordSet;
  setFaults(faults: Partial<Route53Faults>): void;
  resetCounters(): void;
  close(): Promise<void>;
}

/**
 * Five requests a second per account, all operations together, counted in any one-second window: a
 * sixth inside one second is throttled, as Route 53 throttles it (a caller that bursts on top of a
 * steady pace is caught, where a token bucket would let it through).
 */
const RATE = 5;
const WINDOW_MS = 1000;
const CLOCK_SKEW_MS = 5 * 60_000;

type Answer = ApiAnswer & { headers?: Record<string, string> };

const refuse = (code: string, message: string): Answer => ({ status: 403, code, message });

/**
 * A Route 53 (API 2013-04-01) on a loopback HTTP port: ListHostedZones, GetHostedZone and
 * ListResourceRecordSets in XML, every request's SigV4 signature checked against the keys it knows,
 * and the account's rate limit answered as Route 53 answers it (400 Throttling). Only tests and the
 * demo use it.
 */
export async function startRoute53Simulator(): Promise<Route53Simulator> {
  const state = new SimState();
  const requests: Route53Request[] = [];
  const counters = { requests: 0, throttled: 0, refusedAuth: 0 };
  const faults: Route53Faults = { throttle: 0, priorRequestNotComplete: 0, internalFailure: 0 };
  const windows = new Map<string, number[]>();
  const started = Date.now();

  function overRate(account: string): boolean {
    const now = Date.now();
    const recent = (windows.get(account) ?? []).filter((t) => t > now - WINDOW_MS);
    windows.set(account, recent);
    if (recent.length >= RATE) return true;
    recent.push(now);
    return false;
  }

  function authenticate(req: IncomingMessage, url: string): SimKey | Answer {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth) {
      return req.headers.authorization
        ? refuse('IncompleteSignature', 'Authorization header requires Credential, SignedHeaders and Signature.')
        : refuse('MissingAuthenticationToken', 'Missing Authentication Token');
    }
    const key = state.keys.get(auth.accessKeyId);
    if (!key) return refuse('InvalidClientTokenId', 'The security token included in the request is invalid.');
    if (key.sessionToken !== undefined && req.headers['x-amz-security-token'] !== key.sessionToken) {
      return refuse('InvalidClientTokenId', 'The security token included in the request is invalid.');
    }
    if (key.expired) return refuse('ExpiredToken', 'The security token included in the request is expired');
    if (auth.region !== 'us-east-1')
      return refuse('SignatureDoesNotMatch', `Credential should be scoped to a valid region, not '${auth.region}'.`);
    if (auth.service !== 'route53') return refuse('SignatureDoesNotMatch', "Credential should be scoped to correct service: 'route53'.");
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const sent = amzDateMs(amzDate);
    if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date') || Number.isNaN(sent)) {
      return refuse('IncompleteSignature', 'The request must sign the host and x-amz-date headers.');
    }
    if (Math.abs(Date.now() - sent) > CLOCK_SKEW_MS) {
      return refuse(
        'SignatureDoesNotMatch',
        `Signature expired: ${amzDate} is now earlier or later than the server time by more than 5 min.`,
      );
    }
    const signed = { method: req.method ?? 'GET', url, headers: req.headers, body: '' };
    if (!signatureMatches(signed, auth, key.secretAccessKey)) {
      return refuse(
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      );
    }
    return key;
  }

  function route(key: SimKey, method: string, url: URL): Answer {
    const action = /^\/2013-04-01\/hostedzone\/[^/]+\/rrset$/.test(url.pathname)
      ? 'ListResourceRecordSets'
      : /^\/2013-04-01\/hostedzone\/[^/]+$/.test(url.pathname)
        ? 'GetHostedZone'
        : url.pathname === '/2013-04-01/hostedzone'
          ? 'ListHostedZones'
          : null;
    if (method !== 'GET' || action === null)
      return { status: 404, code: 'UnknownOperationException', message: `no operation at ${method} ${url.pathname}` };
    if (!key.canRead) {
      return refuse(
        'AccessDenied',
        `User: arn:aws:iam::${key.account}:user/${key.user} is not authorized to perform: route53:${action} because no identity-based policy allows the route53:${action} action`,
      );
    }
    const id = decodeURIComponent(url.pathname.split('/')[3] ?? '');
    if (action === 'ListHostedZones') return listHostedZones(state, key.account, url.searchParams);
    if (action === 'GetHostedZone') return getHostedZone(state, key.account, id);
    return listResourceRecordSets(state, key.account, id, url.searchParams);
  }

  function answer(req: IncomingMessage): Answer {
    // Collapse `//` before routing, as the signature is computed over the collapsed path.
    const raw = (req.url ?? '/').replace(/\/{2,}/g, '/');
    const key = authenticate(req, raw);
    if ('status' in key) {
      counters.refusedAuth++;
      return key;
    }
    const throttled = (code: string, message: string): Answer => {
      counters.throttled++;
      return {
        status: 400,
        code,
        message,
        ...(faults.retryAfterSeconds !== undefined ? { headers: { 'retry-after': String(faults.retryAfterSeconds) } } : {}),
      };
    };
    if (faults.throttle > 0) {
      faults.throttle--;
      return throttled('Throttling', 'Rate exceeded');
    }
    if (faults.priorRequestNotComplete > 0) {
      faults.priorRequestNotComplete--;
      return throttled('PriorRequestNotComplete', 'The request was rejected because Route 53 was still processing a prior request.');
    }
    if (faults.internalFailure > 0) {
      faults.internalFailure--;
      return { status: 500, code: 'InternalFailure', message: 'An internal error occurred.' };
    }
    if (overRate(key.account)) return throttled('Throttling', 'Rate exceeded');
    return route(key, req.method ?? 'GET', new URL(raw, 'http://route53.invalid'));
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      counters.requests++;
      const a = answer(req);
      const requestId = randomUUID();
      const body = 'code' in a ? errorDocument(a.code, a.message, requestId) : a.body;
      requests.push({ method: req.method ?? '', url: req.url ?? '', at: Date.now() - started, status: a.status });
      res.writeHead(a.status, {
        'content-type': 'text/xml',
        'x-amzn-requestid': requestId,
        // A true Date: the SDK corrects its clock from it.
        date: new Date().toUTCString(),
        ...a.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    state,
    requests,
    counters,
    addKey: (input) => state.addKey(input),
    addZone: (input) => state.addZone(input),
    addRecordSet: (zone, input) => state.addRecordSet(zone, input),
    setFaults: (f) => Object.assign(faults, f),
    resetCounters: () => {
      Object.assign(counters, { requests: 0, throttled: 0, refusedAuth: 0 });
      Object.assign(faults, { throttle: 0, priorRequestNotComplete: 0, internalFailure: 0 });
      delete faults.retryAfterSeconds;
      requests.length = 0;
      windows.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
