import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, ScanEventSchema, type ScanEvent } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, loadConfig, type Config } from '@dnsferry/companion/config';
import { loggableProxy, proxyFor, upstreamFetch, type ProxySettings } from '@dnsferry/companion/upstream/proxy';
import { startAzureSimulator, type AzureSimulator } from '@dnsferry/companion/sandbox/azure/index';
import { SIMULATOR_CERT } from '@dnsferry/companion/sandbox/azure/tls';
import { scanDomain } from '@dnsferry/companion/scan/scanner';
import { dohEndpoints } from '../../support/dns/endpoints';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { startStack, type Stack } from '../../support/stack';
import { seedWorld } from '../providers/azure/azure-stack';

/**
 * Every upstream through a real forward proxy (tests/support/forward-proxy.ts), and around it when
 * NO_PROXY says so. The upstreams here are loopback simulators, so NO_PROXY is always set explicitly:
 * loopback gets no special treatment, and a test that expects the proxy really needs it.
 */
const authority = (url: string) => new URL(url).host;

describe('which requests go through a proxy (NO_PROXY rules)', () => {
  const settings = (noProxy: string[], extra: Partial<ProxySettings> = {}): ProxySettings => ({
    httpsProxy: 'http://proxy.corp:3128',
    httpProxy: 'http://plain.corp:8080',
    noProxy,
    ...extra,
  });
  const via = (s: ProxySettings, url: string) => proxyFor(s, new URL(url))?.host ?? 'direct';
  const table: Array<[string[], string, string]> = [
    [[], 'https://api.cloudflare.com/client/v4', 'proxy.corp:3128'],
    [[], 'http://127.0.0.1:8080/x', 'plain.corp:8080'],
    [[], 'https://127.0.0.1/x', 'proxy.corp:3128'],
    [['*'], 'https://api.cloudflare.com/', 'direct'],
    [['api.cloudflare.com'], 'https://api.cloudflare.com/', 'direct'],
    [['API.Cloudflare.com'], 'https://api.cloudflare.com/', 'direct'],
    [['cloudflare.com'], 'https://api.cloudflare.com/', 'proxy.corp:3128'],
    [['.cloudflare.com'], 'https://api.cloudflare.com/', 'direct'],
    [['*.cloudflare.com'], 'https://api.cloudflare.com/', 'direct'],
    [['.cloudflare.com'], 'https://cloudflare.com/', 'proxy.corp:3128'],
    [['.flare.com'], 'https://api.cloudflare.com/', 'proxy.corp:3128'],
    [['api.cloudflare.com:443'], 'https://api.cloudflare.com/', 'direct'],
    [['api.cloudflare.com:8443'], 'https://api.cloudflare.com/', 'proxy.corp:3128'],
    [['127.0.0.1'], 'http://127.0.0.1:8787/', 'direct'],
    [['127.0.0.1:9000'], 'http://127.0.0.1:8787/', 'plain.corp:8080'],
    [['[::1]'], 'https://[::1]:8443/', 'direct'],
    [['::1'], 'https://[::1]:8443/', 'direct'],
    [['[::1]:8443'], 'https://[::1]:8443/', 'direct'],
    [['localhost', '10.0.0.1'], 'https://127.0.0.1/', 'proxy.corp:3128'],
  ];
  for (const [noProxy, url, expected] of table) {
    it(`NO_PROXY=${noProxy.join(',') || '(empty)'}: ${url} → ${expected}`, () => {
      expect(via(settings(noProxy), url)).toBe(expected);
    });
  }

  it('https falls back to HTTP_PROXY when HTTPS_PROXY is unset (as undici does); no proxy set means direct', () => {
    expect(via({ httpProxy: 'http://plain.corp:8080', noProxy: [] }, 'https://api.cloudflare.com/')).toBe('plain.corp:8080');
    expect(via({ httpsProxy: 'http://proxy.corp:3128', noProxy: [] }, 'http://127.0.0.1/')).toBe('direct');
    expect(via({ noProxy: [] }, 'https://api.cloudflare.com/')).toBe('direct');
  });

  it('loadConfig reads both spellings, lower case first, and a proxy without a scheme as http://', () => {
    const c = loadConfig({
      HTTPS_PROXY: 'http://upper:1',
      https_proxy: 'http://lower:2',
      HTTP_PROXY: 'plain.corp:8080',
      NO_PROXY: 'a.example, .b.example  c.example',
      no_proxy: undefined,
    });
    expect(c.proxy).toEqual({
      httpsProxy: 'http://lower:2/',
      httpProxy: 'http://plain.corp:8080/',
      noProxy: ['a.example', '.b.example', 'c.example'],
    });
    expect(loadConfig({}).proxy).toEqual({ noProxy: [] });
    expect(loadConfig({ DNSFERRY_REQUEST_TIMEOUT_MS: '2500' }).requestTimeoutMs).toBe(2500);
  });

  it('a malformed proxy URL stops the start without echoing it (it may hold a password)', () => {
    expect(() => loadConfig({ HTTPS_PROXY: 'http://user:s3cret@[bad' })).toThrow(/^HTTPS_PROXY must be a proxy URL/);
    expect(() => loadConfig({ HTTPS_PROXY: 'http://user:s3cret@[bad' })).not.toThrow(/s3cret/);
    expect(() => loadConfig({ HTTPS_PROXY: 'socks5://127.0.0.1:1080' })).toThrow(/http:\/\/ or https:\/\//);
  });
});

describe('Cloudflare through the proxy', () => {
  let proxy: ForwardProxy;
  let stack: Stack;
  let sim: string;
  beforeAll(async () => {
    proxy = await startForwardProxy();
    stack = await startStack();
    sim = authority(stack.sim.url);
  });
  afterAll(async () => {
    await stack.close();
    await proxy.close();
  });

  async function validate(config: Partial<Config>) {
    const app = buildApp({ ...stack.config, logLevel: 'silent', ...config });
    const res = await app.inject({ method: 'POST', url: '/api/target/validate', payload: { targetToken: stack.seed.token } });
    await app.close();
    return res;
  }

  it('HTTP_PROXY: token validation goes through it (NO_PROXY lists other hosts only)', async () => {
    proxy.reset();
    const res = await validate({ proxy: { httpProxy: proxy.url, noProxy: ['api.cloudflare.com', '127.0.0.1:1'] } });
    expect(res.statusCode).toBe(200);
    expect(proxy.count(sim)).toBeGreaterThan(0);
  });

  it('a migration goes through it too', async () => {
    proxy.reset();
    const app = buildApp({ ...stack.config, logLevel: 'silent', proxy: { httpProxy: proxy.url, noProxy: [] } });
    const res = await app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: {
        targetToken: stack.seed.token,
        targetAccountId: stack.seed.accountId,
        zones: [{ name: 'proxied.example', records: [{ type: 'A', name: '@', content: '192.0.2.7', ttl: 300 }] }],
      },
    });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('"zone-complete"');
    expect(res.payload).toContain('"created":1');
    expect(proxy.count(sim)).toBeGreaterThan(0);
  });

  it('NO_PROXY naming the host (or host:port) bypasses it', async () => {
    for (const noProxy of [['127.0.0.1'], [sim], ['*']]) {
      proxy.reset();
      const res = await validate({ proxy: { httpProxy: proxy.url, noProxy } });
      expect(res.statusCode, noProxy.join()).toBe(200);
      expect(proxy.count(sim), noProxy.join()).toBe(0);
    }
  });

  it('a proxy that asks for credentials gets them from the proxy URL; without them the answer says so', async () => {
    const guarded = await startForwardProxy({ credentials: 'corp\\user:p@ss w0rd' });
    try {
      expect((await validate({ proxy: { httpProxy: guarded.url, noProxy: [] } })).statusCode).toBe(200);
      expect(guarded.count(sim)).toBeGreaterThan(0);
      const bare = guarded.url.replace(/\/\/[^@]+@/, '//');
      const res = await validate({ proxy: { httpProxy: bare, noProxy: [] } });
      expect(res.statusCode).toBe(502);
      expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/asks for credentials \(HTTP 407\) — put them in HTTP_PROXY/);
    } finally {
      await guarded.close();
    }
  });

  it('a proxy that refuses the host, or is not running, is named in a fast answer', async () => {
    const strict = await startForwardProxy({ refuse: () => true });
    try {
      const started = Date.now();
      const res = await validate({ proxy: { httpProxy: strict.url, noProxy: [] } });
      expect(res.statusCode).toBe(502);
      expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/the proxy 127\.0\.0\.1:\d+ refused the tunnel \(HTTP 403\)/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await strict.close();
    }
    const closed = createNetServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const res = await validate({ proxy: { httpProxy: `http://127.0.0.1:${port}`, noProxy: [] } });
    expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(
      new RegExp(`the proxy 127\\.0\\.0\\.1:${port} refused the connection — is HTTP_PROXY right`),
    );
  });
});

