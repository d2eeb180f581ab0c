import type { FastifyInstance } from 'fastify';
import { API, type TargetValidateResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { handle } from '../http/endpoint';
import { cloudflareClient, verifyAndListAccounts } from '../providers/cloudflare/index';

export function registerTargetValidate(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.targetValidate, async (body, request, reply): Promise<TargetValidateResponse> => {
    const client = cloudflareClient(deps.config, deps.fetch, body.targetToken);
    const { accounts, status, expiresOn } = await verifyAndListAccounts(client, body.targetToken, body.targetAccountId, clientGone(reply));
    return { success: true, accounts, token: { status, ...(expiresOn ? { expiresOn } : {}) } };
  });
}
