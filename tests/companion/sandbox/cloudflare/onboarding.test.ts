import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseZoneFile } from '@dnsferry/shared';
import { CfError, seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/index';
import { expectView, result, startClient, type Client } from './helpers';

type Rec = {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied: boolean;
  proxiable: boolean;
  priority?: number;
};

const summary = (r: Rec) =>
  `${r.type} ${r.name} ${r.priority === undefined ? '' : `${r.priority} `}${r.content}${r.proxied ? ' proxied' : ''}`;

describe('a zone as the dashboard onboarding leaves it', () => {
  let c: Client;
  beforeAll(async () => {
    c = await startClient();
  });
  afterAll(() => c.close());

  /** The zone's records as a client reads them: through the API, with the demo token. */
  const listed = async (zoneId: string) => {
    const res = await c.call('GET', `/zones/${zoneId}/dns_records?per_page=100`);
    expectView('GET /zones/{zone_id}/dns_records', res.body);
    return result<Rec[]>(res);
  };

  it('holds the web hosts proxied, the rest DNS only, all at TTL 1, with the three traps', async () => {
    const zone = seedOnboardedZone(c.sim, { accountId: c.seed.accountId, name: 'onboarded.example' });
    const records = await listed(zone.id);
    expect(records.map(summary).sort()).toEqual([
      'A mail.onboarded.example 93.184.216.34 proxied',
      'A onboarded.example 192.0.2.1 proxied',
      'A www.onboarded.example 203.0.113.9 proxied',
      'MX onboarded.example 10 mail.onboarded.example',
      'TXT _dmarc.onboarded.example "v=DMARC1; p=none"',
      'TXT onboarded.example "v=spf1 include:old.example -all"',
    ]);
    expect(records.every((r) => r.ttl === 1)).toBe(true);
    expect(records.map((r) => r.id).sort()).toEqual(zone.records.map((r) => r.id).sort());
  });

  it('is an active zone of the account, found by name', async () => {
    const zone = seedOnboardedZone(c.sim, { accountId: c.seed.accountId, name: 'found.example' });
    const zones = result<Array<{ id: string; status: string; account: { id: string } }>>(await c.call('GET', '/zones?name=found.example'));
    expect(zones).toMatchObject([{ id: zone.id, status: 'active', account: { id: c.seed.accountId } }]);
  });

  it('proxies as the scan does: A/AAAA/CNAME at @ and www when the address can be, unless told otherwise', async () => {
    const zone = seedOnboardedZone(c.sim, {
      accountId: c.seed.accountId,
      name: 'rules.example',
      records: [
        { type: 'A', name: '@', content: '10.0.0.5' },
        { type: 'AAAA', name: '@', content: '2001:db8::5' },
        { type: 'CNAME', name: 'www', content: 'shop.platform.example' },
        { type: 'A', name: 'api', content: '198.51.100.7' },
        { type: 'A', name: 'cdn', content: '198.51.100.8', proxied: true },
        { type: 'TXT', name: '@', content: '"site-verification=abc"' },
      ],
    });
    const byName = new Map((await listed(zone.id)).map((r) => [`${r.type} ${r.name}`, r]));
    // A private address cannot be proxied: the scan leaves it DNS only rather than failing.
    expect(byName.get('A rules.example')).toMatchObject({ proxied: false, proxiable: false, ttl: 1 });
    expect(byName.get('AAAA rules.example')).toMatchObject({ proxied: true, ttl: 1 });
    expect(byName.get('CNAME www.rules.example')).toMatchObject({ proxied: true, ttl: 1 });
    expect(byName.get('A api.rules.example')).toMatchObject({ proxied: false, proxiable: true, ttl: 1 });
    expect(byName.get('A cdn.rules.example')).toMatchObject({ proxied: true, ttl: 1 });
    expect(byName.get('TXT rules.example')).toMatchObject({ proxied: false, ttl: 1 });
  });

  it('keeps the simulator’s rules: a CNAME beside an address is refused as the API refuses it', () => {
    const seed = () =>
      seedOnboardedZone(c.sim, {
        accountId: c.seed.accountId,
        name: 'clash.example',
        records: [
          { type: 'A', name: 'www', content: '192.0.2.1' },
          { type: 'CNAME', name: 'www', content: 'clash.example' },
        ],
      });
    expect(seed).toThrow(CfError);
    expect(seed).toThrow(/already exists/);
  });

  it('the source’s zone file differs from the seeded zone in exactly the traps', async () => {
    const zone = seedOnboardedZone(c.sim, { accountId: c.seed.accountId, name: 'traps.example' });
    const parsed = parseZoneFile(sourceZoneFile(zone.name), zone.name);
    expect(parsed.issues).toEqual([]);
    const source = parsed.records.map((r) => `${r.type} ${r.name} ${r.content}`).sort();
    expect(source).toEqual([
      'A @ 192.0.2.1',
      'A mail 93.184.216.34',
      'A www 192.0.2.1',
      'MX @ mail.traps.example',
      'TXT @ "v=spf1 include:new.example -all"',
      'TXT _dmarc "v=DMARC1; p=none"',
    ]);
    const target = await listed(zone.id);
    const at = (type: string, name: string) => target.filter((r) => r.type === type && r.name === name).map((r) => r.content);
    expect(at('A', 'www.traps.example')).toEqual(['203.0.113.9']);
    expect(at('TXT', 'traps.example')).toEqual(['"v=spf1 include:old.example -all"']);
    expect(target.find((r) => r.name === 'mail.traps.example')).toMatchObject({ content: '93.184.216.34', proxied: true });
  });
});
