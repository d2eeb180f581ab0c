import { BlockList, isIPv6 } from 'node:net';
import type { DnsRecord, EdgeAddress } from '@dnsferry/shared';

/**
 * The published edge ranges of networks that answer with their own addresses in front of a site.
 * A scan of a domain that one of them serves sees these addresses, not the origin's.
 *
 * - Cloudflare: https://www.cloudflare.com/ips-v4 and https://www.cloudflare.com/ips-v6, as published
 *   on 2024-06-25 (unchanged since 2021). Cloudflare refuses to serve a record that points at them
 *   (error 1000, "DNS points to prohibited IP"), and a proxied zone's DNS answers only with them, so the
 *   records behind are unknown: they are set apart, not migrated unless the user chooses to.
 * - Fastly: https://api.fastly.com/public-ip-list, as published on 2023-06-06. A site on Fastly points
 *   its own records at these addresses (Fastly serves no DNS of its own), so they are the records and
 *   are kept; the scan only says whose they are.
 */
const NETWORKS = [
  {
    name: 'Cloudflare',
    setApart: true,
    v4: [
      '173.245.48.0/20',
      '103.21.244.0/22',
      '103.22.200.0/22',
      '103.31.4.0/22',
      '141.101.64.0/18',
      '108.162.192.0/18',
      '190.93.240.0/20',
      '188.114.96.0/20',
      '197.234.240.0/22',
      '198.41.128.0/17',
      '162.158.0.0/15',
      '104.16.0.0/13',
      '104.24.0.0/14',
      '172.64.0.0/13',
      '131.0.72.0/22',
    ],
    v6: ['2400:cb00::/32', '2606:4700::/32', '2803:f800::/32', '2405:b500::/32', '2405:8100::/32', '2a06:98c0::/29', '2c0f:f248::/32'],
  },
  {
    name: 'Fastly',
    setApart: false,
    v4: [
      '23.235.32.0/20',
      '43.249.72.0/22',
      '103.244.50.0/24',
      '103.245.222.0/23',
      '103.245.224.0/24',
      '104.156.80.0/20',
      '140.248.64.0/18',
      '140.248.128.0/17',
      '146.75.0.0/17',
      '151.101.0.0/16',
      '157.52.64.0/18',
      '167.82.0.0/17',
      '167.82.128.0/20',
      '167.82.160.0/20',
      '167.82.224.0/20',
      '172.111.64.0/18',
      '185.31.16.0/22',
      '199.27.72.0/21',
      '199.232.0.0/16',
    ],
    v6: ['2a04:4e40::/32', '2a04:4e42::/32'],
  },
] as const;

type Network = (typeof NETWORKS)[number];

const LISTS = NETWORKS.map((network) => {
  const list = new BlockList();
  for (const cidr of network.v4) list.addSubnet(cidr.split('/')[0] ?? '', Number(cidr.split('/')[1]), 'ipv4');
  for (const cidr of network.v6) list.addSubnet(cidr.split('/')[0] ?? '', Number(cidr.split('/')[1]), 'ipv6');
  return { network, list };
});

/** The edge network an address belongs to, if any. */
export function edgeNetworkOf(address: string): Network | null {
  const family = isIPv6(address) ? 'ipv6' : 'ipv4';
  for (const { network, list } of LISTS) if (list.check(address, family)) return network;
  return null;
}

function sentence(record: DnsRecord, network: Network): string {
  const what = `${record.type} ${record.name} → ${record.content}`;
  return network.setApart
    ? `${what} is ${network.name}'s proxy address, not your server: use the other ${network.name} account as the source, or give the origin address (not migrated unless you choose to)`
    : `${what} is an address of ${network.name}'s edge: kept, since sites on ${network.name} point their records at it`;
}

/** The scan's records with the edge networks' addresses found: those of a proxy set apart, the others kept and named. */
export function edgeAddresses(records: DnsRecord[]): { records: DnsRecord[]; edge: EdgeAddress[] } {
  const kept: DnsRecord[] = [];
  const edge: EdgeAddress[] = [];
  for (const record of records) {
    const network = record.type === 'A' || record.type === 'AAAA' ? edgeNetworkOf(record.content) : null;
    if (network) edge.push({ record, network: network.name, setApart: network.setApart, message: sentence(record, network) });
    if (!network?.setApart) kept.push(record);
  }
  return { records: kept, edge };
}
