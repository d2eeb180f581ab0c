import type { FastifyInstance } from 'fastify';
import { API, type SourceZonesResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { handle } from '../http/endpoint';

/**
 * Lists the public DNS zones at the source: Azure's of one subscription (with their resource group),
 * or Route 53's hosted zones (with their id). recordCount counts record sets, SOA and apex NS included.
 */
export function registerSourceZones(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.sourceZones, async (body, request, reply): Promise<SourceZonesResponse> => {
    const signal = clientGone(reply);
    if (body.provider === 'route53') {
      return { success: true, zones: await (await import('../providers/route53/index')).listHostedZones(deps, body, { signal }) };
    }
    const { subscriptionId, ...creds } = body;
    return { success: true, zones: await (await import('../providers/azure/index')).listZones(deps, creds, subscriptionId, { signal }) };
  });
}
