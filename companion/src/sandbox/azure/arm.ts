import { arm, type WireError } from './errors';
import { publicIpJson, recordSetJson, subscriptionJson, trafficManagerJson, zoneJson } from './arm-wire';
import type { WireResponse } from './entra';
import type { SimState, SimToken, SimZone } from './state';

/** Azure Resource Manager, GET only: subscriptions, DNS zones and record sets, and the resources aliases point to. */

export interface ArmFaults {
  /** Fraction of ARM requests answered 429, spread evenly and deterministically (1 = every request). */
  rate429: number;
  /** The next N ARM requests are answered 429. */
  next429: number;
  retryAfterSeconds: number;
}

export interface ArmContext {
  state: SimState;
  armUrl: string;
  faults: ArmFaults;
  pageSize: { subscriptions: number; zones: number; recordSets: number };
  /** Record-set pages are also cut when their JSON would pass this many bytes, as ARM does. */
  maxPageBytes: number;
  counters: { armRequests: number; throttled: number; byRoute: Record<string, number> };
  /**
   * Azure DNS's own limit on record-set list calls per zone (60 a minute in Azure). Off by default;
   * tests shrink the window so the limit bites in a second instead of a minute.
   */
  listLimit?: { calls: number; windowMs: number };
  listCalls: Map<string, number[]>;
}

const ok = (body: unknown): WireResponse => ({ status: 200, body });
const err = (e: WireError): WireResponse => ({ status: e.status, body: e.body, ...(e.headers ? { headers: e.headers } : {}) });

function allowedAudiences(armUrl: string): Set<string> {
  return new Set(['https://management.azure.com/', 'https://management.core.windows.net/', `${new URL(armUrl).origin}/`]);
}

function authenticate(ctx: ArmContext, authorization: string | undefined): SimToken | WireResponse {
  if (!authorization) return err(arm.missingHeader());
  const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!m?.[1]) return err(arm.invalidHeader());
  const token = ctx.state.tokens.get(m[1]);
  if (!token) return err(arm.invalidToken());
  if (token.expiresAt <= Date.now()) return err(arm.expiredToken(new Date(token.expiresAt)));
  if (!allowedAudiences(ctx.armUrl).has(token.audience)) return err(arm.wrongAudience(token.audience));
  return token;
}

function throttle(ctx: ArmContext, token: SimToken, sub: string): WireResponse | null {
  const n = ++ctx.counters.armRequests;
  const f = ctx.faults;
  const hit = f.next429 > 0 || Math.floor(n * f.rate429) > Math.floor((n - 1) * f.rate429);
  if (!hit) return null;
  if (f.next429 > 0) f.next429--;
  ctx.counters.throttled++;
  return err(arm.throttled(sub, token.objectId, f.retryAfterSeconds));
}

/** Base64 of a small JSON offset, URL-encoded: opaque to clients, who must follow nextLink verbatim. */
function decodeSkip(raw: string | null): number | null {
  if (raw === null) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as { o?: unknown };
    return typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 ? parsed.o : null;
  } catch (e) {
    if (e instanceof SyntaxError) return null;
    throw e;
  }
}

const MAX_TOP = 1000;

function page(ctx: ArmContext, url: URL, items: unknown[], pageSize: number, maxBytes: number): WireResponse {
  const offset = decodeSkip(url.searchParams.get('$skipToken'));
  if (offset === null) return err(arm.invalidSkipToken());
  const top = Number(url.searchParams.get('$top'));
  // $top asks for larger (or smaller) pages than the default, up to ARM's maximum of 1,000.
  const limit = Number.isInteger(top) && top > 0 ? Math.min(top, MAX_TOP) : pageSize;
  const value: unknown[] = [];
  let bytes = 0;
  for (let i = offset; i < items.length && value.length < limit; i++) {
    const size = JSON.stringify(items[i]).length;
    if (value.length > 0 && bytes + size > maxBytes) break;
    value.push(items[i]);
    bytes += size;
  }
  const next = offset + value.length;
  if (next >= items.length) return ok({ value });
  // ARM's nextLink is absolute, carries the port explicitly, and upper-cases the /ALL segment.
  const path = url.pathname.replace(/\/all$/i, '/ALL');
  const skip = encodeURIComponent(Buffer.from(JSON.stringify({ o: next })).toString('base64'));
  const apiVersion = url.searchParams.get('api-version') ?? '';
  const topPart = Number.isInteger(top) && top > 0 ? `&$top=${top}` : '';
  const origin = new URL(ctx.armUrl);
  return ok({
    nextLink: `${origin.protocol}//${origin.hostname}:${origin.port || 443}${path}?api-version=${apiVersion}${topPart}&$skipToken=${skip}`,
    value,
  });
}

