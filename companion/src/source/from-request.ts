import type { MigrateRequest } from '@dnsferry/shared';
import type { Config } from '../config';
import { credentialsFromRequest } from './azure/request';
import type { Source } from './source';
import { readByTransfer } from './axfr/index';
import { readFromAccount } from '../target/cloudflare/account-source';
import { AppError } from '../errors';

/**
 * The source a migrate request asks for: a zone transfer for the zones that name a server, another
 * Cloudflare account for those that carry its token, Azure for the others when the request names a
 * subscription. The Azure credentials are checked as strictly as
 * /api/source/validate checks them, so a half-sent service principal is a 400 naming the missing field
 * before anything is written, not an error event halfway through the stream.
 */
export function sourceFor(body: MigrateRequest, deps: { config: Config; fetch: typeof fetch }): Source | undefined {
  const azure = azureFor(body, deps);
  if (!body.zones.some((z) => z.axfr !== undefined || z.cloudflare !== undefined)) return azure;
  const limits = { maxRecords: deps.config.maxRecordsPerRequest, idleMs: deps.config.upstreamTimeoutMs };
  return {
    async readZone(zone, opts) {
      if (zone.axfr) return readByTransfer(zone.name, zone.axfr, limits, opts.signal);
      if (zone.cloudflare) return readFromAccount(deps.config, deps.fetch, zone, zone.cloudflare, opts.signal);
      if (!azure) throw new AppError('invalid_request', 'this zone has no records and no source credentials were sent');
      return azure.readZone(zone, opts);
    },
  };
}

function azureFor(body: MigrateRequest, deps: { config: Config; fetch: typeof fetch }): Source | undefined {
  if (!body.subscriptionId) return undefined;
  const creds = credentialsFromRequest(body);
  if (!creds) return undefined;
  // Loaded on first use: most runs never touch Azure, and its SDK is the companion's largest part.
  // (./azure/request above is small: it imports only the contract.)
  const subscriptionId = body.subscriptionId;
  let azure: Promise<Source> | undefined;
  return {
    async readZone(zone, opts) {
      azure ??= import('./azure/index').then((m) => m.createAzureSource(deps, creds, subscriptionId));
      return (await azure).readZone(zone, opts);
    },
  };
}
