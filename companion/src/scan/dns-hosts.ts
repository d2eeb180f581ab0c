/**
 * Which DNS host serves a zone, told by its NS names, and the best way to read that host's zone in
 * dnsferry: its API source where dnsferry has one, else its own zone-file export, else the records
 * table copied from its dashboard. A scan only sees the names it can guess; this is how the user
 * learns what to do instead.
 */

/** The host recognised, for the scan's `coverage.host`. */
export interface RecognisedHost {
  /** The host as its customers know it (`GoDaddy`, `Amazon Route 53`). */
  name: string;
  /** One or two sentences: where to click, which popup choice or CLI flag reads the whole zone. */
  advice: string;
}

interface HostRow extends RecognisedHost {
  /** Matched against a name server's name: lower case, no trailing dot. */
  ns: RegExp;
}

/** The paste box and the CLI flag that read a table copied from a dashboard (or a zone file). */
const PASTE = 'paste it under "Paste records" in the popup (CLI: dnsferry migrate --table FILE)';
const PASTE_FILE = 'paste the file under "Paste records" in the popup (CLI: dnsferry migrate --zone-file FILE)';

/**
 * One row per host, stated once. The NS patterns and what each host offers come from the discovery
 * reference (§6): a dashboard export that could not be confirmed there is offered with an "if", and
 * the copied table is always the way that works.
 */
const HOSTS: readonly HostRow[] = [
  {
    name: 'GoDaddy',
    ns: /(?:^|\.)domaincontrol\.com$/,
    advice: `GoDaddy's API is closed to most accounts. Open the domain's DNS page at GoDaddy (Domain Portfolio → the domain → DNS), select the table of DNS records and copy it, then ${PASTE}. If that page offers "Export Zone File", paste the file instead.`,
  },
  {
    name: 'Namecheap',
    ns: /(?:^|\.)(?:registrar-servers|namecheaphosting)\.com$/,
    advice: `Namecheap has no zone-file export and its API needs an allow-listed IP. Open Domain List → Manage → Advanced DNS, copy the Host Records table, then ${PASTE}.`,
  },
  {
    name: 'Squarespace',
    ns: /(?:^|\.)squarespace(?:dns)?\.com$/,
    advice: `Squarespace has no zone-file export or API. Open Domains → the domain → DNS (DNS Settings), copy each group of records (the presets such as "Squarespace Defaults" and your custom records), then ${PASTE}.`,
  },
  {
    // Google Domains' zones moved to Squarespace on these name servers; Google Cloud DNS uses the same names.
    name: 'Squarespace (former Google Domains) or Google Cloud DNS',
    ns: /(?:^|\.)googledomains\.com$/,
    advice: `At Squarespace (a former Google Domains domain) there is no export: open Domains → the domain → DNS, copy the records tables, then ${PASTE}. In Google Cloud DNS, export the zone with "gcloud dns record-sets export zone.txt --zone=ZONE --zone-file-format" and ${PASTE_FILE}.`,
  },
  {
    name: 'Amazon Route 53',
    ns: /(?:^|\.)awsdns-\d+\.(?:com|net|org|co\.uk)$/,
    advice:
      'Read the whole zone from Route 53 with an access key that may list it: choose "Route 53" in the popup (CLI: dnsferry migrate --route53).',
  },
  {
    name: 'Azure DNS',
    ns: /(?:^|\.)azure-dns\.(?:com|net|org|info)$/,
    advice:
      'Read the whole zone from Azure with a service principal or an access token: choose "Azure DNS" in the popup (CLI: dnsferry migrate --azure SUBSCRIPTION_ID).',
  },
  {
    name: 'Cloudflare',
    ns: /(?:^|\.)ns\.cloudflare\.com$/,
    advice:
      'The zone is already at Cloudflare: to move it from another account, choose "Another Cloudflare account" in the popup with a read token of that account (CLI: dnsferry migrate --from-account). The dashboard also exports it (DNS → Records → Import and Export → Export).',
  },
  {
    name: 'DigitalOcean',
    ns: /(?:^|\.)digitalocean\.com$/,
    advice: `DigitalOcean's API gives the zone file: the "zone_file" field of GET https://api.digitalocean.com/v2/domains/<domain> (or doctl compute domain get <domain> --output json); save it and ${PASTE_FILE}. Or copy the records table from Networking → Domains and ${PASTE}.`,
  },
  {
    name: 'Hetzner',
    ns: /(?:^|\.)ns\.hetzner\.(?:com|de)$/,
    advice: `Hetzner exports the zone as a zone file (the zone's export in its DNS Console, or GET https://dns.hetzner.com/api/v1/zones/<zone id>/export with an API token); ${PASTE_FILE}.`,
  },
  {
    name: 'OVHcloud',
    ns: /(?:^|\.)(?:ovh\.net|ovh\.ca|anycast\.me)$/,
    advice: `OVHcloud shows the zone as a zone file: Control Panel → Domain names → the domain → DNS zone → "Change in text format" (or GET /domain/zone/<zone>/export in its API); copy the text and ${PASTE_FILE}.`,
  },
  {
    name: 'Gandi',
    ns: /(?:^|\.)dns\.gandi\.net$/,
    advice: `Gandi's LiveDNS gives the zone file: GET https://api.gandi.net/v5/livedns/domains/<domain>/records with "Accept: text/plain" and a personal access token, save it and ${PASTE_FILE}. Or copy the DNS records table from the domain's page and ${PASTE}.`,
  },
  {
    name: 'IONOS',
    ns: /(?:^|\.)ui-dns\.(?:com|de|org|biz)$/,
    advice: `IONOS has no zone-file export. Open Domains & SSL → the domain → DNS, copy the records table, then ${PASTE}. IONOS adds its own DKIM records (s1-ionos, s2-ionos); leave them out if you stop sending mail through IONOS.`,
  },
  {
    name: 'Wix',
    ns: /(?:^|\.)wixdns\.net$/,
    advice: `Wix has no zone-file export. Open Domains → the domain → Manage DNS records, copy the records tables, then ${PASTE}.`,
  },
  {
    name: 'Hover',
    ns: /(?:^|\.)hover\.com$/,
    advice: `Hover has no zone-file export or API. Open the domain's DNS tab, copy the records table, then ${PASTE}.`,
  },
];

/**
 * The DNS host serving a zone, from its NS names (any case, with or without the trailing dot); null
 * when none is recognised. A zone in the middle of a move can have name servers of two hosts: the
 * one with more of them is named (on a tie, the one first in the table).
 */
export function recogniseHost(nameServers: string[]): RecognisedHost | null {
  const counts = new Map<HostRow, number>();
  for (const raw of nameServers) {
    const ns = raw.trim().toLowerCase().replace(/\.$/, '');
    const row = HOSTS.find((h) => h.ns.test(ns));
    if (row) counts.set(row, (counts.get(row) ?? 0) + 1);
  }
  let best: HostRow | null = null;
  for (const row of HOSTS) {
    const n = counts.get(row) ?? 0;
    if (n > 0 && (best === null || n > (counts.get(best) ?? 0))) best = row;
  }
  return best ? { name: best.name, advice: best.advice } : null;
}
