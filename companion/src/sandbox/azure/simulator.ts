import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleArm, type ArmContext, type ArmFaults } from './arm';
import { mintToken, openIdConfiguration, tokenEndpoint, type WireResponse } from './entra';
import { SimState, type RecordSetInput, type SimServicePrincipal, type SubscriptionInput, type ZoneRef } from './state';
import { SIMULATOR_CERT, SIMULATOR_KEY, trustingFetch } from './tls';

export interface AzureSimulatorOptions {
  /** Items per page; small by default so paging is always exercised. Record sets also honour `$top` (default 100, as Azure). */
  pageSize?: Partial<ArmContext['pageSize']>;
  /** Record-set pages are cut when their JSON passes this size (ARM cuts by size too). Default 6,000 bytes. */
  maxPageBytes?: number;
  /** Azure DNS's per-zone limit on record-set list calls (Azure: 60 per 60,000 ms). Off unless given. */
  recordSetListLimit?: { calls: number; windowMs: number };
}

export interface SimRequest {
  service: 'entra' | 'arm';
  method: string;
  /** Path and query, exactly as received (never a body or a header). */
  url: string;
}

export interface AzureSimulator {
  /** `https://127.0.0.1:<port>`: give it to the companion as DNSFERRY_AZURE_AUTHORITY. */
  authorityUrl: string;
  /** `https://127.0.0.1:<port>`: DNSFERRY_AZURE_ARM. */
  armUrl: string;
  /** A fetch that trusts the simulator's certificate (see tls.ts). */
  fetch: typeof fetch;
  state: SimState;
  counters: { tokenRequests: number; openIdRequests: number; armRequests: number; throttled: number; byRoute: Record<string, number> };
  requests: SimRequest[];
  addTenant(input?: { tenantId?: string; domain?: string }): string;
  addServicePrincipal(input: { tenantId: string; clientId?: string; clientSecret?: string; objectId?: string }): SimServicePrincipal;
  /** An ARM token as `az account get-access-token` would hand it out. */
  issueToken(input: { tenantId: string; objectId: string; appId?: string; audience?: string; lifetimeSeconds?: number }): string;
  addSubscription(input: SubscriptionInput): string;
  grant(objectId: string, subscriptionId: string): void;
  addZone(input: { subscriptionId: string; resourceGroup: string; name: string; zoneType?: 'Public' | 'Private' }): ZoneRef;
  addRecordSet(zone: ZoneRef, input: RecordSetInput): void;
  addPublicIp(input: {
    subscriptionId: string;
    resourceGroup: string;
    name: string;
    ipAddress?: string;
    version?: 'IPv4' | 'IPv6';
  }): string;
  addTrafficManagerProfile(input: { subscriptionId: string; resourceGroup: string; name: string; relativeName?: string }): string;
  recordSetId(zone: ZoneRef, type: string, name: string): string;
  setFaults(faults: Partial<ArmFaults>): void;
  resetCounters(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, r: WireResponse): void {
  const body = JSON.stringify(r.body);
  res.writeHead(r.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache',
    'x-ms-request-id': randomUUID(),
    'x-ms-correlation-request-id': randomUUID(),
    ...(r.headers ?? {}),
  });
  res.end(body);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts simulated Entra ID and ARM on two loopback HTTPS ports. Only tests and the demo use it. */
export async function startAzureSimulator(opts: AzureSimulatorOptions = {}): Promise<AzureSimulator> {
  const state = new SimState();
  const counters = { tokenRequests: 0, openIdRequests: 0, armRequests: 0, throttled: 0, byRoute: {} as Record<string, number> };
  const requests: SimRequest[] = [];
  const faults: ArmFaults = { rate429: 0, next429: 0, retryAfterSeconds: 1 };
  const acceptedScopes = new Map<string, string>([
    ['https://management.azure.com/.default', 'https://management.azure.com/'],
    ['https://management.core.windows.net//.default', 'https://management.core.windows.net/'],
  ]);
  let authorityUrl = '';
  let armUrl = '';

  const entraServer = createServer({ cert: SIMULATOR_CERT, key: SIMULATOR_KEY }, (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', authorityUrl);
      requests.push({ service: 'entra', method: req.method ?? '', url: req.url ?? '' });
      const oidc = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(url.pathname);
      const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
      if (oidc?.[1] && req.method === 'GET') {
        counters.openIdRequests++;
        send(res, openIdConfiguration(state, authorityUrl, decodeURIComponent(oidc[1])));
      } else if (token?.[1] && req.method === 'POST') {
        counters.tokenRequests++;
        send(res, tokenEndpoint(state, decodeURIComponent(token[1]), new URLSearchParams(body), req.headers.authorization, acceptedScopes));
      } else {
        send(res, { status: 404, body: { error: 'not_found', error_description: `no route ${url.pathname}` } });
      }
    })().catch((e: unknown) => send(res, { status: 500, body: { error: 'server_error', error_description: String(e) } }));
  });

  const ctx: ArmContext = {
    state,
    armUrl: '',
    faults,
    pageSize: { subscriptions: 1, zones: 2, recordSets: 100, ...opts.pageSize },
    maxPageBytes: opts.maxPageBytes ?? 6000,
    counters,
    ...(opts.recordSetListLimit ? { listLimit: opts.recordSetListLimit } : {}),
    listCalls: new Map(),
  };
  const armServer = createServer({ cert: SIMULATOR_CERT, key: SIMULATOR_KEY }, (req, res) => {
    void (async () => {
      await readBody(req);
      requests.push({ service: 'arm', method: req.method ?? '', url: req.url ?? '' });
      const r = handleArm(ctx, req.method ?? 'GET', req.url ?? '/', req.headers.authorization);
      const remaining = String(Math.max(0, 11999 - counters.armRequests));
      send(res, { ...r, headers: { 'x-ms-ratelimit-remaining-subscription-reads': remaining, ...r.headers } });
    })().catch((e: unknown) => send(res, { status: 500, body: { error: { code: 'InternalServerError', message: String(e) } } }));
  });

  authorityUrl = await listen(entraServer);
  armUrl = await listen(armServer);
  ctx.armUrl = armUrl;
  // A sovereign-cloud style resource: the simulated ARM's own origin is a valid token audience too.
  acceptedScopes.set(`${armUrl}/.default`, `${armUrl}/`);

  return {
    authorityUrl,
    armUrl,
    fetch: trustingFetch(),
    state,
    counters,
    requests,
    addTenant: (input) => state.addTenant(input),
    addServicePrincipal: (input) => state.addServicePrincipal(input),
    issueToken: (input) =>
      mintToken(state, {
        tenantId: input.tenantId,
        objectId: input.objectId,
        appId: input.appId ?? '04b07795-8ddb-461a-bbee-02f9e1bf7b46',
        audience: input.audience ?? 'https://management.azure.com/',
        lifetimeSeconds: input.lifetimeSeconds ?? 3599,
      }).token,
    addSubscription: (input) => state.addSubscription(input),
    grant: (objectId, sub) => state.grant(objectId, sub),
    addZone: (input) => state.addZone(input),
    addRecordSet: (zone, input) => state.addRecordSet(zone, input),
    addPublicIp: (input) => state.addPublicIp(input),
    addTrafficManagerProfile: (input) => state.addTrafficManagerProfile(input),
    recordSetId: (zone, type, name) => state.recordSetId(zone, type, name),
    setFaults: (f) => Object.assign(faults, f),
    resetCounters: () => {
      Object.assign(counters, { tokenRequests: 0, openIdRequests: 0, armRequests: 0, throttled: 0, byRoute: {} });
      requests.length = 0;
    },
    close: async () => {
      entraServer.closeAllConnections();
      armServer.closeAllConnections();
      await Promise.all([new Promise<void>((r) => entraServer.close(() => r())), new Promise<void>((r) => armServer.close(() => r()))]);
    },
  };
}
