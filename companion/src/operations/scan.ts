import type { Api } from '@dnsferry/shared';
import { transferLimits } from '../providers/axfr/adapter';
import { resolverPace } from '../scan/resolver-pace';
import { scanDomain } from '../scan/scanner';
import { stoppedBy, type Operation, type OperationDeps } from './operation';

/** /api/dns/scan: a public domain's records, discovered through the configured DoH resolver. */
export const scan = {
  kind: 'ndjson',
  run({ domain, transfer, depth, names, ct }, { config, fetch }, signal) {
    // The resolver is the companion's own (config.dohUrl), never one named by the client; so are the
    // name servers a transfer is asked of (the zone's own, or DNSFERRY_TRANSFER_NS).
    return scanDomain(
      { domain, dohUrl: config.dohUrl, transfer: transfer ?? false, depth: depth ?? 'quick', names: names ?? [], ct: ct ?? true },
      {
        signal,
        pace: resolverPace(config.dohUrl, config.scanQueriesPerSecond),
        fetch,
        proxy: config.proxy,
        transfer: { override: config.transferNs, ...transferLimits(config) },
        // the certificate-log search is the companion's own too (DNSFERRY_CT_URL)
        certificates: { url: config.ctUrl, fetch },
      },
    );
  },
  stopped: (err) => [
    { type: 'error', message: stoppedBy('Scan stopped', err) },
    { type: 'done', records: [], total: 0, subdomainsFound: [] },
  ],
} satisfies Operation<Api['scan'], OperationDeps>;
