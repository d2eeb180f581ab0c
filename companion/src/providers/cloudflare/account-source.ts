import { plural, type AccountSource, type DnsRecord } from '@dnsferry/shared';
import { UpstreamError } from '../../errors';
import type { SourceProblem, SourceZoneContent } from '../../engine/ports';
import type { CloudflareClient } from './client';
import { CAPABILITIES } from './capabilities';
import { fromWire } from './record-types';
import type { CloudflareRecord, CloudflareZone } from './wire';

/** The largest pages the API gives (the target reads its own zones the same way). */
const { recordsPerPage, zonesPerPage } = CAPABILITIES.limits;

/**
 * A zone read from another Cloudflare account (a move between accounts): the records that account
 * holds, with their proxy, TTL and comment, read as the target reads its own. The zone is found by its
 * name unless its id is given; an id naming another zone is refused rather than read.
 */
export async function readFromAccount(
  client: CloudflareClient,
  target: { name: string; targetZoneId?: string | undefined },
  from: AccountSource,
  signal: AbortSignal,
): Promise<SourceZoneContent> {
  const { name, targetZoneId } = target;
  let zone: CloudflareZone | undefined;
  if (from.zoneId) {
    zone = (await client.call<CloudflareZone>('GET', `/zones/${from.zoneId}`, { signal })).result;
    if (zone.name.toLowerCase() !== name)
      throw new UpstreamError('Cloudflare', 'invalid', undefined, `zone ${from.zoneId} of the source account is ${zone.name}, not ${name}`);
  } else {
    // A token that sees both accounts sees the target's zone of that name too: never read that one back.
    const zones = await client.listAll<CloudflareZone>('/zones', { name }, zonesPerPage, signal);
    zone = zones.find((z) => z.name.toLowerCase() === name && z.id !== targetZoneId);
    if (!zone)
      throw new UpstreamError(
        'Cloudflare',
        'not_found',
        undefined,
        zones.length > 0
          ? `the source account's token sees only the target's own zone ${name}: give the token of the account the zone comes from`
          : `the source account's token sees no zone ${name} (it needs Zone Read and DNS Read)`,
      );
  }
  if (zone.id === targetZoneId)
    throw new UpstreamError(
      'Cloudflare',
      'invalid',
      undefined,
      `zone ${zone.id} is the target's own zone ${name}: it cannot be its own source`,
    );
  const wire = await client.listAll<CloudflareRecord>(`/zones/${zone.id}/dns_records`, {}, recordsPerPage, signal);
  const records: DnsRecord[] = [];
  const problems: SourceProblem[] = [];
  for (const w of wire) {
    const record = fromWire(w, name);
    if (record) records.push(record);
    else problems.push({ name: w.name, type: w.type, message: `could not be read from the source account (${w.content.slice(0, 60)})` });
  }
  const proxied = records.filter((r) => 'proxied' in r && r.proxied).length;
  return {
    records,
    problems,
    notes: [
      `Read ${plural(records.length, 'record')} of ${name} from the source account (zone ${zone.id}, ${zone.status})${proxied ? `, ${proxied} of them proxied` : ''}`,
    ],
  };
}
