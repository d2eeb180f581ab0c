import { createHash } from 'node:crypto';
import { cf } from './errors';
import { ok, requirePermission, zoneParam, type Reply, type RequestContext } from './context';
import { parentOf } from './parent';
import type { SimState, Zone } from './state';

/**
 * GET / PATCH /zones/{id}/dnssec, as Cloudflare's API documents them ("DNSSEC Details", "Edit DNSSEC
 * Status"): `disabled` until turned on; `pending` once on, with the DS to give the registrar; `active`
 * when that DS is at the parent. Turning it off while the parent still holds the DS is `pending-disabled`.
 * The key is ECDSA P-256 (algorithm 13), the DS digest SHA-256 (type 2), as Cloudflare signs.
 */

type Status = 'disabled' | 'pending' | 'active' | 'pending-disabled';
interface ZoneDnssec {
  status: Status;
  modifiedOn: string | null;
}

const byZone = new WeakMap<Zone, ZoneDnssec>();

function stateOf(zone: Zone): ZoneDnssec {
  let s = byZone.get(zone);
  if (!s) byZone.set(zone, (s = { status: 'disabled', modifiedOn: null }));
  return s;
}

/** A stable key per zone: the same zone id always has the same key, tag and digest. */
function key(zone: Zone): { keyTag: number; publicKey: string; digest: string } {
  const seed = createHash('sha256').update(`dnssec:${zone.id}:${zone.name}`).digest();
  const publicKey = Buffer.concat([seed, createHash('sha256').update(seed).digest()]).toString('base64');
  const digest = createHash('sha256').update(`${zone.name}.`).update(Buffer.from(publicKey, 'base64')).digest('hex').toUpperCase();
  return { keyTag: seed.readUInt16BE(0), publicKey, digest };
}

/** The zone's DS in presentation form (`16953 13 2 48E9…`). */
export function zoneDs(zone: Zone): string {
  const k = key(zone);
  return `${k.keyTag} 13 2 ${k.digest}`;
}

/** The status now, after looking at the parent: Cloudflare moves pending → active once the DS is published. */
function current(state: SimState, zone: Zone): ZoneDnssec {
  const s = stateOf(zone);
  const atParent = parentOf(state, zone.name).ds.includes(zoneDs(zone));
  if (s.status === 'pending' && atParent) {
    s.status = 'active';
    s.modifiedOn = state.iso();
  } else if (s.status === 'pending-disabled' && !atParent) {
    s.status = 'disabled';
    s.modifiedOn = state.iso();
  }
  return s;
}

function toWire(zone: Zone, s: ZoneDnssec): Record<string, unknown> {
  const flags = {
    dnssec_multi_signer: false,
    dnssec_presigned: false,
    dnssec_use_nsec3: false,
    modified_on: s.modifiedOn,
    status: s.status,
  };
  if (s.status === 'disabled') {
    return {
      algorithm: null,
      digest: null,
      digest_algorithm: null,
      digest_type: null,
      ds: null,
      flags: null,
      key_tag: null,
      key_type: null,
      public_key: null,
      ...flags,
    };
  }
  const k = key(zone);
  return {
    algorithm: '13',
    digest: k.digest,
    digest_algorithm: 'SHA256',
    digest_type: '2',
    ds: `${zone.name}. 3600 IN DS ${k.keyTag} 13 2 ${k.digest}`,
    flags: 257,
    key_tag: k.keyTag,
    key_type: 'ECDSAP256SHA256',
    public_key: k.publicKey,
    ...flags,
  };
}

export function getDnssec(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'zone:read', 'dns:read');
  return ok(toWire(zone, current(ctx.state, zone)));
}

export function patchDnssec(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'zone:edit', 'dns:edit');
  const body = ctx.body;
  const wanted = typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined;
  if (wanted !== undefined && wanted !== 'active' && wanted !== 'disabled') throw cf.invalidParam('status must be one of active, disabled');
  const s = current(ctx.state, zone);
  if (wanted === 'active' && (s.status === 'disabled' || s.status === 'pending-disabled')) {
    s.status = 'pending';
    s.modifiedOn = ctx.state.iso();
  } else if (wanted === 'disabled' && (s.status === 'active' || s.status === 'pending')) {
    s.status = parentOf(ctx.state, zone.name).ds.includes(zoneDs(zone)) ? 'pending-disabled' : 'disabled';
    s.modifiedOn = ctx.state.iso();
  }
  return { ...ok(toWire(zone, current(ctx.state, zone))), wrote: true };
}
