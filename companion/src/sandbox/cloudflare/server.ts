import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Reply, RequestContext } from './context';
import { CfError, cf, failureBody } from './errors';
import { type FaultInjector, HTML_502, WRITE_METHODS } from './faults';
import type { RateLimiter, RateDecision } from './rate-limiter';
import { matchRoute, parseAuth, routeKey, ROUTES, type ParsedAuth, type Route } from './router';
import * as zones from './routes-zones';
import type { SimState, Zone } from './state';

/** HTTP front of the simulator: routing, auth, rate limiting, fault injection and the JSON envelope. */

export const BASE_PATH = '/client/v4';
const BODY_LIMIT = 64 * 1024 * 1024;
const REQUEST_LOG_MAX = 2000;

export interface Counters {
  total: number;
  byRoute: Record<string, number>;
  writes: number;
  rejected429: number;
  faultsInjected: number;
}

export interface ServerOptions {
  state: SimState;
  limiter: RateLimiter | null;
  faults: FaultInjector;
  latencyMs: number;
  defaultBatchLimit: number;
}

const PAID_BATCH_LIMIT = 3500;

export class SimServer {
  readonly counters: Counters = { total: 0, byRoute: {}, writes: 0, rejected429: 0, faultsInjected: 0 };
  readonly requestLog: Array<{ method: string; path: string; status: number }> = [];
  batchEnabled = true;
  private readonly server: Server;
  /** Responses held open by the timeout fault; destroyed on close(). */
  private readonly held = new Set<ServerResponse>();
  /** Writes past the first `passes` wait in `waiting` until released, or dropped on close (see CloudflareSim.holdWrites). */
  private writeHold: { passes: number; waiting: Array<(apply: boolean) => void> } | null = null;
  private readonly policyHeader: string;

