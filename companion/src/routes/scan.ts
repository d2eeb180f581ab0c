import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@dnsferry/shared';
import type { RouteDeps } from '../app';
import { AppError } from '../errors';

// Placeholder until this endpoint's issue lands.
export function registerScan(app: FastifyInstance, _deps: RouteDeps): void {
  app.post(ENDPOINTS.scan, async () => {
    throw new AppError('internal', 'not implemented yet');
  });
}
