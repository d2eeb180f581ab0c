import type { RoutedSet, RoutingPolicy } from '../aliases/route53';
import { absoluteName } from './owner-name';
import type { ZoneEntry } from './schema';
import { typeName } from './type-names';

/**
 * What `cli53 export` (barnybug/cli53) writes beyond BIND's format, from its source (bind.go,
 * awsrr.go, util.go):
 * - an alias is a record of class `AWS` and type `ALIAS`, with its TTL always 86400:
 *   `name 86400 AWS ALIAS <type> <target> <hostedZoneId|$self> <evaluateTargetHealth>`; an alias to
 *   the hosted zone itself says `$self`, its target then relative to `$ORIGIN` (absolute with `--full`);
 * - a record set with a routing policy is its records, each followed by a comment:
 *   `; AWS routing="WEIGHTED" weight=10 identifier="a"` (FAILOVER failover="PRIMARY", GEOLOCATION
 *   countryCode=/continentCode=/subdivisionCode=, LATENCY region=, MULTIVALUE), with
 *   `healthCheckId="…"` before `identifier` when the set has a health check.
 * The Python cli53 of before 0.6 (October 2015) wrote other `AWS` lines: those are pointed out, not guessed at.
 */

const POLICIES: Readonly<Record<string, RoutingPolicy>> = {
  WEIGHTED: 'weighted',
  LATENCY: 'latency',
  FAILOVER: 'failover',
  GEOLOCATION: 'geolocation',
  MULTIVALUE: 'multivalue answer',
};

/** cli53's `key="quoted \" value"` or `key=123` pairs, as its ParseKeyValues reads them; null when they cannot be read. */
function keyValues(text: string): Map<string, string> | null {
  const pairs = new Map<string, string>();
  const re = /\s*([A-Za-z]+)=(?:"((?:\\.|[^"\\])*)"|(\d+))/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m?.[1]) return /^\s*$/.test(text.slice(at)) ? pairs : null;
    pairs.set(m[1], m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? ''));
    at = re.lastIndex;
  }
  return pairs;
}

/** The Route 53 record set a cli53 routing comment puts its line in; undefined for any other comment. */
export function cli53Routing(comments: string[]): ZoneEntry['routing'] {
  for (const comment of comments) {
    const m = /^\s*AWS\s+(.*)$/.exec(comment);
    const pairs = m?.[1] === undefined ? null : keyValues(m[1]);
    const routing = pairs?.get('routing');
    if (!pairs || routing === undefined) continue;
    return { policy: POLICIES[routing] ?? 'routing', identifier: pairs.get('identifier') ?? '', healthChecked: pairs.has('healthCheckId') };
  }
  return undefined;
}

/** An `AWS` line read: the alias record set it writes, or why it cannot be read. */
export type Cli53Alias = { ok: true; set: RoutedSet } | { ok: false; message: string };

const LEGACY =
  'a line of class AWS as the Python cli53 of before 0.6 (October 2015) wrote it; export the zone again with a current cli53, whose `AWS ALIAS` lines dnsferry reads';

/**
 * An `AWS ALIAS` line as the alias record set it stands for; `name` is the line's owner relative to
 * the zone. The TTL cli53 writes (86400) is not the alias's: Route 53 answers with its target's.
 */
export function cli53Alias(entry: ZoneEntry, name: string): Cli53Alias {
  const fields = entry.rdata.split(' ');
  if (fields[0]?.toUpperCase() !== 'ALIAS') return { ok: false, message: LEGACY };
  if (fields.length !== 5 || !/^(?:true|false)$/i.test(fields[4] ?? '')) {
    // the Python cli53 wrote `ALIAS [weight|region:…|failover:…] <zone id> <target> [identifier]`
    if (/^(?:Z[0-9A-Z]{4,}|region:\S+|failover:\S+|\d+)$/i.test(fields[1] ?? '')) return { ok: false, message: LEGACY };
    return {
      ok: false,
      message:
        'an AWS ALIAS line (cli53) is `name TTL AWS ALIAS <type> <target> <hosted zone id, or $self for this zone> <true|false>`; this one is not',
    };
  }
  const [, typeToken = '', targetToken = '', zoneId = ''] = fields;
  const type = typeName(typeToken);
  if (type === null) return { ok: false, message: `"${typeToken}" is not a record type` };
  const self = zoneId === '$self';
  // An alias to this hosted zone is written relative to $ORIGIN; others carry Route 53's absolute DNS name.
  const target = absoluteName(targetToken, self ? entry.origin : '');
  if ('error' in target) return { ok: false, message: `the alias target "${targetToken}" is not a name: ${target.error}` };
  return {
    ok: true,
    set: {
      type,
      name,
      identifier: entry.routing?.identifier,
      policy: entry.routing?.policy ?? null,
      healthChecked: entry.routing?.healthChecked ?? false,
      content: { kind: 'alias', target: target.name, sameZone: self },
    },
  };
}
