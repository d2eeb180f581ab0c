import { cf } from './errors';
import {
  directionParam,
  hasPermission,
  listReply,
  matchParam,
  ok,
  pageParams,
  requirePermission,
  zoneParam,
  type Reply,
  type RequestContext,
} from './context';
import { toAsciiName } from './names';
import type { Plan } from './records';
import { assignedNameServers, RecordStore, type Account, type SimState, type Token, type Zone } from './state';

/** Verify, accounts and zones. */

export function verifyResult(token: Token): Reply {
  const result: Record<string, unknown> = { id: token.id, status: token.status };
  if (token.not_before) result.not_before = token.not_before;
  if (token.expires_on) result.expires_on = token.expires_on;
  // Expired/disabled tokens: the SDK models them as a successful verify with that status, so the simulator
  // answers 200 + status (and 403/9109 on every other endpoint). Only an active token gets the 10000 info message.
  const messages = token.status === 'active' ? [{ code: 10000, message: 'This API Token is valid and active', type: null }] : [];
  return ok(result, messages);
}

export function accountToWire(a: Account): Record<string, unknown> {
  return { id: a.id, name: a.name, type: a.type, settings: { enforce_twofactor: false }, created_on: a.created_on };
}

export function listAccounts(ctx: RequestContext): Reply {
  const { page, perPage } = pageParams(ctx.query, { def: 20, min: 5, max: 50 });
  const direction = directionParam(ctx.query);
  const name = ctx.query.get('name')?.toLowerCase();
  const list = ctx.token.accountIds
    .map((id) => ctx.state.accounts.get(id))
    .filter((a): a is Account => a !== undefined && (name === undefined || name === '' || a.name.toLowerCase().includes(name)))
    .sort((a, b) => (direction === 'desc' ? -1 : 1) * (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
  return listReply(list, page, perPage, accountToWire);
}

const PLANS: Record<Plan, Record<string, unknown>> = {
  free: {
    id: '0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    name: 'Free Website',
    price: 0,
    currency: 'USD',
    frequency: '',
    is_subscribed: false,
    can_subscribe: false,
    legacy_id: 'free',
    legacy_discount: false,
    externally_managed: false,
  },
  pro: {
    id: '94f3b7b768b0458b56d2cac4fe5ec0f9',
    name: 'Pro Website',
    price: 20,
    currency: 'USD',
    frequency: 'monthly',
    is_subscribed: true,
    can_subscribe: true,
    legacy_id: 'pro',
    legacy_discount: false,
    externally_managed: false,
  },
  business: {
    id: '6a07ef4e6bd4da3ad9ba3e5eb8bda06e',
    name: 'Business Website',
    price: 200,
    currency: 'USD',
    frequency: 'monthly',
    is_subscribed: true,
    can_subscribe: true,
    legacy_id: 'business',
    legacy_discount: false,
    externally_managed: false,
  },
  enterprise: {
    id: '8e8aa8f2a6e0d2a0e9f0c5e4b9f1a6d3',
    name: 'Enterprise Website',
    price: 0,
    currency: 'USD',
    frequency: '',
    is_subscribed: true,
    can_subscribe: false,
    legacy_id: 'enterprise',
    legacy_discount: false,
    externally_managed: false,
  },
};

export function zoneToWire(state: SimState, z: Zone, token?: Token): Record<string, unknown> {
  const account = state.accounts.get(z.accountId);
  const permissions: string[] = [];
  if (token) {
    if (hasPermission(token, 'zone:read')) permissions.push('#zone:read');
    if (hasPermission(token, 'zone:edit')) permissions.push('#zone:edit');
    if (hasPermission(token, 'dns:read')) permissions.push('#dns_records:read');
    if (hasPermission(token, 'dns:edit')) permissions.push('#dns_records:edit');
  }
  return {
    id: z.id,
    name: z.name,
    status: z.status,
    paused: false,
    type: z.type,
    development_mode: 0,
    name_servers: [...z.nameServers],
    original_name_servers: z.originalNameServers ? [...z.originalNameServers] : null,
    original_registrar: null,
    original_dnshost: null,
    modified_on: z.modified_on,
    created_on: z.created_on,
    activated_on: z.activated_on,
    meta: {
      step: 2,
      custom_certificate_quota: 0,
      page_rule_quota: 3,
      phishing_detected: false,
      foundation_dns: false,
      dns_only: false,
      cdn_only: false,
    },
    owner: { id: z.accountId, name: account?.name ?? '', type: 'organization' },
    account: { id: z.accountId, name: account?.name ?? '' },
    tenant: {},
    tenant_unit: {},
    permissions,
    plan: { ...PLANS[z.plan] },
  };
}

const ZONE_STATUSES = ['initializing', 'pending', 'active', 'moved'];

export function listZones(ctx: RequestContext): Reply {
  requirePermission(ctx, 'zone:read', 'dns:read');
  const q = ctx.query;
  const { page, perPage } = pageParams(q, { def: 20, min: 5, max: 50 });
  const direction = directionParam(q);
  const match = matchParam(q);
  const order = q.get('order') ?? 'name';
  if (!['name', 'status', 'account.id', 'account.name', 'plan.id'].includes(order))
    throw cf.invalidParam('order must be one of name, status, account.id, account.name, plan.id');
  const status = q.get('status');
  if (status !== null && status !== '' && !ZONE_STATUSES.includes(status))
    throw cf.invalidParam(`status must be one of ${ZONE_STATUSES.join(', ')}`);

  const preds: Array<(z: Zone) => boolean> = [];
  const name = q.get('name');
  if (name) {
    const wanted = (toAsciiName(name, { allowUnderscore: false }) ?? name).toLowerCase();
    preds.push((z) => z.name === wanted);
  }
  if (status) preds.push((z) => z.status === status);
  const accountId = q.get('account.id');
  if (accountId) preds.push((z) => z.accountId === accountId);
  const accountName = q.get('account.name');
  if (accountName) preds.push((z) => (ctx.state.accounts.get(z.accountId)?.name ?? '').toLowerCase() === accountName.toLowerCase());

  const key = (z: Zone): string => {
    const acct = ctx.state.accounts.get(z.accountId);
    if (order === 'status') return z.status;
    if (order === 'account.id') return z.accountId;
    if (order === 'account.name') return acct?.name ?? '';
    if (order === 'plan.id') return String(PLANS[z.plan].id);
    return z.name;
  };
  const sign = direction === 'desc' ? -1 : 1;
  const list = [...ctx.state.zones.values()]
    .filter((z) => ctx.token.accountIds.includes(z.accountId))
    .filter((z) => preds.length === 0 || (match === 'all' ? preds.every((p) => p(z)) : preds.some((p) => p(z))))
    .sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) || (a.name < b.name ? -1 : 1));
  return listReply(list, page, perPage, (z) => zoneToWire(ctx.state, z, ctx.token));
}

