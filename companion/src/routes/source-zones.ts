import type { FastifyInstance } from 'fastify';
import { API, type SourceZonesResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { handle } from '../http/endpoint';
import { namedSource } from '../providers/index';

/**
 * Lists the public DNS zones at the source: Azure's of one subscription (with their resource group),
 * or Route 53's hosted zones (with their id). recordCount counts record sets, SOA and apex NS included.
 */
export function registerSourceZones(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.sourceZones, async (body, request, reply): Promise<SourceZonesResponse> => {
    return { success: true, zones: await namedSource(body.provider).listZones(deps, body, clientGone(reply)) };
  });
}
