import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, SourceZonesRequestSchema, type SourceZonesResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { parseBody } from '../http/parse';

/** Lists the public DNS zones of one Azure subscription (recordCount counts record sets, SOA and apex NS included). */
export function registerSourceZones(app: FastifyInstance, deps: RouteDeps): void {
  app.post(ENDPOINTS.sourceZones, async (request, reply): Promise<SourceZonesResponse> => {
    const { subscriptionId, ...creds } = parseBody(SourceZonesRequestSchema, request.body);
    const zones = await (await import('../source/azure/index')).listZones(deps, creds, subscriptionId, { signal: clientGone(reply) });
    return { success: true, zones };
  });
}
