import { describe, expect, it } from 'vitest';
import { parseZoneFile } from '@dnsferry/shared';

// A zone written the way `cli53 export` writes it (barnybug/cli53 bind.go / awsrr.go): `$ORIGIN`, then
// one tab-separated line per record, the apex first; aliases as class AWS type ALIAS with TTL 86400,
// `$self` for this hosted zone (targets relative to $ORIGIN); routed sets with an `; AWS …` comment.
const CLI53 = [
  '$ORIGIN shop.example.',
  '@\t900\tIN\tSOA\tns-101.awsdns-12.com. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400',
  '@\t86400\tAWS\tALIAS\tA d3abc123xyz.cloudfront.net. Z2FDTNDATAQYW2 false',
  '@\t86400\tAWS\tALIAS\tAAAA d3abc123xyz.cloudfront.net. Z2FDTNDATAQYW2 false',
  '@\t172800\tIN\tNS\tns-101.awsdns-12.com.',
  'api\t60\tIN\tA\t198.51.100.10 ; AWS routing="WEIGHTED" weight=70 identifier="blue"',
  'api\t60\tIN\tA\t198.51.100.20 ; AWS routing="WEIGHTED" weight=30 identifier="green"',
  'app\t86400\tAWS\tALIAS\tA dualstack.shop-lb-42.eu-west-1.elb.amazonaws.com. Z32O12XQLNTSW2 true',
  'assets\t86400\tAWS\tALIAS\tA s3-website-eu-west-1.amazonaws.com. Z1BKCTXD74EZPE false',
  'checkout\t86400\tAWS\tALIAS\tA api $self false',
  'eu\t86400\tAWS\tALIAS\tA api $self false ; AWS routing="GEOLOCATION" continentCode="EU" identifier="europe"',
  'eu\t300\tIN\tA\t192.0.2.55 ; AWS routing="GEOLOCATION" countryCode="*" identifier="default"',
  'gone\t86400\tAWS\tALIAS\tA nothing $self false',
  'status\t60\tIN\tA\t203.0.113.1 ; AWS routing="FAILOVER" failover="PRIMARY" healthCheckId="0f1e2d3c-0000-4000-8000-000000000001" identifier="primary"',
  'status\t60\tIN\tA\t203.0.113.2 ; AWS routing="FAILOVER" failover="SECONDARY" identifier="standby"',
  'www\t86400\tAWS\tALIAS\tA @ $self false',
  '',
].join('\n');

const held = (text: string) =>
  parseZoneFile(text, 'shop.example')
    .records.filter((r) => r.type !== 'SOA' && r.type !== 'NS')
    .map((r) => `${r.type} ${r.name} ${r.content} ${r.ttl}`)
    .sort();

