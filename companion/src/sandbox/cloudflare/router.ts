import type { IncomingMessage } from 'node:http';
import type { Reply, RequestContext } from './context';
import * as records from './routes-records';
import * as zones from './routes-zones';
import { activationCheck } from './activation';
import { getDnssec, patchDnssec } from './dnssec';

/** The route table of the simulated API and the parsing of credentials. */

export type Handler = (ctx: RequestContext) => Reply;
export type AuthKind = 'verify-user' | 'verify-account' | 'token';

export interface Route {
  method: string;
  pattern: string;
  segments: string[];
  auth: AuthKind;
  handler: Handler;
  /** The batch route can be switched off, to look like an API without it. */
  batch?: boolean;
}

function route(method: string, pattern: string, handler: Handler, auth: AuthKind = 'token', batch = false): Route {
  return { method, pattern, segments: pattern.split('/').filter(Boolean), auth, handler, batch };
}

export const ROUTES: Route[] = [
  route('GET', '/user/tokens/verify', () => ({ status: 200, body: {} }), 'verify-user'),
  route('GET', '/accounts/:account_id/tokens/verify', () => ({ status: 200, body: {} }), 'verify-account'),
  route('GET', '/accounts', zones.listAccounts),
  route('GET', '/accounts/:account_id/dns_records/usage', records.accountRecordUsage),
  route('GET', '/zones', zones.listZones),
  route('POST', '/zones', zones.postZone),
  route('GET', '/zones/:zone_id', zones.getZone),
  route('DELETE', '/zones/:zone_id', zones.deleteZone),
  route('PUT', '/zones/:zone_id/activation_check', activationCheck),
  route('GET', '/zones/:zone_id/dnssec', getDnssec),
  route('PATCH', '/zones/:zone_id/dnssec', patchDnssec),
  route('GET', '/zones/:zone_id/dns_records', records.listRecords),
  route('POST', '/zones/:zone_id/dns_records', records.postRecord),
  route('POST', '/zones/:zone_id/dns_records/batch', records.batch, 'token', true),
  route('GET', '/zones/:zone_id/dns_records/usage', records.recordUsage),
  route('GET', '/zones/:zone_id/dns_records/:record_id', records.getRecord),
  route('PUT', '/zones/:zone_id/dns_records/:record_id', records.putRecord),
  route('PATCH', '/zones/:zone_id/dns_records/:record_id', records.patchRecord),
  route('DELETE', '/zones/:zone_id/dns_records/:record_id', records.deleteRecord),
];

/** Counter key of a route, e.g. "POST /zones/:id/dns_records/batch". */
export function routeKey(r: Route): string {
  return `${r.method} ${r.pattern.replace(':zone_id', ':id').replace(':account_id', ':id')}`;
}

export function matchRoute(segments: string[], r: Route): Record<string, string> | null {
  if (segments.length !== r.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const want = r.segments[i] as string;
    const got = segments[i] as string;
    if (want.startsWith(':')) params[want.slice(1)] = got;
    else if (want !== got) return null;
  }
  return params;
}

export type ParsedAuth =
  | { kind: 'missing'; key: string }
  | { kind: 'malformed'; key: string }
  | { kind: 'malformed-key'; key: string }
  | { kind: 'auth-key'; key: string }
  | { kind: 'bearer'; key: string; token: string };

/** The rate-limit key is the credential as sent, so every token (known or not) has its own budget. */
export function parseAuth(req: IncomingMessage): ParsedAuth {
  const h = req.headers.authorization;
  if (h === undefined) {
    const key = req.headers['x-auth-key'];
    const email = req.headers['x-auth-email'];
    if (key === undefined && email === undefined) return { kind: 'missing', key: 'anonymous' };
    const k = String(key ?? '');
    // Global API keys are 37 hex characters; anything else is a format error.
    if (!/^[0-9a-f]{37}$/i.test(k)) return { kind: 'malformed-key', key: `key:${k}` };
    return { kind: 'auth-key', key: `key:${k}` };
  }
  const m = /^Bearer ([A-Za-z0-9_-]+)$/.exec(h);
  if (!m?.[1]) return { kind: 'malformed', key: `raw:${h}` };
  return { kind: 'bearer', key: m[1], token: m[1] };
}
