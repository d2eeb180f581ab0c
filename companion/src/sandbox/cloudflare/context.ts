import { cf } from './errors';
import type { Permission, SimState, Token, Zone } from './state';

/** What a route handler gets: the authenticated token, the parsed request, and the shared state. */
export interface RequestContext {
  state: SimState;
  token: Token;
  method: string;
  /** Path below /client/v4, e.g. /zones/<id>/dns_records. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  batchLimitFor(zone: Zone): number;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  /** True when the request changed state (counted as a write; eligible for commit-then-fail). */
  wrote?: boolean;
}

export function ok(result: unknown, messages: Array<{ code: number; message: string; type?: null }> = []): Reply {
  return { status: 200, body: { success: true, errors: [], messages, result } };
}

export interface PageSpec {
  def: number;
  min: number;
  max: number;
}

export function pageParams(q: URLSearchParams, spec: PageSpec): { page: number; perPage: number } {
  const page = intParam(q, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
  const perPage = intParam(q, 'per_page', spec.def, spec.min, spec.max);
  return { page, perPage };
}

function intParam(q: URLSearchParams, key: string, def: number, min: number, max: number): number {
  const raw = q.get(key);
  if (raw === null || raw === '') return def;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw cf.invalidParam(`${key} must be an integer between ${min} and ${max}`);
  }
  return n;
}

export function directionParam(q: URLSearchParams): 'asc' | 'desc' {
  const d = q.get('direction');
  if (d === null || d === '' || d === 'asc') return 'asc';
  if (d === 'desc') return 'desc';
  throw cf.invalidParam('direction must be one of asc, desc');
}

export function matchParam(q: URLSearchParams): 'all' | 'any' {
  const m = q.get('match');
  if (m === null || m === '' || m === 'all') return 'all';
  if (m === 'any') return 'any';
  throw cf.invalidParam('match must be one of any, all');
}

/** A page of a list; an empty list still has `total_pages: 1`, and a page past the end is an empty success. */
export function listReply<T>(all: T[], page: number, perPage: number, map: (t: T) => unknown): Reply {
  const start = (page - 1) * perPage;
  const items = start < all.length ? all.slice(start, start + perPage) : [];
  return {
    status: 200,
    body: {
      success: true,
      errors: [],
      messages: [],
      result: items.map(map),
      result_info: {
        page,
        per_page: perPage,
        count: items.length,
        total_count: all.length,
        total_pages: Math.max(1, Math.ceil(all.length / perPage)),
      },
    },
  };
}

/** Edit implies read, as Cloudflare's permission groups do. */
export function hasPermission(token: Token, perm: Permission): boolean {
  if (token.permissions.has(perm)) return true;
  if (perm === 'zone:read') return token.permissions.has('zone:edit');
  if (perm === 'dns:read') return token.permissions.has('dns:edit');
  return false;
}

export function requirePermission(ctx: RequestContext, ...anyOf: Permission[]): void {
  if (!anyOf.some((p) => hasPermission(ctx.token, p))) throw cf.authError();
}

/** The zone named by the `zone_id` path segment, checked against the token's accounts. */
export function zoneParam(ctx: RequestContext): Zone {
  const zone = ctx.state.zones.get(ctx.params.zone_id ?? '');
  if (!zone) throw cf.badObjectId(ctx.path);
  if (!ctx.token.accountIds.includes(zone.accountId)) throw cf.authError();
  return zone;
}