function count(ctx: ArmContext, route: string): void {
  ctx.counters.byRoute[route] = (ctx.counters.byRoute[route] ?? 0) + 1;
}

export function handleArm(ctx: ArmContext, method: string, rawUrl: string, authorization: string | undefined): WireResponse {
  const url = new URL(rawUrl, ctx.armUrl);
  const auth = authenticate(ctx, authorization);
  if (!('objectId' in auth)) return auth;
  const token = auth;
  const segs = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  const low = segs.map((s) => s.toLowerCase());
  const throttled = throttle(ctx, token, segs[1] ?? '');
  if (throttled) return throttled;
  if (method !== 'GET') return err(arm.methodNotAllowed(method));
  if (!url.searchParams.get('api-version')) return err(arm.missingApiVersion());
  if (low[0] !== 'subscriptions') return err(arm.noRoute(url.pathname));

  const { state } = ctx;
  if (segs.length === 1) {
    count(ctx, 'subscriptions');
    const mine = state.subscriptions.filter((s) => s.tenantId === token.tenantId && s.readers.has(token.objectId));
    return page(ctx, url, mine.map(subscriptionJson), ctx.pageSize.subscriptions, Number.POSITIVE_INFINITY);
  }
  const subId = segs[1] ?? '';
  const sub = state.findSubscription(subId);
  if (!sub) return err(arm.subscriptionNotFound(subId));
  if (sub.tenantId !== token.tenantId) return err(arm.wrongTenant(token.tenantId, sub.tenantId));
  const kind = low[2] === 'providers' ? low[4] : low[6];
  const action =
    kind === 'publicipaddresses'
      ? 'Microsoft.Network/publicIPAddresses/read'
      : kind === 'trafficmanagerprofiles'
        ? 'Microsoft.Network/trafficManagerProfiles/read'
        : kind === 'dnszones'
          ? 'Microsoft.Network/dnszones/read'
          : 'Microsoft.Resources/subscriptions/read';
  if (!sub.readers.has(token.objectId)) {
    return err(arm.authorizationFailed(token.appId, token.objectId, action, url.pathname.replace(/\/(all|recordsets)$/i, '')));
  }
  if (segs.length === 2) {
    count(ctx, 'subscription');
    return ok(subscriptionJson(sub));
  }
  if (low[2] === 'providers' && low[3] === 'microsoft.network' && low[4] === 'dnszones' && segs.length === 5) {
    count(ctx, 'zones');
    const zones = state.zones.filter((z) => z.subscriptionId === sub.subscriptionId);
    return page(ctx, url, zones.map(zoneJson), ctx.pageSize.zones, Number.POSITIVE_INFINITY);
  }
  if (low[2] !== 'resourcegroups' || low[4] !== 'providers' || low[5] !== 'microsoft.network' || segs.length < 7) {
    return err(arm.noRoute(url.pathname));
  }
  const rg = segs[3] ?? '';
  const inRg = <T extends { subscriptionId: string; resourceGroup: string }>(r: T) =>
    r.subscriptionId === sub.subscriptionId && r.resourceGroup.toLowerCase() === rg.toLowerCase();
  const rgExists = [...state.zones, ...state.publicIps, ...state.trafficManagerProfiles].some(inRg);
  if (!rgExists) return err(arm.resourceGroupNotFound(rg));
  const name = segs[7] ?? '';

  if (kind === 'dnszones') {
    if (segs.length === 7) {
      count(ctx, 'zones');
      return page(ctx, url, state.zones.filter(inRg).map(zoneJson), ctx.pageSize.zones, Number.POSITIVE_INFINITY);
    }
    const zone = state.findZone(sub.subscriptionId, rg, name);
    if (!zone) return err(arm.resourceNotFound('Microsoft.Network/dnszones', name, rg));
    if (segs.length === 8) {
      count(ctx, 'zone');
      return ok(zoneJson(zone));
    }
    return recordSets(ctx, url, zone, segs.slice(8), rg);
  }
  if (kind === 'publicipaddresses' && segs.length === 8) {
    count(ctx, 'publicIp');
    const ip = state.publicIps.find((p) => inRg(p) && p.name.toLowerCase() === name.toLowerCase());
    return ip ? ok(publicIpJson(ip)) : err(arm.resourceNotFound('Microsoft.Network/publicIPAddresses', name, rg));
  }
  if (kind === 'trafficmanagerprofiles' && segs.length === 8) {
    count(ctx, 'trafficManager');
    const p = state.trafficManagerProfiles.find((t) => inRg(t) && t.name.toLowerCase() === name.toLowerCase());
    return p ? ok(trafficManagerJson(p)) : err(arm.resourceNotFound('Microsoft.Network/trafficManagerProfiles', name, rg));
  }
  return err(arm.noRoute(url.pathname));
}