  constructor(private readonly opts: ServerOptions) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        // A bug in the simulator: answer 500 in Cloudflare's envelope rather than hang the client.
        if (!res.headersSent)
          void this.send(
            res,
            req.method ?? 'GET',
            req.url ?? '',
            500,
            failureBody([{ code: 10001, message: `simulator error: ${String(err)}` }]),
            {},
          );
      });
    });
    this.server.keepAliveTimeout = 5_000;
    const limit = opts.limiter?.config ?? { limit: 1200, windowMs: 300_000 };
    this.policyHeader = `"default";q=${limit.limit};w=${Math.ceil(limit.windowMs / 1000)}`;
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${BASE_PATH}`;
  }

  holdWrites(after: number): () => void {
    const hold = { passes: after, waiting: [] as Array<(apply: boolean) => void> };
    this.writeHold = hold;
    return () => {
      if (this.writeHold === hold) this.writeHold = null;
      for (const go of hold.waiting.splice(0)) go(true);
    };
  }

  async close(): Promise<void> {
    if (this.writeHold) for (const go of this.writeHold.waiting.splice(0)) go(false);
    for (const res of this.held) res.destroy();
    this.held.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  resetCounters(): void {
    this.counters.total = 0;
    this.counters.byRoute = {};
    this.counters.writes = 0;
    this.counters.rejected429 = 0;
    this.counters.faultsInjected = 0;
    this.requestLog.length = 0;
  }

  private log(method: string, path: string, status: number): void {
    this.requestLog.push({ method, path, status });
    if (this.requestLog.length > REQUEST_LOG_MAX) this.requestLog.splice(0, this.requestLog.length - REQUEST_LOG_MAX);
  }

  private rateHeaders(d: RateDecision | null): Record<string, string> {
    const limit = this.opts.limiter?.config.limit ?? 1200;
    const r = d ? d.remaining : limit;
    const t = d ? d.resetSeconds : 0;
    return { Ratelimit: `"default";r=${r};t=${t}`, 'Ratelimit-Policy': this.policyHeader };
  }

  private async send(
    res: ServerResponse,
    method: string,
    path: string,
    status: number,
    body: unknown,
    headers: Record<string, string>,
    contentType = 'application/json',
  ): Promise<void> {
    if (this.opts.latencyMs > 0) await new Promise((r) => setTimeout(r, this.opts.latencyMs));
    this.log(method, path, status);
    if (res.destroyed) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.startsWith(`${BASE_PATH}/`) ? url.pathname.slice(BASE_PATH.length) : null;
    /** What the request log records: the path below /client/v4 (or the whole path when outside it), no query. */
    const logPath = path ?? url.pathname;
    const segments = path === null ? [] : path.split('/').filter(Boolean);

    let matched: Route | undefined;
    let params: Record<string, string> = {};
    let pathKnown = false;
    if (path !== null) {
      let batchOff = false;
      for (const r of ROUTES) {
        if (r.batch && !this.batchEnabled) {
          batchOff ||= matchRoute(segments, r) !== null && method === r.method;
          continue;
        }
        const p = matchRoute(segments, r);
        if (!p) continue;
        pathKnown = true;
        if (r.method === method) {
          matched = r;
          params = p;
          break;
        }
      }
      // Without the batch route, POST …/dns_records/batch is simply an unknown route (not a wrong method).
      if (batchOff && !matched) pathKnown = false;
    }
    const key = matched ? routeKey(matched) : 'UNKNOWN';
    this.counters.total++;
    this.counters.byRoute[key] = (this.counters.byRoute[key] ?? 0) + 1;

    const hold = this.writeHold;
    if (hold && WRITE_METHODS.has(method)) {
      if (hold.passes > 0) hold.passes--;
      else if (!(await new Promise<boolean>((go) => hold.waiting.push(go)))) {
        this.log(method, logPath, 0);
        req.socket.destroy();
        return;
      }
    }

    // Faults come first: they model trouble between the client and the API.
    const fault = this.opts.faults.before(method);
    if (fault) {
      this.counters.faultsInjected++;
      switch (fault.kind) {
        case 'reset':
          this.log(method, logPath, 0);
          req.socket.destroy();
          return;
        case 'timeout':
          this.log(method, logPath, 0);
          this.held.add(res);
          res.on('close', () => this.held.delete(res));
          req.resume();
          return;
        case 'html502':
          return this.send(res, method, logPath, 502, HTML_502, {}, 'text/html; charset=UTF-8');
        case '5xx':
          return this.send(
            res,
            method,
            logPath,
            fault.status,
            failureBody([
              {
                code: fault.status === 503 ? 10503 : 10001,
                message: fault.status === 503 ? 'Service Unavailable' : 'Internal Server Error',
              },
            ]),
            this.rateHeaders(null),
          );
        case '429':
          this.counters.rejected429++;
          return this.send(res, method, logPath, 429, failureBody([cf.rateLimited().toMessage()]), {
            ...this.rateHeaders({ allowed: false, remaining: 0, resetSeconds: fault.retryAfterSeconds }),
            'Retry-After': String(fault.retryAfterSeconds),
          });
        case '403':
          return this.send(res, method, logPath, 403, failureBody([cf.authError().toMessage()]), this.rateHeaders(null));
      }
    }

    const rawBody = await readBody(req);
    const auth = parseAuth(req);
    const decision = this.opts.limiter ? this.opts.limiter.take(auth.key) : null;
    const headers = this.rateHeaders(decision);
    if (decision && !decision.allowed) {
      this.counters.rejected429++;
      return this.send(res, method, logPath, 429, failureBody([cf.rateLimited().toMessage()]), {
        ...headers,
        'Retry-After': String(decision.retryAfterSeconds ?? 1),
      });
    }

    let reply: Reply;
    try {
      if (rawBody === null) throw cf.invalidBody();
      reply = this.dispatch(req, method, path, matched, params, pathKnown, auth, url.searchParams, rawBody);
    } catch (err) {
      if (!(err instanceof CfError)) throw err;
      const retry: Record<string, string> = err.retryAfterSeconds !== undefined ? { 'Retry-After': String(err.retryAfterSeconds) } : {};
      if (err.status === 429) this.counters.rejected429++;
      return this.send(res, method, logPath, err.status, failureBody([err.toMessage()]), { ...headers, ...retry });
    }

    if (reply.wrote) {
      this.counters.writes++;
      const post = this.opts.faults.after(method);
      if (post) {
        this.counters.faultsInjected++;
        if (post.kind === 'reset') {
          this.log(method, logPath, 0);
          req.socket.destroy();
          return;
        }
        return this.send(res, method, logPath, 502, failureBody([{ code: 10001, message: 'Bad Gateway' }]), headers);
      }
    }
    return this.send(res, method, logPath, reply.status, reply.body, headers);
  }

  private dispatch(
    req: IncomingMessage,
    method: string,
    path: string | null,
    matched: Route | undefined,
    params: Record<string, string>,
    pathKnown: boolean,
    auth: ParsedAuth,
    query: URLSearchParams,
    rawBody: Buffer,
  ): Reply {
    const { state } = this.opts;
    if (auth.kind === 'missing') throw cf.missingAuth();
    if (auth.kind === 'malformed') throw cf.malformedAuth();
    if (auth.kind === 'malformed-key') throw cf.malformedAuthKey();
    if (auth.kind === 'auth-key') throw cf.unknownAuthKey();
    const token = state.tokens.get(auth.token);

    if (path === null || !matched) {
      if (pathKnown) throw cf.methodNotAllowed(method);
      throw cf.noRoute();
    }
    if (matched.auth === 'verify-user') {
      if (!token || token.kind !== 'user') throw cf.invalidTokenVerify();
      return zones.verifyResult(token);
    }
    if (matched.auth === 'verify-account') {
      if (!token || token.kind !== 'account' || !token.accountIds.includes(params.account_id ?? '')) throw cf.invalidTokenVerify();
      return zones.verifyResult(token);
    }
    if (!token || token.status !== 'active') throw cf.invalidToken();

    let body: unknown;
    if (WRITE_METHODS.has(method) && rawBody.length > 0) {
      const ct = String(req.headers['content-type'] ?? '');
      if (!/^application\/json\b/i.test(ct)) throw cf.contentType();
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw cf.malformedJson();
      }
    }
    const ctx: RequestContext = {
      state,
      token,
      method,
      path,
      params,
      query,
      body,
      batchLimitFor: (zone: Zone) =>
        zone.plan === 'free' ? this.opts.defaultBatchLimit : Math.max(PAID_BATCH_LIMIT, this.opts.defaultBatchLimit),
    };
    return matched.handler(ctx);
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > BODY_LIMIT) return null;
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
