import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, SourceValidateRequestSchema, type SourceValidateResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { parseBody } from '../http/parse';

/** Signs in to Azure with a service principal or an ARM token and lists the subscriptions it can see. */
export function registerSourceValidate(app: FastifyInstance, deps: RouteDeps): void {
  app.post(ENDPOINTS.sourceValidate, async (request, reply): Promise<SourceValidateResponse> => {
    const creds = parseBody(SourceValidateRequestSchema, request.body);
    const subscriptions = await (await import('../source/azure/index')).listSubscriptions(deps, creds, { signal: clientGone(reply) });
    return { success: true, subscriptions };
  });
}
