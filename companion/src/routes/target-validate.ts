import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, TargetValidateRequestSchema, type TargetValidateResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { parseBody } from '../http/parse';
import { cloudflareClient, verifyAndListAccounts } from '../target/cloudflare/index';

export function registerTargetValidate(app: FastifyInstance, deps: RouteDeps): void {
  app.post(ENDPOINTS.targetValidate, async (request, reply): Promise<TargetValidateResponse> => {
    const body = parseBody(TargetValidateRequestSchema, request.body);
    const client = cloudflareClient(deps.config, deps.fetch, body.targetToken);
    const { accounts, status, expiresOn } = await verifyAndListAccounts(client, body.targetToken, body.targetAccountId, clientGone(reply));
    return { success: true, accounts, token: { status, ...(expiresOn ? { expiresOn } : {}) } };
  });
}
