import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { result, startClient, type Client } from './helpers';

type Rec = {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied: boolean;
  proxiable: boolean;
  priority?: number;
  data?: Record<string, unknown>;
};

describe('DNS record validation and storage', () => {
  let c: Client;
  let zoneId: string;
  const post = (body: unknown, zone = zoneId) => c.call('POST', `/zones/${zone}/dns_records`, body);
  const create = async (body: unknown, zone = zoneId) => result<Rec>(await post(body, zone));
  const failPost = (status: number, code: number, body: unknown, zone = zoneId) =>
    c.fail(status, code, 'POST', `/zones/${zone}/dns_records`, body);

  beforeAll(async () => {
    c = await startClient();
    zoneId = await c.zone('records.example');
  });
  afterAll(() => c.close());

  it('names: FQDN, relative, @ and trailing dot all store the lower-case FQDN; IDN becomes punycode', async () => {
    expect((await create({ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 })).name).toBe('records.example');
    expect((await create({ type: 'A', name: 'WWW', content: '192.0.2.1', ttl: 300 })).name).toBe('www.records.example');
    expect((await create({ type: 'A', name: 'api.records.example.', content: '192.0.2.1', ttl: 300 })).name).toBe('api.records.example');
    expect((await create({ type: 'A', name: 'deep.sub', content: '192.0.2.1', ttl: 300 })).name).toBe('deep.sub.records.example');
    expect((await create({ type: 'A', name: 'bücher', content: '192.0.2.1', ttl: 300 })).name).toBe('xn--bcher-kva.records.example');
    expect((await create({ type: 'A', name: '*.wild', content: '192.0.2.1', ttl: 300 })).name).toBe('*.wild.records.example');
    await failPost(400, 9000, { type: 'A', name: 'bad..name', content: '192.0.2.1', ttl: 300 });
    await failPost(400, 9000, { type: 'A', name: 'elsewhere.org.', content: '192.0.2.1', ttl: 300 });
    await failPost(400, 9000, { type: 'A', name: `${'x'.repeat(64)}`, content: '192.0.2.1', ttl: 300 });
    await failPost(400, 9100, { type: 'A', content: '192.0.2.1', ttl: 300 });
  });

  it('A must be a dotted-quad IPv4 (9005)', async () => {
    for (const bad of ['1.1', '256.1.1.1', '010.0.0.1', '2001:db8::1', 'host.example', ''])
      await failPost(400, 9005, { type: 'A', name: 'a4', content: bad, ttl: 300 });
  });

  it('AAAA is canonicalised (RFC 5952) and validated (9006)', async () => {
    expect((await create({ type: 'AAAA', name: 'v6a', content: 'fe80::0:0:1', ttl: 300 })).content).toBe('fe80::1');
    expect((await create({ type: 'AAAA', name: 'v6b', content: '2001:0DB8:0000:0000:0001:0000:0000:0001', ttl: 300 })).content).toBe(
      '2001:db8::1:0:0:1',
    );
    expect((await create({ type: 'AAAA', name: 'v6c', content: '2001:db8:0:1:1:1:1:1', ttl: 300 })).content).toBe('2001:db8:0:1:1:1:1:1');
    for (const bad of ['192.0.2.1', '2001:db8:::1', 'gggg::1'])
      await failPost(400, 9006, { type: 'AAAA', name: 'v6bad', content: bad, ttl: 300 });
  });

  it('ttl is 1 or 60..86400 (9021); default 1', async () => {
    expect((await create({ type: 'A', name: 'ttl-default', content: '192.0.2.2' })).ttl).toBe(1);
    expect((await create({ type: 'A', name: 'ttl60', content: '192.0.2.2', ttl: 60 })).ttl).toBe(60);
    expect((await create({ type: 'A', name: 'ttlmax', content: '192.0.2.2', ttl: 86400 })).ttl).toBe(86400);
    for (const bad of [0, 2, 30, 59, 86401, 300.5, '300'])
      await failPost(400, 9021, { type: 'A', name: 'ttlbad', content: '192.0.2.2', ttl: bad });
  });

  it('TTL minimum is 30 on Enterprise zones', async () => {
    const ent = c.sim.addZone({ accountId: c.seed.accountId, name: 'ent.example', plan: 'enterprise' }).id;
    expect((await create({ type: 'A', name: 'x', content: '192.0.2.2', ttl: 30 }, ent)).ttl).toBe(30);
    await failPost(400, 9021, { type: 'A', name: 'y', content: '192.0.2.2', ttl: 29 }, ent);
  });

  it('proxied: only A/AAAA/CNAME (9004), forces ttl 1, refused for non-public addresses', async () => {
    const r = await create({ type: 'A', name: 'proxied', content: '203.0.113.5', ttl: 300, proxied: true });
    expect(r).toMatchObject({ proxied: true, proxiable: true, ttl: 1 });
    await failPost(400, 9004, { type: 'TXT', name: 'p', content: 'x', ttl: 300, proxied: true });
    await failPost(400, 9004, { type: 'MX', name: 'p', content: 'mx.example.net', priority: 1, ttl: 300, proxied: true });
    const priv = await create({ type: 'A', name: 'private', content: '10.0.0.1', ttl: 300 });
    expect(priv.proxiable).toBe(false);
    await failPost(400, 9004, { type: 'A', name: 'private2', content: '10.0.0.2', ttl: 300, proxied: true });
    expect((await create({ type: 'TXT', name: 'np', content: 'x', ttl: 300 })).proxiable).toBe(false);
  });

  it('MX: priority required (9100), 0..65535 (9008), host name content (9009)', async () => {
    const mx = await create({ type: 'MX', name: '@', content: 'MX1.Example.NET.', priority: 0, ttl: 300 });
    expect(mx).toMatchObject({ content: 'mx1.example.net', priority: 0 });
    await failPost(400, 9100, { type: 'MX', name: '@', content: 'mx.example.net', ttl: 300 });
    await failPost(400, 9008, { type: 'MX', name: '@', content: 'mx.example.net', priority: 70000, ttl: 300 });
    await failPost(400, 9009, { type: 'MX', name: '@', content: '192.0.2.1', priority: 10, ttl: 300 });
  });

  it('SRV: data required, legacy service/proto/name rejected, content formatted by the server', async () => {
    const srv = await create({
      type: 'SRV',
      name: '_sip._tcp',
      ttl: 300,
      data: { priority: 10, weight: 20, port: 5060, target: 'SIP.example.net.' },
    });
    expect(srv).toMatchObject({
      name: '_sip._tcp.records.example',
      content: '20 5060 sip.example.net',
      priority: 10,
      data: { priority: 10, weight: 20, port: 5060, target: 'sip.example.net' },
    });
    const a = await failPost(400, 9101, {
      type: 'SRV',
      name: '_sip._udp',
      ttl: 300,
      data: { service: '_sip', proto: '_udp', name: 'records.example', priority: 1, weight: 1, port: 5060, target: 'x.example.net' },
    });
    expect((a.body.errors as Array<{ message: string }>)[0]?.message).toContain(
      "SRV data fields 'service', 'proto' and 'name' are no longer supported",
    );
    await failPost(400, 9100, { type: 'SRV', name: '_sip._tcp', ttl: 300, content: '10 20 5060 sip.example.net' });
    await failPost(400, 9101, {
      type: 'SRV',
      name: '_sip._tcp',
      ttl: 300,
      data: { priority: 1, weight: 1, port: 70000, target: 'x.example.net' },
    });
    await failPost(400, 9102, { type: 'SRV', name: 'sip', ttl: 300, data: { priority: 1, weight: 1, port: 1, target: 'x.example.net' } });
    expect(
      (await create({ type: 'SRV', name: '_null._tcp', ttl: 300, data: { priority: 0, weight: 0, port: 0, target: '.' } })).content,
    ).toBe('0 0 .');
  });

  it('CAA: data{flags,tag,value}, content formatted', async () => {
    const caa = await create({
      type: 'CAA',
      name: '@',
      ttl: 300,
      data: { flags: 128, tag: 'issuewild', value: 'ca.example.net; account=1' },
    });
    expect(caa).toMatchObject({
      content: '128 issuewild "ca.example.net; account=1"',
      data: { flags: 128, tag: 'issuewild', value: 'ca.example.net; account=1' },
    });
    await failPost(400, 9111, { type: 'CAA', name: '@', ttl: 300, data: { flags: 256, tag: 'issue', value: 'x' } });
    await failPost(400, 9111, { type: 'CAA', name: '@', ttl: 300, data: { flags: 0, tag: 'bogus', value: 'x' } });
    await failPost(400, 9100, { type: 'CAA', name: '@', ttl: 300, content: '0 issue "x"' });
  });

  it('CNAME: must not point at itself; unknown types are refused; bodies must be JSON objects', async () => {
    await failPost(400, 9039, { type: 'CNAME', name: 'loop', content: 'loop.records.example', ttl: 300 });
    await failPost(400, 9007, { type: 'CNAME', name: 'cip', content: '192.0.2.1', ttl: 300 });
    await failPost(400, 9020, { type: 'SPF', name: 'x', content: 'v=spf1', ttl: 300 });
    await failPost(400, 9020, { name: 'x', content: 'v=spf1', ttl: 300 });
    await failPost(400, 9207, [1, 2]);
    const raw = await fetch(`${c.sim.url}/zones/${zoneId}/dns_records`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.seed.token}`, 'Content-Type': 'application/json' },
      body: '{bad',
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(6007);
    const noCt = await fetch(`${c.sim.url}/zones/${zoneId}/dns_records`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${c.seed.token}` },
      body: JSON.stringify({ type: 'A', name: 'x', content: '192.0.2.1' }),
    });
    expect(noCt.status).toBe(400);
    expect(((await noCt.json()) as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(9207);
  });

  it('an apex CNAME (flattened) sits beside MX and TXT, never beside A/AAAA (81053, 81054), as cloudflare-api.md says', async () => {
    const apex = await c.zone('apex-flattened.example');
    expect((await create({ type: 'MX', name: '@', content: 'mail.example.net', priority: 10, ttl: 300 }, apex)).type).toBe('MX');
    expect((await create({ type: 'CNAME', name: '@', content: 'app.host.example', ttl: 300 }, apex)).name).toBe('apex-flattened.example');
    expect((await create({ type: 'TXT', name: '@', content: '"v=spf1 -all"', ttl: 300 }, apex)).type).toBe('TXT');
    await failPost(400, 81054, { type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }, apex);
    await failPost(400, 81054, { type: 'AAAA', name: '@', content: '2001:db8::1', ttl: 300 }, apex);
    await failPost(400, 81053, { type: 'CNAME', name: '@', content: 'other.host.example', ttl: 300 }, apex);
  });

  it('NS at the apex is refused; NS-delegated names take nothing else (81056)', async () => {
    await failPost(400, 9023, { type: 'NS', name: '@', content: 'ns1.other.net', ttl: 300 });
    await create({ type: 'NS', name: 'deleg', content: 'ns1.other.net', ttl: 300 });
    await create({ type: 'NS', name: 'deleg', content: 'ns2.other.net', ttl: 300 });
    await failPost(400, 81056, { type: 'A', name: 'deleg', content: '192.0.2.1', ttl: 300 });
    await failPost(400, 81056, { type: 'TXT', name: 'deleg', content: 'x', ttl: 300 });
    await failPost(400, 81056, { type: 'A', name: 'host.deleg', content: '192.0.2.1', ttl: 300 });
    await create({ type: 'TXT', name: 'withtxt', content: 'x', ttl: 300 });
    await failPost(400, 81055, { type: 'NS', name: 'withtxt', content: 'ns1.other.net', ttl: 300 });
  });

  it('CNAME conflicts: 81053 (CNAME where A/AAAA/CNAME exists), 81054 (A/AAAA where CNAME exists)', async () => {
    await create({ type: 'A', name: 'c1', content: '192.0.2.1', ttl: 300 });
    await failPost(400, 81053, { type: 'CNAME', name: 'c1', content: 'x.example.net', ttl: 300 });
    await create({ type: 'CNAME', name: 'c2', content: 'x.example.net', ttl: 300 });
    await failPost(400, 81053, { type: 'CNAME', name: 'c2', content: 'y.example.net', ttl: 300 });
    await failPost(400, 81054, { type: 'A', name: 'c2', content: '192.0.2.1', ttl: 300 });
    await failPost(400, 81054, { type: 'AAAA', name: 'c2', content: '2001:db8::1', ttl: 300 });
    // Apex CNAME is allowed (flattened).
    const apex = await c.zone('apex-cname.example');
    await create({ type: 'CNAME', name: '@', content: 'target.example.net', ttl: 300 }, apex);
  });

  it('identical records: 81058 "An identical record already exists." (ttl/proxied do not matter; case does not either)', async () => {
    await create({ type: 'A', name: 'dup', content: '192.0.2.7', ttl: 300 });
    const a = await failPost(400, 81058, { type: 'A', name: 'DUP.records.example.', content: '192.0.2.7', ttl: 600 });
    expect((a.body.errors as Array<{ message: string }>)[0]?.message).toBe('An identical record already exists.');
    await create({ type: 'A', name: 'dup', content: '192.0.2.8', ttl: 300 });
    await create({ type: 'MX', name: 'dup', content: 'mx.example.net', priority: 10, ttl: 300 });
    await create({ type: 'MX', name: 'dup', content: 'mx.example.net', priority: 20, ttl: 300 });
    await failPost(400, 81058, { type: 'MX', name: 'dup', content: 'MX.example.net', priority: 10, ttl: 300 });
  });

  it('PUT replaces (unset fields reset), PATCH merges, type changes are refused, unknown ids 404/81044', async () => {
    const r = await create({ type: 'A', name: 'edit', content: '203.0.113.1', ttl: 300, proxied: true, comment: 'keep?' });
    const put = result<Rec & { comment: string | null }>(
      await c.call('PUT', `/zones/${zoneId}/dns_records/${r.id}`, { type: 'A', name: 'edit', content: '203.0.113.2', ttl: 600 }),
    );
    expect(put).toMatchObject({ content: '203.0.113.2', proxied: false, ttl: 600, comment: null });
    const patch = result<Rec>(await c.call('PATCH', `/zones/${zoneId}/dns_records/${r.id}`, { proxied: true }));
    expect(patch).toMatchObject({ content: '203.0.113.2', proxied: true, ttl: 1 });
    await c.fail(400, 9031, 'PATCH', `/zones/${zoneId}/dns_records/${r.id}`, { type: 'AAAA', content: '2001:db8::1' });
    await c.fail(404, 81044, 'GET', `/zones/${zoneId}/dns_records/${'f'.repeat(32)}`);
    await c.fail(404, 81044, 'DELETE', `/zones/${zoneId}/dns_records/${'f'.repeat(32)}`);
    await c.fail(404, 81044, 'PATCH', `/zones/${zoneId}/dns_records/${'f'.repeat(32)}`, { ttl: 300 });
  });

  it('comments, tags (paid plans only) and settings', async () => {
    await failPost(400, 9301, { type: 'TXT', name: 'cm', content: 'x', ttl: 300, comment: 'a\nb' });
    await failPost(400, 9302, { type: 'TXT', name: 'cm', content: 'x', ttl: 300, tags: ['team:dns'] });
    const pro = c.sim.addZone({ accountId: c.seed.accountId, name: 'pro.example', plan: 'pro' }).id;
    const r = result<{ tags: string[]; comment: string; tags_modified_on?: string; comment_modified_on?: string }>(
      await post({ type: 'TXT', name: 'cm', content: 'x', ttl: 300, tags: ['Team:DNS'], comment: 'migrated' }, pro),
    );
    expect(r).toMatchObject({ tags: ['team:DNS'], comment: 'migrated' });
    expect(r.tags_modified_on).toBeDefined();
    expect(r.comment_modified_on).toBeDefined();
    const cname = await create({ type: 'CNAME', name: 'flat', content: 'x.example.net', ttl: 300 });
    expect((cname as unknown as { settings: unknown }).settings).toEqual({ flatten_cname: false });
    await failPost(400, 9303, { type: 'CNAME', name: 'flat2', content: 'x.example.net', ttl: 300, settings: { flatten_cname: true } });
  });
});

