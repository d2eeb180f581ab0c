import { CfError, cf } from './errors';
import {
  directionParam,
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
import { validateRecord, type RecordFields } from './records';
import { isRecordOrder, recordToWire, sortRecords, type Journal, type SimState, type StoredRecord, type Zone } from './state';

/** DNS record endpoints, including the all-or-nothing batch. */

/**
 * Creates a record after validation, the same-name rules and the record quota (the path of POST, batch
 * posts and seeding; seeding may pass the quota, as a zone older than its plan's quota may hold more).
 */
export function createRecord(state: SimState, zone: Zone, body: unknown, journal?: Journal, quota = true): StoredRecord {
  const fields = validateRecord(body, zone, 'create');
  zone.store.checkConflicts(fields, zone.name);
  if (quota) state.checkRecordQuota(zone);
  const now = state.iso();
  const rec: StoredRecord = { ...fields, id: state.newId(), created_on: now, modified_on: now };
  if (rec.comment) rec.comment_modified_on = now;
  if (rec.tags.length > 0) rec.tags_modified_on = now;
  zone.store.insert(rec, journal);
  return rec;
}

function updateRecord(state: SimState, zone: Zone, id: string, body: unknown, mode: 'put' | 'patch', journal?: Journal): StoredRecord {
  const existing = zone.store.byId.get(id);
  if (!existing) throw cf.recordNotFound();
  const fields: RecordFields = validateRecord(body, zone, mode, existing);
  zone.store.checkConflicts(fields, zone.name, id);
  const now = state.iso();
  const rec: StoredRecord = { ...fields, id, created_on: existing.created_on, modified_on: now };
  if (rec.comment) rec.comment_modified_on = rec.comment === existing.comment ? (existing.comment_modified_on ?? now) : now;
  if (rec.tags.length > 0)
    rec.tags_modified_on = rec.tags.join('\n') === existing.tags.join('\n') ? (existing.tags_modified_on ?? now) : now;
  zone.store.replace(rec, journal);
  return rec;
}

type Pred = (r: StoredRecord) => boolean;

/** Query filters of GET dns_records; name and content comparisons are case-insensitive. */
function recordFilters(q: URLSearchParams): { preds: Pred[]; exactName?: string } {
  const preds: Pred[] = [];
  let exactName: string | undefined;
  const normName = (v: string) => toAsciiName(v, { allowWildcard: true }) ?? v.toLowerCase().replace(/\.$/, '');
  for (const [key, rawValue] of q) {
    const v = rawValue.toLowerCase();
    switch (key) {
      case 'type':
        preds.push((r) => r.type === rawValue.toUpperCase());
        break;
      case 'name':
      case 'name.exact': {
        const n = normName(rawValue);
        exactName = n;
        preds.push((r) => r.name === n);
        break;
      }
      case 'name.contains':
        preds.push((r) => r.name.includes(v));
        break;
      case 'name.startswith':
        preds.push((r) => r.name.startsWith(v));
        break;
      case 'name.endswith':
        preds.push((r) => r.name.endsWith(v.replace(/\.$/, '')));
        break;
      case 'content':
      case 'content.exact':
        preds.push((r) => r.content.toLowerCase() === v);
        break;
      case 'content.contains':
        preds.push((r) => r.content.toLowerCase().includes(v));
        break;
      case 'content.startswith':
        preds.push((r) => r.content.toLowerCase().startsWith(v));
        break;
      case 'content.endswith':
        preds.push((r) => r.content.toLowerCase().endsWith(v));
        break;
      case 'proxied':
        if (v !== 'true' && v !== 'false') throw cf.invalidParam('proxied must be true or false');
        preds.push((r) => r.proxied === (v === 'true'));
        break;
      case 'comment':
      case 'comment.exact':
        preds.push((r) => (r.comment ?? '').toLowerCase() === v);
        break;
      case 'comment.contains':
        preds.push((r) => (r.comment ?? '').toLowerCase().includes(v));
        break;
      case 'comment.present':
        preds.push((r) => r.comment !== null);
        break;
      case 'comment.absent':
        preds.push((r) => r.comment === null);
        break;
      case 'tag.present':
        preds.push((r) => r.tags.some((t) => t.split(':')[0] === v));
        break;
      case 'tag.absent':
        preds.push((r) => !r.tags.some((t) => t.split(':')[0] === v));
        break;
      default:
        break;
    }
  }
  return exactName === undefined ? { preds } : { preds, exactName };
}

export function listRecords(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:read');
  const q = ctx.query;
  const { page, perPage } = pageParams(q, { def: 100, min: 1, max: 5_000_000 });
  const direction = directionParam(q);
  const match = matchParam(q);
  const order = q.get('order') || 'type';
  if (!isRecordOrder(order)) throw cf.invalidParam('order must be one of type, name, content, ttl, proxied');
  const { preds, exactName } = recordFilters(q);
  let list: StoredRecord[];
  if (preds.length === 0) {
    list = zone.store.sorted(order, direction);
  } else if (match === 'all' && exactName !== undefined) {
    // The name index answers the common "records at this name" query without a scan.
    list = sortRecords(
      zone.store.atName(exactName).filter((r) => preds.every((p) => p(r))),
      order,
      direction,
    );
  } else {
    list = zone.store.sorted(order, direction).filter((r) => (match === 'all' ? preds.every((p) => p(r)) : preds.some((p) => p(r))));
  }
  return listReply(list, page, perPage, recordToWire);
}

export function postRecord(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:edit');
  const rec = createRecord(ctx.state, zone, ctx.body);
  return { ...ok(recordToWire(rec)), wrote: true };
}

export function getRecord(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:read');
  const rec = zone.store.byId.get(ctx.params.record_id ?? '');
  if (!rec) throw cf.recordNotFound();
  return ok(recordToWire(rec));
}

export function putRecord(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:edit');
  const rec = updateRecord(ctx.state, zone, ctx.params.record_id ?? '', ctx.body, 'put');
  return { ...ok(recordToWire(rec)), wrote: true };
}

export function patchRecord(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:edit');
  const rec = updateRecord(ctx.state, zone, ctx.params.record_id ?? '', ctx.body, 'patch');
  return { ...ok(recordToWire(rec)), wrote: true };
}

export function deleteRecord(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:edit');
  const id = ctx.params.record_id ?? '';
  if (!zone.store.remove(id)) throw cf.recordNotFound();
  return { ...ok({ id }), wrote: true };
}

export function recordUsage(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:read');
  return ok({ record_quota: zone.recordQuota, record_usage: zone.store.size });
}

/** GET /accounts/{id}/dns_records/usage: the account's quota (null when each zone has its own) and its records in all zones. */
export function accountRecordUsage(ctx: RequestContext): Reply {
  const account = ctx.state.accounts.get(ctx.params.account_id ?? '');
  if (!account || !ctx.token.accountIds.includes(account.id)) throw cf.authError();
  requirePermission(ctx, 'dns:read');
  return ok({ record_quota: account.recordQuota, record_usage: ctx.state.accountRecords(account.id) });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function opList(b: Record<string, unknown>, key: string): unknown[] {
  const v = b[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw cf.invalidBody();
  return v;
}

function opId(item: unknown): string {
  if (!isObject(item) || typeof item.id !== 'string' || item.id === '') throw cf.invalidBody();
  return item.id;
}

/**
 * deletes → patches → puts → posts in one transaction. Every operation is applied in order against the state
 * the previous ones left; if any fails, the journal undoes them all and the first error is returned (as a 400,
 * with nothing saying which item failed — as the live API does).
 */
export function batch(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'dns:edit');
  const b = ctx.body;
  if (!isObject(b)) throw cf.invalidBody();
  const deletes = opList(b, 'deletes');
  const patches = opList(b, 'patches');
  const puts = opList(b, 'puts');
  const posts = opList(b, 'posts');
  const total = deletes.length + patches.length + puts.length + posts.length;
  const limit = ctx.batchLimitFor(zone);
  if (total > limit) throw cf.batchTooLarge(total, limit);

  const journal: Journal = [];
  const result = { deletes: [] as unknown[], patches: [] as unknown[], puts: [] as unknown[], posts: [] as unknown[] };
  try {
    for (const item of deletes) {
      const rec = zone.store.remove(opId(item), journal);
      if (!rec) throw cf.recordNotFound();
      result.deletes.push(recordToWire(rec));
    }
    for (const item of patches)
      result.patches.push(recordToWire(updateRecord(ctx.state, zone, opId(item), stripId(item), 'patch', journal)));
    for (const item of puts) result.puts.push(recordToWire(updateRecord(ctx.state, zone, opId(item), stripId(item), 'put', journal)));
    for (const item of posts) result.posts.push(recordToWire(createRecord(ctx.state, zone, item, journal)));
  } catch (err) {
    for (let i = journal.length - 1; i >= 0; i--) journal[i]?.();
    if (err instanceof CfError) throw err.withStatus(400);
    throw err;
  }
  ctx.state.commitBatch({ zoneId: zone.id, ...result });
  return { ...ok(result), wrote: total > 0 };
}

function stripId(item: unknown): unknown {
  if (!isObject(item)) return item;
  const { id: _id, ...rest } = item;
  return rest;
}