/** Two-label public suffixes (a small part of the Public Suffix List) so that example.co.uk counts as a root domain. */
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'ac.uk',
  'gov.uk',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'co.nz',
  'net.nz',
  'org.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'co.za',
  'org.za',
  'com.br',
  'net.br',
  'org.br',
  'com.mx',
  'com.ar',
  'com.cn',
  'net.cn',
  'org.cn',
  'com.tr',
  'co.in',
  'net.in',
  'org.in',
  'co.il',
  'org.il',
  'co.kr',
  'or.kr',
  'com.sg',
  'com.my',
  'com.hk',
  'com.tw',
  'co.id',
  'com.pl',
  'com.ua',
  'co.at',
  'or.at',
  'com.es',
  'com.co',
  'com.pe',
  'com.ph',
  'com.vn',
  'com.eg',
  'com.sa',
  'com.pk',
  'com.ng',
  'co.ke',
  'co.th',
  'in.th',
  'eu.org',
]);
const BANNED_TLDS = new Set(['cf', 'ga', 'gq', 'ml', 'tk']);
/**
 * Reverse zones of an IP prefix (a /8, /16 or /24 in in-addr.arpa; up to 32 nibbles in ip6.arpa)
 * are added like any site, on every plan (developers.cloudflare.com/dns/additional-options/reverse-zones).
 */
const REVERSE_ZONE = /^(?:(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){1,3}in-addr|(?:[0-9a-f]\.){1,31}ip6)\.arpa$/;
const ZONE_NAME_PATTERN = /^([a-zA-Z0-9][-a-zA-Z0-9]*\.)+[-a-zA-Z0-9]{2,20}$/;
/**
 * Records a zone may hold by plan: Free zones added since September 2024, 200 (older ones 1,000:
 * `setZoneRecordQuota`); Pro and Business 3,500; Enterprise zones count against their account's quota.
 */
