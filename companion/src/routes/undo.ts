import type { FastifyInstance } from 'fastify';
import { API, undoSteps, type MigrateEvent } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { withinLimits } from './limits';
import { clientGone } from '../http/client-gone';
import { sendNdjson } from '../http/ndjson';
import { handle } from '../http/endpoint';
import { undo } from '../engine/undo';
import { TARGET } from '../providers/index';
import { eventLoop } from '../flow/fair-share';

export function registerUndo(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.undo, async (body, request, reply) => {
    withinLimits(deps.config, body.zones, (z) => undoSteps(z.undo));
    const target = TARGET.open(deps, { token: body.targetToken, accountId: body.targetAccountId });
    const events = undo(
      { zones: body.zones, dryRun: body.dryRun ?? false, deleteZone: body.deleteZone ?? false },
      // the token's share of the event loop, as a migration's
      { target, slice: eventLoop.slice(TARGET.shareKey(body.targetToken)) },
      { signal: clientGone(reply) },
    );
    return sendNdjson<MigrateEvent>(reply, events, (err) => [
      { type: 'error', zone: '', message: `Undo stopped: ${err instanceof Error ? err.message : String(err)}` },
      { type: 'done', results: [] },
    ]);
  });
}
