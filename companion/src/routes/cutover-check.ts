import type { FastifyInstance } from 'fastify';
import { API, type CutoverEvent } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { recordsSent, withinLimits } from './limits';
import { clientGone } from '../http/client-gone';
import { sendNdjson } from '../http/ndjson';
import { handle } from '../http/endpoint';
import { cutoverCheck } from '../cutover/check';
import { DirectDnsClient } from '../dns/direct-client';
import { createDohClient } from '../dns/doh-client';
import { sourceFor } from '../providers/from-request';
import { TARGET } from '../providers/index';
import { eventLoop } from '../flow/fair-share';

export function registerCutoverCheck(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.cutoverCheck, async (body, request, reply) => {
    withinLimits(deps.config, body.zones, recordsSent);
    const target = TARGET.cutover(deps, { token: body.targetToken, accountId: body.targetAccountId });
    const source = sourceFor(body, deps);
    const doh = createDohClient(deps.config.dohUrl, { fetch: deps.fetch, proxy: deps.config.proxy });
    const dns = new DirectDnsClient();
    async function* events(): AsyncGenerator<CutoverEvent> {
      try {
        yield* cutoverCheck(
          {
            zones: body.zones,
            requestActivation: body.requestActivation ?? false,
            maxRecords: deps.config.maxRecordsPerRequest,
            queriesPerSecond: deps.config.cutoverQueriesPerSecond,
          },
          {
            target,
            doh,
            dns,
            targetNs: deps.config.targetNs,
            ...(source ? { source } : {}),
            slice: eventLoop.slice(TARGET.shareKey(body.targetToken)),
          },
          { signal: clientGone(reply) },
        );
      } finally {
        dns.close();
        doh.close();
      }
    }
    return sendNdjson<CutoverEvent>(reply, events(), (err) => [
      { type: 'info', zone: '', message: `Check stopped: ${err instanceof Error ? err.message : String(err)}` },
      { type: 'done', results: [] },
    ]);
  });
}