describe('Entra ID and ARM through the proxy', () => {
  let proxy: ForwardProxy;
  let sim: AzureSimulator;
  let world: ReturnType<typeof seedWorld>;
  beforeAll(async () => {
    proxy = await startForwardProxy();
    sim = await startAzureSimulator();
    world = seedWorld(sim);
  });
  afterAll(async () => {
    await sim.close();
    await proxy.close();
  });

  async function validate(settings: ProxySettings) {
    const config: Config = { ...DEFAULTS, azureAuthority: sim.authorityUrl, azureArm: sim.armUrl, logLevel: 'silent', proxy: settings };
    // the companion's own upstream fetch, trusting the simulator's certificate as NODE_EXTRA_CA_CERTS would
    const app = buildApp(config, { fetch: upstreamFetch(config.proxy, { ca: [SIMULATOR_CERT] }) });
    const res = await app.inject({ method: 'POST', url: '/api/source/validate', payload: world.spCreds });
    await app.close();
    return res;
  }

  it('HTTPS_PROXY: the sign-in (Entra ID) and the listing (ARM) both go through it', async () => {
    proxy.reset();
    const res = await validate({ httpsProxy: proxy.url, noProxy: ['login.microsoftonline.com'] });
    expect(res.statusCode).toBe(200);
    expect(proxy.count(authority(sim.authorityUrl))).toBeGreaterThan(0);
    expect(proxy.count(authority(sim.armUrl))).toBeGreaterThan(0);
  });

  it('NO_PROXY with a port sends ARM direct and Entra ID still through the proxy', async () => {
    proxy.reset();
    const res = await validate({ httpsProxy: proxy.url, noProxy: [authority(sim.armUrl)] });
    expect(res.statusCode).toBe(200);
    expect(proxy.count(authority(sim.authorityUrl))).toBeGreaterThan(0);
    expect(proxy.count(authority(sim.armUrl))).toBe(0);
  });

  it("the Azure SDK's own proxy policy does not decide: a dead HTTPS_PROXY in the environment changes nothing", async () => {
    const before = { upper: process.env.HTTPS_PROXY, lower: process.env.https_proxy };
    process.env.HTTPS_PROXY = 'http://127.0.0.1:1';
    process.env.https_proxy = 'http://127.0.0.1:1';
    try {
      proxy.reset();
      const res = await validate({ httpsProxy: proxy.url, noProxy: [] });
      expect(res.statusCode).toBe(200);
      expect(proxy.count(authority(sim.authorityUrl))).toBeGreaterThan(0);
    } finally {
      for (const [k, v] of [
        ['HTTPS_PROXY', before.upper],
        ['https_proxy', before.lower],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});

describe('the DNS-over-HTTPS scan through the proxy', () => {
  let proxy: ForwardProxy;
  beforeAll(async () => {
    proxy = await startForwardProxy();
  });
  afterAll(async () => {
    await proxy.close();
  });

  async function scan(dohUrl: string, settings: ProxySettings): Promise<ScanEvent[]> {
    const app = buildApp({ ...DEFAULTS, dohUrl, logLevel: 'silent', proxy: settings });
    const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain: 'dnsferry.test' } });
    await app.close();
    return res.payload
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => ScanEventSchema.parse(JSON.parse(l)));
  }
  const found = (events: ScanEvent[]) => {
    const done = events.at(-1);
    return done?.type === 'done' ? done.total : -1;
  };

  it('HTTPS_PROXY: the HTTP/2 connection runs inside a CONNECT tunnel and the scan finds the zone', async () => {
    const url = dohEndpoints().httpsUrl;
    proxy.reset();
    const direct = found(await scan(url, { noProxy: [] }));
    const events = await scan(url, { httpsProxy: proxy.url, noProxy: ['example.net'] });
    expect(direct).toBeGreaterThan(10);
    expect(found(events)).toBe(direct);
    // one kept-alive HTTP/2 connection: one tunnel carries every query
    expect(proxy.tunnels.get(authority(url))).toBe(1);
  });

  it('HTTP_PROXY: h2c to an http:// resolver is tunnelled too', async () => {
    const url = dohEndpoints().httpUrl;
    proxy.reset();
    expect(found(await scan(url, { httpProxy: proxy.url, noProxy: [] }))).toBeGreaterThan(10);
    expect(proxy.count(authority(url))).toBeGreaterThan(0);
  });

  it('the HTTP/1.1 transport (fetch) goes through the proxy', async () => {
    const url = dohEndpoints().httpsUrl;
    const settings: ProxySettings = { httpsProxy: proxy.url, noProxy: [] };
    proxy.reset();
    let total = -1;
    for await (const e of scanDomain(
      { domain: 'dnsferry.test', dohUrl: url },
      { signal: new AbortController().signal, protocol: 'http1', fetch: upstreamFetch(settings), proxy: settings },
    )) {
      if (e.type === 'done') total = e.total;
    }
    expect(total).toBeGreaterThan(10);
    expect(proxy.count(authority(url))).toBeGreaterThan(0);
  });

  it('NO_PROXY naming the resolver bypasses the proxy', async () => {
    const url = dohEndpoints().httpsUrl;
    proxy.reset();
    expect(found(await scan(url, { httpsProxy: proxy.url, noProxy: ['127.0.0.1'] }))).toBeGreaterThan(10);
    expect(proxy.count(authority(url))).toBe(0);
  });
});

describe('the proxy in the start-up log', () => {
  it('names the proxies without their credentials', () => {
    expect(loggableProxy({ httpsProxy: 'http://corp%5Cuser:s3cret@proxy.corp:3128/', noProxy: ['.corp'] })).toEqual({
      httpsProxy: 'http://[credentials]@proxy.corp:3128',
      noProxy: ['.corp'],
    });
    expect(loggableProxy({ noProxy: ['x'] })).toBeNull();
  });
});
