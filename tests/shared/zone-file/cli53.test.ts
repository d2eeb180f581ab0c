import { describe, expect, it } from 'vitest';
import { cli53Routing } from '../../../shared/src/zone-file/cli53';

describe('cli53Routing', () => {
  it.each([
    [[' AWS routing="WEIGHTED" weight=10 identifier="blue"'], { policy: 'weighted', identifier: 'blue', healthChecked: false }],
    [[' AWS routing="LATENCY" region="eu-west-1" identifier="dublin"'], { policy: 'latency', identifier: 'dublin', healthChecked: false }],
    [
      [' AWS routing="FAILOVER" failover="PRIMARY" healthCheckId="6bb57c41-879a-42d0-acdd-ed6472f08eb9" identifier="main"'],
      { policy: 'failover', identifier: 'main', healthChecked: true },
    ],
    [
      [' AWS routing="GEOLOCATION" countryCode="*" identifier="default"'],
      { policy: 'geolocation', identifier: 'default', healthChecked: false },
    ],
    [[' AWS routing="MULTIVALUE" identifier="One"'], { policy: 'multivalue answer', identifier: 'One', healthChecked: false }],
    // cli53 quotes with backslash escapes (util.go quote)
    [
      [' AWS routing="WEIGHTED" weight=1 identifier="say \\"hi\\" \\\\ bye"'],
      { policy: 'weighted', identifier: 'say "hi" \\ bye', healthChecked: false },
    ],
    // a routing cli53 does not know still marks a routed set
    [[' AWS routing="CIDR" identifier="x"'], { policy: 'routing', identifier: 'x', healthChecked: false }],
  ])('%j', (comments, routing) => {
    expect(cli53Routing(comments)).toEqual(routing);
  });

  it.each([
    [[' an ordinary comment']],
    [[' AWS no key values here']],
    [[' AWS weight=1 identifier="no routing"']],
    [[' cf_tags=cf-proxied:true']],
    [[]],
  ])('%j is not a routing comment', (comments) => {
    expect(cli53Routing(comments)).toBeUndefined();
  });
});
