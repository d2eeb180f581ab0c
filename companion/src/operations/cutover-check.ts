import { zonesFrom, type Api, type CutoverEvent, type CutoverRequest, type SourcedZone } from '@dnsferry/shared';
import { cutoverCheck as checkZones } from '../cutover/check';
import { DirectDnsClient } from '../dns/direct-client';
import { createDohClient } from '../dns/doh-client';
import type { CutoverTarget } from '../engine/ports';
import { eventLoop } from '../flow/fair-share';
import { sourceFor } from '../providers/from-request';
import { TARGET } from '../providers/index';
import { recordsSent, withinLimits } from './limits';
import { stoppedBy, type Operation, type OperationDeps } from './operation';

/** /api/cutover/check: whether each zone is ready for the name server switch. */
export const cutoverCheck = {
  kind: 'ndjson',
  run(body, deps, signal) {
    const zones = zonesFrom(body);
    withinLimits(deps.config, zones, recordsSent);
    const target = TARGET.cutover(deps, { token: body.targetToken, accountId: body.targetAccountId });
    return checking(body, zones, deps, target, signal);
  },
  stopped: (err) => [
    { type: 'info', zone: '', message: stoppedBy('Check stopped', err) },
    { type: 'done', results: [] },
  ],
} satisfies Operation<Api['cutoverCheck'], OperationDeps>;

/** The check, with the DNS clients it asks through, closed when it ends however it ends. */
async function* checking(
  body: CutoverRequest,
  zones: SourcedZone[],
  deps: OperationDeps,
  target: CutoverTarget,
  signal: AbortSignal,
): AsyncGenerator<CutoverEvent> {
  const { config } = deps;
  const doh = createDohClient(config.dohUrl, { fetch: deps.fetch, proxy: config.proxy });
  const dns = new DirectDnsClient();
  try {
    yield* checkZones(
      {
        zones,
        requestActivation: body.requestActivation ?? false,
        maxRecords: config.maxRecordsPerRequest,
        queriesPerSecond: config.cutoverQueriesPerSecond,
      },
      {
        target,
        doh,
        dns,
        targetNs: config.targetNs,
        source: sourceFor(deps),
        slice: eventLoop.slice(TARGET.shareKey(body.targetToken)),
      },
      { signal },
    );
  } finally {
    dns.close();
    doh.close();
  }
}
