import type { SimKey, SimZone } from './state';
import type { Route53Simulator } from './simulator';

export interface Route53Demo {
  keys: SimKey;
  zone: SimZone;
}

/**
 * The demo's AWS account: one public hosted zone with what makes Route 53 different — an alias to
 * CloudFront, an alias to a record of the zone, a weighted pair, a wildcard — and a private zone the
 * listing leaves out. (The CloudFront alias is not at the apex: there it would become a CNAME, which
 * the apex's MX and TXT could not stand beside.)
 */
export function seedRoute53Demo(sim: Route53Simulator): Route53Demo {
  const keys = sim.addKey({ user: 'dnsferry-demo' });
  const zone = sim.addZone({ name: 'route53-example.org', comment: 'HostedZone created by Route53 Registrar' });
  const add = (input: Parameters<Route53Simulator['addRecordSet']>[1]) => sim.addRecordSet(zone, input);
  add({ name: '@', type: 'MX', TTL: 3600, values: ['10 mx1.mail.example.net.', '20 mx2.mail.example.net.'] });
  add({ name: '@', type: 'TXT', TTL: 300, values: ['"v=spf1 include:_spf.mail.example.net -all"'] });
  add({ name: 'origin', type: 'A', TTL: 300, values: ['198.51.100.20'] });
  add({ name: 'www', type: 'A', alias: { hostedZoneId: 'Z2FDTNDATAQYW2', dnsName: 'd3abcdefgh1234.cloudfront.net.' } });
  add({ name: 'app', type: 'A', alias: { hostedZoneId: zone.id, dnsName: 'origin.route53-example.org.' } });
  add({ name: 'api', type: 'A', TTL: 60, SetIdentifier: 'blue', Weight: 80, values: ['198.51.100.10'] });
  add({ name: 'api', type: 'A', TTL: 60, SetIdentifier: 'green', Weight: 20, values: ['198.51.100.11'] });
  add({ name: '*', type: 'CNAME', TTL: 300, values: ['www.route53-example.org.'] });
  sim.addZone({ name: 'corp.route53-example.org', privateZone: true });
  return { keys, zone };
}
