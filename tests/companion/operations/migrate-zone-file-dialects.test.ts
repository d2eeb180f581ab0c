import { describe, expect, it } from 'vitest';
import { heldLines, useStack, zoneComplete } from '../../support/stack';

// POST /api/migrate with zone files written by cli53 and by the Azure CLI: their aliases land in the
// Cloudflare simulator as the Route 53 and Azure sources would land them.
const stack = useStack();

const CLI53 = [
  '$ORIGIN shop.example.',
  '@\t900\tIN\tSOA\tns-101.awsdns-12.com. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400',
  '@\t86400\tAWS\tALIAS\tA d3abc123xyz.cloudfront.net. Z2FDTNDATAQYW2 false',
  '@\t172800\tIN\tNS\tns-101.awsdns-12.com.',
  'api\t60\tIN\tA\t198.51.100.10 ; AWS routing="WEIGHTED" weight=70 identifier="blue"',
  'api\t60\tIN\tA\t198.51.100.20 ; AWS routing="WEIGHTED" weight=30 identifier="green"',
  'checkout\t86400\tAWS\tALIAS\tA api $self false',
  'gone\t86400\tAWS\tALIAS\tA nothing $self false',
  '',
].join('\n');

const AZ = [
  '',
  '; Exported zone file from Azure DNS',
  ';      Zone name: contoso.example',
  ';      Resource Group Name: dns-rg',
  '',
  '$TTL 300',
  '$ORIGIN contoso.example.',
  '    ',
  '@ 3600 IN SOA ns1-01.azure-dns.com. azuredns-hostmaster.microsoft.com. ( 1 3600 300 2419200 300 )',
  '',
  '  60 AZURE ALIAS A /subscriptions/00000000-0000-4000-8000-000000000001/resourceGroups/dns-rg/providers/Microsoft.Network/dnszones/contoso.example/A/origin',
  '',
  'origin 300 IN A 192.0.2.10',
  '',
  'tm 300 AZURE ALIAS CNAME /subscriptions/00000000-0000-4000-8000-000000000001/resourceGroups/dns-rg/providers/Microsoft.Network/trafficManagerProfiles/contoso-tm',
  '',
].join('\n');

describe('POST /api/migrate with a zone file from cli53 or az', () => {
  it('lands the translated aliases, tells the notes, fails the lines it cannot carry, and converges', async () => {
    const zones = [
      { name: 'shop.example', zoneFile: CLI53 },
      { name: 'contoso.example', zoneFile: AZ },
    ];
    const { status, events } = await stack().migrate({ zones });
    expect(status).toBe(200);
    expect(heldLines(stack().sim, 'shop.example')).toEqual([
      'A api.shop.example 198.51.100.10 60',
      'A api.shop.example 198.51.100.20 60',
      'A checkout.shop.example 198.51.100.10 60',
      'A checkout.shop.example 198.51.100.20 60',
      'CNAME shop.example d3abc123xyz.cloudfront.net 1',
    ]);
    expect(heldLines(stack().sim, 'contoso.example')).toEqual([
      'A contoso.example 192.0.2.10 60',
      'A origin.contoso.example 192.0.2.10 300',
    ]);
    expect(zoneComplete(events, 'shop.example')).toMatchObject({ created: 5, failed: 1 });
    expect(zoneComplete(events, 'contoso.example')).toMatchObject({ created: 2, failed: 1 });

    const infos = events.filter((e) => e.type === 'info' && e.zone === 'shop.example').map((e) => ('message' in e ? e.message : ''));
    expect(infos).toContain(
      'line 5: A api: weighted routing is not carried (record sets blue, green); the target answers with the values of all of them together',
    );
    const errors = events.filter((e) => e.type === 'error').map((e) => ('message' in e ? e.message : ''));
    expect(errors.some((m) => /line 8 ✗ alias target A nothing\.shop\.example does not exist in this zone$/.test(m))).toBe(true);
    expect(errors.some((m) => /line 15 ✗ Azure alias record set: alias to Traffic Manager profile contoso-tm: /.test(m))).toBe(true);

    const again = await stack().migrate({ zones });
    expect(zoneComplete(again.events, 'shop.example')).toMatchObject({ created: 0, failed: 1 });
    expect(zoneComplete(again.events, 'contoso.example')).toMatchObject({ created: 0, failed: 1 });
  });
});
