import type { Source } from '../engine/ports';
import { AppError } from '../errors';
import { PROVIDERS } from './index';
import type { ProviderDeps, SourceRequest, SourceRole } from './provider';

const SOURCES: SourceRole[] = Object.values(PROVIDERS).flatMap((p): SourceRole[] => ('source' in p ? [p.source] : []));

/**
 * The source a migrate (or cutover) request asks for: each zone is read by the provider the zone names
 * (a zone transfer, another Cloudflare account), else by the one the request names (`source`, or
 * Azure's fields), opened with the credentials its schema already checked. Undefined: none is named.
 */
export function sourceFor(request: SourceRequest, deps: ProviderDeps): Source | undefined {
  const named = SOURCES.filter((s) => request.zones.some((z) => s.reads(z, request)));
  if (named.length === 0) return undefined;
  const opened = new Map(named.map((s) => [s, s.open(request, deps)]));
  const readerOf = (zone: Parameters<SourceRole['reads']>[0]) =>
    named.find((s) => s.namedBy === 'zone' && s.reads(zone, request)) ??
    named.find((s) => s.namedBy === 'request' && s.reads(zone, request));
  return {
    async readZone(zone, opts) {
      const reader = readerOf(zone);
      if (!reader) throw new AppError('invalid_request', 'this zone has no records and no source credentials were sent');
      return (opened.get(reader) as Source).readZone(zone, opts);
    },
  };
}
