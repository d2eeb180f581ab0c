import { compareKeys, escapeName, sortKey, type SimRecordSet, type SimState, type SimZone } from './state';
import { document, type Node } from './xml';

/** One answer: status and body (XML), or an error to put in AWS's envelope. */
export type ApiAnswer = { status: 200; body: string } | { status: number; code: string; message: string };

const invalid = (message: string): ApiAnswer => ({ status: 400, code: 'InvalidInput', message });
const noZone = (id: string): ApiAnswer => ({ status: 404, code: 'NoSuchHostedZone', message: `No hosted zone found with ID: ${id}` });

function zoneNode(zone: SimZone): Array<[string, Node]> {
  return [
    ['Id', `/hostedzone/${zone.id}`],
    ['Name', zone.name],
    ['CallerReference', zone.callerReference],
    [
      'Config',
      [
        ['Comment', zone.comment],
        ['PrivateZone', zone.privateZone],
      ],
    ],
    ['ResourceRecordSetCount', zone.sets.length],
  ];
}

function setNode(set: SimRecordSet): Array<[string, Node]> {
  return [
    ['Name', set.Name],
    ['Type', set.Type],
    ['SetIdentifier', set.SetIdentifier],
    ['Weight', set.Weight],
    ['Region', set.Region],
    [
      'GeoLocation',
      set.GeoLocation && [
        ['ContinentCode', set.GeoLocation.ContinentCode],
        ['CountryCode', set.GeoLocation.CountryCode],
        ['SubdivisionCode', set.GeoLocation.SubdivisionCode],
      ],
    ],
    ['Failover', set.Failover],
    ['MultiValueAnswer', set.MultiValueAnswer],
    // Aliases carry neither a TTL nor values.
    ['TTL', set.AliasTarget ? undefined : set.TTL],
    ['ResourceRecords', set.AliasTarget ? undefined : (set.values ?? []).map((v): [string, Node] => ['ResourceRecord', [['Value', v]]])],
    [
      'AliasTarget',
      set.AliasTarget && [
        ['HostedZoneId', set.AliasTarget.HostedZoneId],
        ['DNSName', set.AliasTarget.DNSName],
        ['EvaluateTargetHealth', set.AliasTarget.EvaluateTargetHealth],
      ],
    ],
    ['HealthCheckId', set.HealthCheckId],
    ['TrafficPolicyInstanceId', set.TrafficPolicyInstanceId],
  ];
}

function maxItems(raw: string | null, fallback: number, cap: number): number | ApiAnswer {
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1) return invalid(`1 validation error detected: Value '${raw}' at 'maxItems' failed to satisfy constraint`);
  return Math.min(n, cap);
}

/** ListHostedZones: pages of up to 100 by Marker (a zone id), the account's zones in the order they were made. */
export function listHostedZones(state: SimState, account: string, query: URLSearchParams): ApiAnswer {
  const size = maxItems(query.get('maxitems'), 100, 100);
  if (typeof size !== 'number') return size;
  let zones = state.zones.filter((z) => z.account === account);
  if (query.get('hostedzonetype') === 'PrivateHostedZone') zones = zones.filter((z) => z.privateZone);
  const marker = query.get('marker')?.replace(/^\/?hostedzone\//, '');
  const start = marker === undefined ? 0 : zones.findIndex((z) => z.id === marker);
  if (start < 0) return invalid(`Invalid marker: ${marker ?? ''}`);
  const page = zones.slice(start, start + size);
  const next = zones[start + size];
  return {
    status: 200,
    body: document('ListHostedZonesResponse', [
      ['HostedZones', page.map((z): [string, Node] => ['HostedZone', zoneNode(z)])],
      ['Marker', marker],
      ['IsTruncated', next !== undefined],
      ['NextMarker', next?.id],
      ['MaxItems', size],
    ]),
  };
}

export function getHostedZone(state: SimState, account: string, id: string): ApiAnswer {
  const zone = state.zone(id);
  if (!zone || zone.account !== account) return noZone(id);
  const ns = zone.sets.find((s) => s.Type === 'NS' && s.Name === zone.name)?.values ?? [];
  return {
    status: 200,
    body: document('GetHostedZoneResponse', [
      ['HostedZone', zoneNode(zone)],
      [
        'DelegationSet',
        zone.privateZone ? undefined : [['NameServers', ns.map((n): [string, Node] => ['NameServer', n.replace(/\.$/, '')])]],
      ],
    ]),
  };
}

/**
 * ListResourceRecordSets: one total order (reversed name, type, identifier), resumed at the first set
 * at or after name / type / identifier; default page 100, at most 300; Next* only when truncated.
 */
export function listResourceRecordSets(state: SimState, account: string, id: string, query: URLSearchParams): ApiAnswer {
  const zone = state.zone(id);
  if (!zone || zone.account !== account) return noZone(id);
  const size = maxItems(query.get('maxitems'), 100, 300);
  if (typeof size !== 'number') return size;
  const name = query.get('name');
  const type = query.get('type');
  const identifier = query.get('identifier');
  if (type !== null && name === null) return invalid('The input is not valid: a type needs a name to start at');
  if (identifier !== null && type === null) return invalid('The input is not valid: an identifier needs a name and a type');
  let start = 0;
  if (name !== null) {
    const from = sortKey({ Name: escapeName(name), Type: type ?? '', SetIdentifier: identifier ?? '' });
    start = zone.sets.findIndex((s) => compareKeys(sortKey(s), from) >= 0);
    if (start < 0) start = zone.sets.length;
  }
  const page = zone.sets.slice(start, start + size);
  const next = zone.sets[start + size];
  return {
    status: 200,
    body: document('ListResourceRecordSetsResponse', [
      ['ResourceRecordSets', page.map((s): [string, Node] => ['ResourceRecordSet', setNode(s)])],
      ['IsTruncated', next !== undefined],
      ['NextRecordName', next?.Name],
      ['NextRecordType', next?.Type],
      ['NextRecordIdentifier', next?.SetIdentifier],
      ['MaxItems', size],
    ]),
  };
}
