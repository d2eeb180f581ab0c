import type { FastifyInstance } from 'fastify';
import { API, type SourceValidateResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { handle } from '../http/endpoint';

/** Signs in to Azure with a service principal or an ARM token and lists the subscriptions it can see. */
export function registerSourceValidate(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.sourceValidate, async (creds, request, reply): Promise<SourceValidateResponse> => {
    const subscriptions = await (await import('../source/azure/index')).listSubscriptions(deps, creds, { signal: clientGone(reply) });
    return { success: true, subscriptions };
  });
}
