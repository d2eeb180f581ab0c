import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@dnsferry/shared';
import type { RouteDeps } from '../app';
import { AppError } from '../errors';

// Placeholder until this endpoint's issue lands.
export function registerTargetValidate(app: FastifyInstance, _deps: RouteDeps): void {
  app.post(ENDPOINTS.targetValidate, async () => {
    throw new AppError('internal', 'not implemented yet');
  });
}