const PLAN_RECORD_QUOTAS: Record<Plan, number | null> = { free: 200, pro: 3500, business: 3500, enterprise: null };

export interface NewZone {
  accountId: string;
  name: string;
  plan?: Plan;
  status?: string;
  type?: Zone['type'];
}

/** Zone creation rules shared by POST /zones and the seeding API. Throws CfError. */
export function createZone(state: SimState, z: NewZone, enforceRegistrable: boolean): Zone {
  const ascii = toAsciiName(z.name, { allowUnderscore: false });
  if (ascii === null || ascii.length > 253 || !ZONE_NAME_PATTERN.test(ascii)) throw cf.invalidZoneName(z.name);
  const labels = ascii.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (enforceRegistrable && BANNED_TLDS.has(tld)) throw cf.bannedTld();
  // One account holds a name once; another account may add it too (a move between accounts starts so).
  if (state.zoneIn(ascii, z.accountId)) throw cf.zoneExists(ascii);
  const account = state.accounts.get(z.accountId);
  if (enforceRegistrable && !REVERSE_ZONE.test(ascii)) {
    const suffixLabels = MULTI_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 2 : 1;
    if (labels.length > suffixLabels + 1 && account?.type !== 'enterprise') throw cf.notRootDomain(ascii);
    if (state.unregistered.has(ascii)) throw cf.notRegistered(ascii);
  }
  const now = state.iso();
  const status = z.status ?? 'pending';
  const zone: Zone = {
    id: state.newId(),
    name: ascii,
    accountId: z.accountId,
    status,
    plan: z.plan ?? 'free',
    type: z.type ?? 'full',
    nameServers: assignedNameServers(ascii),
    originalNameServers: null,
    created_on: now,
    modified_on: now,
    activated_on: status === 'active' ? now : null,
    recordQuota: state.recordQuotas ? PLAN_RECORD_QUOTAS[z.plan ?? 'free'] : null,
    store: new RecordStore(),
  };
  state.zones.set(zone.id, zone);
  // the zone that answers for the name stays the one added first (or the active one)
  if (!state.zoneIdByName.has(ascii)) state.zoneIdByName.set(ascii, zone.id);
  return zone;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * An account adds at most `zones` zones per window ("25 domains every 10 minutes"): one more is
 * refused with 429 and a Retry-After of when the oldest addition leaves the window. Returns what
 * records the addition once the zone is made (a refused create does not count).
 */
function takeZoneAddition(state: SimState, accountId: string): () => void {
  const limit = state.zoneAdditionLimit;
  if (!limit) return () => undefined;
  const now = state.now();
  const recent = (state.zoneAdditions.get(accountId) ?? []).filter((t) => t > now - limit.windowMs);
  state.zoneAdditions.set(accountId, recent);
  const oldest = recent[0];
  if (recent.length >= limit.zones && oldest !== undefined)
    throw cf.zoneAdditionsLimited(Math.ceil((oldest + limit.windowMs - now) / 1000));
  return () => recent.push(now);
}

export function postZone(ctx: RequestContext): Reply {
  requirePermission(ctx, 'zone:edit');
  const b = ctx.body;
  if (!isObject(b)) throw cf.invalidBody();
  if (typeof b.name !== 'string' || b.name === '') throw cf.zoneField('name is required');
  if (!isObject(b.account) || typeof b.account.id !== 'string') throw cf.zoneField('account.id is required');
  const type = b.type ?? 'full';
  if (typeof type !== 'string' || !['full', 'partial', 'secondary', 'internal'].includes(type))
    throw cf.zoneField('type must be one of full, partial, secondary, internal');
  if (!ctx.token.accountIds.includes(b.account.id) || !ctx.state.accounts.has(b.account.id)) throw cf.authError();
  const added = takeZoneAddition(ctx.state, b.account.id);
  const zone = createZone(ctx.state, { accountId: b.account.id, name: b.name, type: type as Zone['type'] }, true);
  added();
  return { ...ok(zoneToWire(ctx.state, zone, ctx.token)), wrote: true };
}

export function getZone(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'zone:read', 'dns:read');
  return ok(zoneToWire(ctx.state, zone, ctx.token));
}

export function deleteZone(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'zone:edit');
  ctx.state.deleteZone(zone.id);
  return { ...ok({ id: zone.id }), wrote: true };
}
