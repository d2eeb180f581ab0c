import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, UndoRequestSchema, undoSteps, type MigrateEvent } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { AppError } from '../errors';
import { clientGone } from '../http/client-gone';
import { sendNdjson } from '../http/ndjson';
import { parseBody } from '../http/parse';
import { undo } from '../engine/undo';
import { createCloudflareTarget } from '../target/cloudflare/index';

export function registerUndo(app: FastifyInstance, deps: RouteDeps): void {
  app.post(ENDPOINTS.undo, async (request, reply) => {
    const body = parseBody(UndoRequestSchema, request.body);
    request.body = null;
    if (body.zones.length > deps.config.maxZonesPerRequest) {
      throw new AppError('payload_too_large', `at most ${deps.config.maxZonesPerRequest} zones per request`, 'zones');
    }
    const steps = body.zones.reduce((n, z) => n + undoSteps(z.undo), 0);
    if (steps > deps.config.maxRecordsPerRequest) {
      throw new AppError('payload_too_large', `at most ${deps.config.maxRecordsPerRequest} records per request`, 'zones');
    }
    const { target } = createCloudflareTarget(deps.config, deps.fetch, body.targetToken, body.targetAccountId);
    const events = undo(
      { zones: body.zones, dryRun: body.dryRun ?? false, deleteZone: body.deleteZone ?? false },
      { target },
      { signal: clientGone(reply) },
    );
    return sendNdjson<MigrateEvent>(reply, events, (err) => [
      { type: 'error', zone: '', message: `Undo stopped: ${err instanceof Error ? err.message : String(err)}` },
      { type: 'done', results: [] },
    ]);
  });
}
