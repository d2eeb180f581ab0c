import { ok, requirePermission, zoneParam, type Reply, type RequestContext } from './context';
import { delegatesTo } from './parent';

/**
 * PUT /zones/{id}/activation_check ("Rerun the Activation Check"): the answer is only `{ id }`; the
 * outcome shows in the zone's status. The simulator checks at once: a pending zone whose parent
 * delegates to exactly its assigned name servers becomes active. Not modelled: the real API's limit of
 * one check per 5 minutes (paid plans) or per hour (Free).
 */
export function activationCheck(ctx: RequestContext): Reply {
  const zone = zoneParam(ctx);
  requirePermission(ctx, 'zone:edit');
  if (zone.status === 'pending' && delegatesTo(ctx.state, zone.name, zone.nameServers)) {
    const now = ctx.state.iso();
    zone.status = 'active';
    zone.activated_on = now;
    zone.modified_on = now;
  }
  return { ...ok({ id: zone.id }), wrote: true };
}