/** A sliding window per zone; the answer says when the oldest call leaves it. */
function zoneListThrottle(ctx: ArmContext, zone: SimZone): WireResponse | null {
  const limit = ctx.listLimit;
  if (!limit) return null;
  const key = `${zone.subscriptionId}/${zone.resourceGroup}/${zone.name}`.toLowerCase();
  const now = Date.now();
  const calls = (ctx.listCalls.get(key) ?? []).filter((t) => now - t < limit.windowMs);
  ctx.listCalls.set(key, calls);
  if (calls.length < limit.calls) {
    calls.push(now);
    return null;
  }
  ctx.counters.throttled++;
  const retryAfter = Math.max(1, Math.ceil((limit.windowMs - (now - (calls[0] ?? now))) / 1000));
  return err(arm.zoneListThrottled(zone.name, limit.calls, retryAfter));
}

/** DS, TLSA and NAPTR record sets exist only from api-version 2023-07-01-preview on; older versions do not list them. */
const PREVIEW_TYPES = new Set(['DS', 'TLSA', 'NAPTR']);
function visibleIn(url: URL, type: string): boolean {
  return !PREVIEW_TYPES.has(type) || (url.searchParams.get('api-version') ?? '') >= '2023-07-01-preview';
}

function recordSets(ctx: ArmContext, url: URL, zone: SimZone, rest: string[], rg: string): WireResponse {
  const [first = '', second] = rest;
  const lower = first.toLowerCase();
  if (rest.length === 1) {
    const throttled = zoneListThrottle(ctx, zone);
    if (throttled) return throttled;
  }
  if (rest.length === 1 && (lower === 'all' || lower === 'recordsets')) {
    count(ctx, 'recordSets');
    const all = zone.recordSets.filter((rs) => visibleIn(url, rs.type)).map((rs) => recordSetJson(zone, rs));
    return page(ctx, url, all, ctx.pageSize.recordSets, ctx.maxPageBytes);
  }
  const type = first.toUpperCase();
  if (rest.length === 1) {
    count(ctx, 'recordSets');
    const ofType = zone.recordSets.filter((rs) => rs.type === type).map((rs) => recordSetJson(zone, rs));
    return page(ctx, url, ofType, ctx.pageSize.recordSets, ctx.maxPageBytes);
  }
  if (rest.length === 2 && second !== undefined) {
    count(ctx, 'recordSet');
    const rs = zone.recordSets.find((r) => r.type === type && r.name.toLowerCase() === second.toLowerCase());
    return rs ? ok(recordSetJson(zone, rs)) : err(arm.resourceNotFound(`Microsoft.Network/dnszones/${zone.name}/${type}`, second, rg));
  }
  return err(arm.noRoute(url.pathname));
}
