import { undoSteps, type Api } from '@dnsferry/shared';
import { undo as undoZones } from '../engine/undo';
import { eventLoop } from '../flow/fair-share';
import { TARGET } from '../providers/index';
import { withinLimits } from './limits';
import { stoppedBy, type Operation, type OperationDeps } from './operation';

/** /api/undo: the zones put back as they were before a run, from the undo data its stream handed out. */
export const undo = {
  kind: 'ndjson',
  run(body, deps, signal) {
    withinLimits(deps.config, body.zones, (z) => undoSteps(z.undo));
    const target = TARGET.open(deps, { token: body.targetToken, accountId: body.targetAccountId });
    return undoZones(
      { zones: body.zones, dryRun: body.dryRun ?? false, deleteZone: body.deleteZone ?? false },
      // the token's share of the event loop, as a migration's
      { target, slice: eventLoop.slice(TARGET.shareKey(body.targetToken)) },
      { signal },
    );
  },
  stopped: (err) => [
    { type: 'error', zone: '', message: stoppedBy('Undo stopped', err) },
    { type: 'done', results: [] },
  ],
} satisfies Operation<Api['undo'], OperationDeps>;
