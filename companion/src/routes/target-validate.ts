import type { FastifyInstance } from 'fastify';
import { API, type TargetValidateResponse } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { handle } from '../http/endpoint';
import { TARGET } from '../providers/index';

export function registerTargetValidate(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.targetValidate, async (body, request, reply): Promise<TargetValidateResponse> => {
    const { accounts, status, expiresOn } = await TARGET.validate(deps, body.targetToken, body.targetAccountId, clientGone(reply));
    return { success: true, accounts, token: { status, ...(expiresOn ? { expiresOn } : {}) } };
  });
}