describe('parseZoneFile on a cli53 export', () => {
  it('translates aliases as the Route 53 source does: same-zone data, a CNAME to an AWS target', () => {
    expect(held(CLI53)).toEqual([
      // the apex's A and AAAA aliases to CloudFront are one CNAME, flattened by the target
      'A api 198.51.100.10 60',
      'A api 198.51.100.20 60',
      // an alias to a weighted name answers with all its values, with their TTL
      'A checkout 198.51.100.10 60',
      'A checkout 198.51.100.20 60',
      'A eu 192.0.2.55 300',
      'A eu 198.51.100.10 60',
      'A eu 198.51.100.20 60',
      'A status 203.0.113.1 60',
      'A status 203.0.113.2 60',
      'CNAME @ d3abc123xyz.cloudfront.net 1',
      'CNAME app dualstack.shop-lb-42.eu-west-1.elb.amazonaws.com 1',
      // an S3 website answers for the bucket named as the record
      'CNAME assets assets.shop.example.s3-website-eu-west-1.amazonaws.com 1',
      // an alias to an alias: the CNAME its target became, under its own name
      'CNAME www d3abc123xyz.cloudfront.net 1',
    ]);
  });

  it('says what it translated and what is not carried, on the lines that say it', () => {
    const { notes, issues } = parseZoneFile(CLI53, 'shop.example');
    expect(notes).toEqual(
      expect.arrayContaining([
        {
          line: 3,
          message:
            'Alias A @ → CloudFront distribution d3abc123xyz.cloudfront.net: migrated as CNAME to d3abc123xyz.cloudfront.net (flattened at the apex by the target), TTL automatic',
        },
        {
          line: 6,
          message:
            'A api: weighted routing is not carried (record sets blue, green); the target answers with the values of all of them together',
        },
        {
          line: 8,
          message:
            'Alias A app → load balancer dualstack.shop-lb-42.eu-west-1.elb.amazonaws.com: migrated as CNAME to dualstack.shop-lb-42.eu-west-1.elb.amazonaws.com, TTL automatic',
        },
        {
          line: 10,
          message:
            'Alias A checkout → A api of this zone: copied its 2 record(s) (all values of its weighted set); later changes to it will not follow',
        },
        {
          line: 11,
          message:
            'A eu: geolocation routing is not carried (record sets europe, default); the target answers with the values of all of them together',
        },
        {
          line: 14,
          message:
            'A status: failover routing is not carried (record sets primary, standby); the target answers with the values of all of them together, the secondary too while the primary is healthy',
        },
        {
          line: 14,
          message: 'A status: health checks are not carried (1 record set(s)); the target answers whether or not the endpoints are healthy',
        },
        { line: 16, message: 'Alias A www → A @ of this zone: copied its 1 record(s); later changes to it will not follow' },
      ]),
    );
    expect(issues).toEqual([
      {
        line: 13,
        text: 'gone\t86400\tAWS\tALIAS\tA nothing $self false',
        message: 'alias target A nothing.shop.example does not exist in this zone',
      },
    ]);
  });

  it('reads `cli53 export --full`: absolute names, and the target of a $self alias too', () => {
    const full = [
      '$ORIGIN shop.example.',
      'origin.shop.example.\t300\tIN\tA\t192.0.2.10',
      'web.shop.example.\t86400\tAWS\tALIAS\tA origin.shop.example. $self false',
      '',
    ].join('\n');
    expect(held(full)).toEqual(['A origin 192.0.2.10 300', 'A web 192.0.2.10 300']);
  });

  it('points out AWS lines it cannot read, the Python cli53 format among them, and reads on', () => {
    const text = [
      '$ORIGIN shop.example.',
      'a\t300\tIN\tA\t192.0.2.1',
      'old\t86400\tAWS\tALIAS\tZ2FDTNDATAQYW2 d3abc123xyz.cloudfront.net.',
      'older\t300\tAWS\tA\t10 192.0.2.2 weighted-one',
      'short\t86400\tAWS\tALIAS\tA a',
      'loop1\t86400\tAWS\tALIAS\tA loop2 $self false',
      'loop2\t86400\tAWS\tALIAS\tA loop1 $self false',
      '',
    ].join('\n');
    const parsed = parseZoneFile(text, 'shop.example');
    expect(parsed.records.map((r) => `${r.type} ${r.name} ${r.content}`)).toEqual(['A a 192.0.2.1']);
    const messages = parsed.issues.map((i) => `${i.line}: ${i.message}`);
    expect(messages[0]).toMatch(/^3: a line of class AWS as the Python cli53 of before 0\.6/);
    expect(messages[1]).toMatch(/^4: a line of class AWS as the Python cli53 of before 0\.6/);
    expect(messages[2]).toMatch(/^5: an AWS ALIAS line \(cli53\) is `name TTL AWS ALIAS <type> <target>/);
    expect(messages[3]).toBe('6: alias to A loop2, whose alias to A loop1, whose alias chain loops back on itself');
    expect(messages).toHaveLength(5);
  });

  it('leaves a file without cli53 lines as it was', () => {
    const plain = '$ORIGIN shop.example.\nwww 300 IN A 192.0.2.1 ; an ordinary comment\n';
    expect(parseZoneFile(plain, 'shop.example')).toEqual({
      origin: 'shop.example',
      records: [{ type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' }],
      lines: [2],
      issues: [],
      notes: [],
    });
  });
});
