import type { FastifyInstance } from 'fastify';
import { API, type SourceZonesResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { handle } from '../http/endpoint';

/** Lists the public DNS zones of one Azure subscription (recordCount counts record sets, SOA and apex NS included). */
export function registerSourceZones(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.sourceZones, async ({ subscriptionId, ...creds }, request, reply): Promise<SourceZonesResponse> => {
    const zones = await (await import('../source/azure/index')).listZones(deps, creds, subscriptionId, { signal: clientGone(reply) });
    return { success: true, zones };
  });
}
