import type { CloudflareSim } from './simulator';
import { canonicalIPv6, isNonPublicIPv4, isNonPublicIPv6 } from './names';

/**
 * A zone as the dashboard's onboarding leaves it: its quick scan imports the records it finds, puts
 * the web hosts behind the proxy and gives every record TTL 1 (automatic). The default records hold
 * the traps a migration into such a zone meets (issue 18): a stale `www` address, a mail host the
 * scan proxied, and an old SPF policy beside which a second one must never be created.
 */

/** A record as the quick scan imported it; owner names relative to the zone (`@` is the apex). */
export interface ScannedRecord {
  type: string;
  name: string;
  content: string;
  priority?: number;
  /** Absent: as the scan decides, web hosts proxied where their address allows it, the rest DNS only. */
  proxied?: boolean;
}

export interface OnboardedZone {
  id: string;
  name: string;
  nameServers: string[];
  /** The records as the API returns them. */
  records: Array<Record<string, unknown>>;
}

/** The names the scan takes for web servers. */
const WEB_HOSTS = new Set(['@', 'www']);

/** What the scan left in `zone`; `sourceZoneFile(zone)` is what the source says now. */
export function onboardedRecords(zone: string): ScannedRecord[] {
  return [
    { type: 'A', name: '@', content: '192.0.2.1' },
    // The web server has moved to 192.0.2.1 since: a run that only adds leaves both answering.
    { type: 'A', name: 'www', content: '203.0.113.9' },
    // The scan proxied the mail host as well; mail to a proxied address does not arrive.
    { type: 'A', name: 'mail', content: '93.184.216.34', proxied: true },
    { type: 'MX', name: '@', content: `mail.${zone}`, priority: 10 },
    // Two SPF policies at one name are a permanent error (RFC 7208 §4.5).
    { type: 'TXT', name: '@', content: '"v=spf1 include:old.example -all"' },
    { type: 'TXT', name: '_dmarc', content: '"v=DMARC1; p=none"' },
  ];
}

/** The source's zone file for a zone seeded with the default records: each trap answered as the source wants it. */
export function sourceZoneFile(zone: string): string {
  return [
    `$ORIGIN ${zone}.`,
    '$TTL 300',
    '@ A 192.0.2.1',
    'www A 192.0.2.1',
    'mail A 93.184.216.34',
    '@ 3600 MX 10 mail',
    '@ TXT "v=spf1 include:new.example -all"',
    '_dmarc TXT "v=DMARC1; p=none"',
    '',
  ].join('\n');
}

/**
 * Adds an active zone holding `records` (default: `onboardedRecords(name)`) the way the quick scan
 * stores them, through the simulator's own validation and same-name rules.
 */
export function seedOnboardedZone(
  sim: CloudflareSim,
  z: { accountId: string; name: string; records?: readonly ScannedRecord[] },
): OnboardedZone {
  const zone = sim.addZone({ accountId: z.accountId, name: z.name });
  const records = (z.records ?? onboardedRecords(zone.name)).map((r) =>
    sim.addRecord(zone.id, {
      type: r.type,
      name: r.name,
      content: r.content,
      ...(r.priority === undefined ? {} : { priority: r.priority }),
      ttl: 1,
      proxied: r.proxied ?? scanProxies(r),
    }),
  );
  return { ...zone, records };
}

function scanProxies(r: ScannedRecord): boolean {
  if (!WEB_HOSTS.has(r.name.toLowerCase())) return false;
  if (r.type === 'CNAME') return true;
  if (r.type === 'A') return !isNonPublicIPv4(r.content);
  if (r.type !== 'AAAA') return false;
  const ip = canonicalIPv6(r.content);
  return ip !== null && !isNonPublicIPv6(ip);
}
