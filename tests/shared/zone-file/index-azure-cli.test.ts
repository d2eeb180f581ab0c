import { describe, expect, it } from 'vitest';
import { parseZoneFile } from '@dnsferry/shared';

// A zone written the way `az network dns zone export` writes it (azure-cli network/custom.py export_zone,
// zone_file/make_zone_file.py and record_processors.py): a comment header, `$TTL` (the SOA's minimum),
// `$ORIGIN`, then each name's records, the name blanked out (spaces) after its first line, a blank line
// after each type; an alias record set as `name TTL AZURE ALIAS <type> <target resource id>`.
const SUB = '/subscriptions/00000000-0000-4000-8000-000000000001';
const RG = `${SUB}/resourceGroups/dns-rg/providers`;
const AZ = [
  '',
  '; Exported zone file from Azure DNS',
  ';      Zone name: contoso.example',
  ';      Resource Group Name: dns-rg',
  ';      Date and time (UTC): Sat, 28 Nov 2026 02:30:00 +0000',
  '',
  '$TTL 300',
  '$ORIGIN contoso.example.',
  '    ',
  '@ 3600 IN SOA ns1-01.azure-dns.com. azuredns-hostmaster.microsoft.com. (',
  '              1 ; serial',
  '              3600 ; refresh',
  '              300 ; retry',
  '              2419200 ; expire',
  '              300 ; minimum',
  '              )',
  '',
  '  172800 IN NS ns1-01.azure-dns.com.',
  '',
  `  60 AZURE ALIAS A ${RG}/Microsoft.Network/dnszones/contoso.example/A/origin`, // 20
  '',
  'cdn 300 AZURE ALIAS CNAME ' + `${RG}/Microsoft.Cdn/profiles/cdn/endpoints/contoso`, // 22
  '',
  'empty 3600 IN A ', // 24
  '',
  `mirror 600 AZURE ALIAS A ${RG}/Microsoft.Network/dnszones/contoso.example/A/@`, // 26
  '',
  'origin 300 IN A 192.0.2.10', // 28
  '       300 IN A 192.0.2.11',
  '',
  `other 300 AZURE ALIAS A ${RG}/Microsoft.Network/dnszones/fabrikam.example/A/www`, // 31
  '',
  'sip 3600 IN NAPTR 10 20 "U" "E2U+sip" "EMPTY" sip.contoso.example.', // 33
  '',
  `tm 300 AZURE ALIAS CNAME ${RG}/Microsoft.Network/trafficManagerProfiles/contoso-tm`, // 35
  '',
  `www 120 AZURE ALIAS A ${RG}/Microsoft.Network/publicIPAddresses/web-ip`, // 37
  '',
].join('\n');

describe('parseZoneFile on an Azure CLI export', () => {
  const parsed = parseZoneFile(AZ, 'contoso.example');

  it('translates an alias to a record set of the zone as the Azure source does: its records, with the alias TTL', () => {
    const held = parsed.records.filter((r) => r.type !== 'SOA' && r.type !== 'NS').map((r) => `${r.type} ${r.name} ${r.content} ${r.ttl}`);
    expect(held.sort()).toEqual([
      'A @ 192.0.2.10 60',
      'A @ 192.0.2.11 60',
      // an alias to the apex's alias: what that one became, with its own TTL
      'A mirror 192.0.2.10 600',
      'A mirror 192.0.2.11 600',
      'A origin 192.0.2.10 300',
      'A origin 192.0.2.11 300',
      // the export's "EMPTY" regexp is the empty one
      'NAPTR sip 10 20 "U" "E2U+sip" "" sip.contoso.example 3600',
    ]);
    expect(parsed.notes).toEqual(
      expect.arrayContaining([
        { line: 20, message: 'Alias A @ → record set A origin: copied its 2 record(s); later changes to it will not follow' },
        { line: 26, message: 'Alias A mirror → record set A @: copied its 2 record(s); later changes to it will not follow' },
        { line: 33, message: 'the regexp "EMPTY" is how the Azure CLI writes an empty one: read as ""' },
      ]),
    );
  });

  it('points out, each on its line, what the file alone cannot tell', () => {
    expect(parsed.issues.map((i) => [i.line, i.message])).toEqual([
      [
        22,
        'Azure alias record set: alias to microsoft.cdn/profiles/endpoints "cdn/contoso" cannot be carried over (only aliases to record sets of this zone, Traffic Manager profiles and public IPs are resolved); create the record by hand, e.g. a CNAME to the endpoint\'s host name',
      ],
      [24, expect.stringMatching(/^an empty A record set as the Azure CLI exports it: .*exported without its target/)],
      [
        31,
        'Azure alias record set: alias to a record set in another zone (fabrikam.example) cannot be carried over; create the records by hand',
      ],
      [
        35,
        expect.stringMatching(
          /^Azure alias record set: alias to Traffic Manager profile contoso-tm: its DNS name is not in the zone file; migrate this zone with Azure DNS as the source/,
        ),
      ],
      [37, expect.stringMatching(/^Azure alias record set: alias to public IP web-ip: its address is not in the zone file/)],
    ]);
  });

  it('compares the resource group the header names: an alias to the same zone name elsewhere is another zone', () => {
    const elsewhere = AZ.replace(
      `${RG}/Microsoft.Network/dnszones/contoso.example/A/origin`,
      `${SUB}/resourceGroups/old-rg/providers/Microsoft.Network/dnszones/contoso.example/A/origin`,
    );
    const issue = parseZoneFile(elsewhere, 'contoso.example').issues.find((i) => i.line === 20);
    expect(issue?.message).toBe(
      'Azure alias record set: alias to a record set in another zone (contoso.example) cannot be carried over; create the records by hand',
    );
  });

  it('reads "EMPTY" as the empty regexp only in an Azure export: elsewhere it is a regexp BIND refuses', () => {
    const plain = AZ.replace('; Exported zone file from Azure DNS', '; a zone');
    const parsed = parseZoneFile(plain, 'contoso.example');
    expect(parsed.records.find((r) => r.type === 'NAPTR')).toBeUndefined();
    expect(parsed.issues.find((i) => i.text.includes('NAPTR'))?.message).toMatch(/regexp/);
    // the alias lines are still read: the format is Azure's whoever wrote the file
    expect(parseZoneFile(plain, 'contoso.example').records.some((r) => r.name === 'mirror')).toBe(true);
  });
});
