import type { FastifyInstance } from 'fastify';
import { API, type SourceValidateResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { handle } from '../http/endpoint';
import { namedSource } from '../providers/index';

/**
 * Checks source credentials. Azure: signs in and lists the subscriptions. Route 53: lists one hosted
 * zone, which proves the keys and the permission; an AWS account has no subscriptions to list.
 */
export function registerSourceValidate(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.sourceValidate, async (creds, request, reply): Promise<SourceValidateResponse> => {
    const subscriptions = await namedSource(creds.provider).validate(deps, creds, clientGone(reply));
    return { success: true, subscriptions };
  });
}
