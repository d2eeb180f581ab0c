import type { FastifyInstance } from 'fastify';
import { API, type ScanEvent } from '@dnsferry/shared';
import type { RouteDeps } from './deps';
import { clientGone } from '../http/client-gone';
import { sendNdjson } from '../http/ndjson';
import { handle } from '../http/endpoint';
import { scanDomain } from '../scan/scanner';
import { transferLimits } from '../providers/axfr/adapter';
import { resolverPace } from '../scan/resolver-pace';

/** POST /api/dns/scan: discovers a public domain's records through the configured DoH resolver. */
export function registerScan(app: FastifyInstance, deps: RouteDeps): void {
  handle(app, API.scan, async ({ domain, transfer, depth, names, ct }, request, reply) => {
    // The resolver is the companion's own (config.dohUrl), never one named by the client; so are the
    // name servers a transfer is asked of (the zone's own, or DNSFERRY_TRANSFER_NS).
    const { config } = deps;
    const events = scanDomain(
      { domain, dohUrl: config.dohUrl, transfer: transfer ?? false, depth: depth ?? 'quick', names: names ?? [], ct: ct ?? true },
      {
        signal: clientGone(reply),
        pace: resolverPace(config.dohUrl, config.scanQueriesPerSecond),
        fetch: deps.fetch,
        proxy: config.proxy,
        transfer: { override: config.transferNs, ...transferLimits(config) },
        // the certificate-log search is the companion's own too (DNSFERRY_CT_URL)
        certificates: { url: config.ctUrl, fetch: deps.fetch },
      },
    );
    return sendNdjson<ScanEvent>(reply, events, (err) => [
      { type: 'error', message: `Scan stopped: ${err instanceof Error ? err.message : String(err)}` },
      { type: 'done', records: [], total: 0, subdomainsFound: [] },
    ]);
  });
}
