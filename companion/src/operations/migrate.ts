import { zonesFrom, type Api } from '@dnsferry/shared';
import { migrate as migrateZones } from '../engine/migrate';
import { eventLoop } from '../flow/fair-share';
import { sourceFor } from '../providers/from-request';
import { TARGET } from '../providers/index';
import { recordsSent, withinLimits } from './limits';
import { stoppedBy, type Operation, type OperationDeps } from './operation';

/** /api/migrate: the zones into the target, from the records sent or from the source the request names. */
export const migrate = {
  kind: 'ndjson',
  run(body, deps, signal) {
    const zones = zonesFrom(body);
    withinLimits(deps.config, zones, recordsSent);
    const target = TARGET.open(deps, { token: body.targetToken, accountId: body.targetAccountId });
    return migrateZones(
      {
        zones,
        dryRun: body.dryRun ?? false,
        mode: body.mode,
        prune: body.prune,
        force: body.force,
        partial: body.partial,
        maxRecords: deps.config.maxRecordsPerRequest,
        zonesAtOnce: deps.config.concurrency,
      },
      // the token's share of the event loop: one token with many requests cannot starve another
      { target, source: sourceFor(deps), slice: eventLoop.slice(TARGET.shareKey(body.targetToken)) },
      { signal },
    );
  },
  stopped: (err) => [
    { type: 'error', zone: '', message: stoppedBy('Migration stopped', err) },
    { type: 'done', results: [] },
  ],
} satisfies Operation<Api['migrate'], OperationDeps>;
