import type { FastifyInstance } from 'fastify';
import { API, type MigrateEvent } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { recordsSent, withinLimits } from './limits';
import { clientGone } from '../http/client-gone';
import { sendNdjson } from '../http/ndjson';
import { handle } from '../http/endpoint';
import { migrate } from '../engine/migrate';
import { TARGET } from '../providers/index';
import { eventLoop } from '../flow/fair-share';
import { sourceFor } from '../providers/from-request';

export function registerMigrate(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.migrate, async (body, request, reply) => {
    withinLimits(deps.config, body.zones, recordsSent);
    const target = TARGET.open(deps, { token: body.targetToken, accountId: body.targetAccountId });
    const source = sourceFor(body, deps);
    const events = migrate(
      {
        zones: body.zones,
        dryRun: body.dryRun ?? false,
        mode: body.mode,
        prune: body.prune,
        force: body.force,
        maxRecords: deps.config.maxRecordsPerRequest,
        zonesAtOnce: deps.config.concurrency,
      },
      // the token's share of the event loop: one token with many requests cannot starve another
      { target, ...(source ? { source } : {}), slice: eventLoop.slice(TARGET.shareKey(body.targetToken)) },
      { signal: clientGone(reply) },
    );
    return sendNdjson<MigrateEvent>(reply, events, (err) => [
      { type: 'error', zone: '', message: `Migration stopped: ${err instanceof Error ? err.message : String(err)}` },
      { type: 'done', results: [] },
    ]);
  });
}