describe('TXT storage', () => {
  let c: Client;
  let zoneId: string;
  beforeAll(async () => {
    c = await startClient();
    zoneId = await c.zone('txt.example');
  });
  afterAll(() => c.close());
  const create = async (content: string, name = 'txt') =>
    result<Rec>(await c.call('POST', `/zones/${zoneId}/dns_records`, { type: 'TXT', name, content, ttl: 300 }));

  it('unquoted content is stored and returned exactly as sent', async () => {
    const v = 'v=spf1 include:_spf.example.net "odd" -all';
    expect((await create(v, 'raw1')).content).toBe(v);
    const long = 'k'.repeat(400);
    expect((await create(long, 'raw2')).content).toBe(long);
  });

  it('quoted content is parsed as RFC 1035 strings and re-quoted; strings over 255 octets come back split', async () => {
    expect((await create('"v=spf1 -all"', 'q1')).content).toBe('"v=spf1 -all"');
    expect((await create('"a"   "b"', 'q2')).content).toBe('"a" "b"');
    expect((await create('"say \\"hi\\" \\\\ ok"', 'q3')).content).toBe('"say \\"hi\\" \\\\ ok"');
    const long = 'x'.repeat(300);
    const split = (await create(`"${long}"`, 'q4')).content;
    expect(split).toBe(`"${'x'.repeat(255)}" "${'x'.repeat(45)}"`);
    // Split points respect UTF-8 sequences (255 octets, not characters).
    const utf = 'é'.repeat(200); // 400 octets
    const parts = /^"(.*)" "(.*)"$/.exec((await create(`"${utf}"`, 'q5')).content);
    expect(Buffer.byteLength(parts?.[1] ?? '')).toBeLessThanOrEqual(255);
    expect((parts?.[1] ?? '') + (parts?.[2] ?? '')).toBe(utf);
  });

  it('unbalanced quotes are refused', async () => {
    for (const bad of ['"this', '"these" ones"', '"a"b'])
      await c.fail(400, 9016, 'POST', `/zones/${zoneId}/dns_records`, { type: 'TXT', name: 'bad', content: bad, ttl: 300 });
  });

  it('2,048 characters per record; 8,192 combined per name', async () => {
    await c.fail(400, 9015, 'POST', `/zones/${zoneId}/dns_records`, { type: 'TXT', name: 'big', content: 'y'.repeat(2049), ttl: 300 });
    for (let i = 0; i < 4; i++) await create(`${i}${'z'.repeat(2000)}`, 'many');
    await c.fail(400, 83011, 'POST', `/zones/${zoneId}/dns_records`, { type: 'TXT', name: 'many', content: 'w'.repeat(200), ttl: 300 });
  });

  it('list filters on name/content are case-insensitive; name.exact and content.exact work', async () => {
    await create('Hello World', 'filter');
    const byName = result<Rec[]>(await c.call('GET', `/zones/${zoneId}/dns_records?name=FILTER.txt.example`));
    expect(byName.map((r) => r.content)).toEqual(['Hello World']);
    const exact = result<Rec[]>(await c.call('GET', `/zones/${zoneId}/dns_records?name.exact=filter.txt.example&type=TXT`));
    expect(exact).toHaveLength(1);
    const content = result<Rec[]>(await c.call('GET', `/zones/${zoneId}/dns_records?content.exact=hello%20world`));
    expect(content.map((r) => r.name)).toEqual(['filter.txt.example']);
    const any = result<Rec[]>(await c.call('GET', `/zones/${zoneId}/dns_records?match=any&name=q1.txt.example&name=q2.txt.example`));
    expect(any.map((r) => r.name).sort()).toEqual(['q1.txt.example', 'q2.txt.example']);
    const none = result<Rec[]>(await c.call('GET', `/zones/${zoneId}/dns_records?name=q1.txt.example&type=A`));
    expect(none).toEqual([]);
  });
});
