import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { NO_PROXY_SETTINGS, upstreamFetch } from '@dnsferry/companion/upstream/proxy';
import { describeConnectionFailure, describeUnreachable } from '@dnsferry/companion/upstream/unreachable';
import { SIMULATOR_CERT, SIMULATOR_KEY } from '@dnsferry/companion/sandbox/azure/tls';
import { parseNdjson } from '../../support/stack';

/**
 * An upstream that cannot be reached: an interactive call answers after one try with what to check; a
 * migration keeps its patient retries. Real sockets throughout: a port nobody listens on, a name
 * under `.invalid` (RFC 6761: never resolves), and a TLS server whose certificate nobody trusts.
 * One try and no retry is what keeps the answer quick; a time limit here failed on a busy machine.
 */
const SP = {
  authMethod: 'servicePrincipal',
  tenantId: '3b8c1f2e-0d4f-4c6b-9a7e-1f3d5c7b9e21',
  clientId: '5b2c8a1e-0d4f-4c6b-9a7e-1f3d5c7b9e21',
  clientSecret: 'not-used-secret-value',
};
const BEARER = { authMethod: 'bearerToken', sourceToken: 'opaque-bearer-token-value' };

async function closedPort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('an unreachable upstream', () => {
  let refused: string;
  let untrusted: HttpsServer;
  let untrustedUrl: string;
  let calls = 0;
  const counting = upstreamFetch(NO_PROXY_SETTINGS);
  const fetchImpl: typeof fetch = (input, init) => {
    calls++;
    return counting(input, init);
  };

  beforeAll(async () => {
    refused = `http://127.0.0.1:${await closedPort()}`;
    untrusted = createHttpsServer({ cert: SIMULATOR_CERT, key: SIMULATOR_KEY }, (_req, res) => res.end('{}'));
    await new Promise<void>((r) => untrusted.listen(0, '127.0.0.1', r));
    untrustedUrl = `https://127.0.0.1:${(untrusted.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => untrusted.close(r));
  });

  async function post(config: Partial<Config>, url: string, payload: Record<string, unknown>) {
    const app = buildApp({ ...DEFAULTS, logLevel: 'silent', ...config }, { fetch: fetchImpl });
    calls = 0;
    const res = await app.inject({ method: 'POST', url, payload });
    await app.close();
    return {
      status: res.statusCode,
      body: res.statusCode === 200 ? undefined : ErrorBodySchema.parse(res.json()),
      payload: res.payload,
      calls,
    };
  }

  const cases: Array<{ name: string; config: () => Partial<Config>; url: string; payload: Record<string, unknown>; message: RegExp }> = [
    {
      name: 'target validate, connection refused',
      config: () => ({ cloudflareApi: `${refused}/client/v4` }),
      url: '/api/target/validate',
      payload: { targetToken: 'x'.repeat(40) },
      message: /^Cloudflare: cannot reach 127\.0\.0\.1:\d+: connection refused — .*set HTTP_PROXY/,
    },
    {
      name: 'target validate, DNS failure',
      config: () => ({ cloudflareApi: 'https://api.cloudflare.invalid/client/v4' }),
      url: '/api/target/validate',
      payload: { targetToken: 'x'.repeat(40) },
      message:
        /^Cloudflare: cannot reach api\.cloudflare\.invalid: DNS lookup failed \((ENOTFOUND|EAI_AGAIN)\) — offline, or behind a proxy\? set HTTPS_PROXY$/,
    },
    {
      name: 'target validate, untrusted certificate',
      config: () => ({ cloudflareApi: `${untrustedUrl}/client/v4` }),
      url: '/api/target/validate',
      payload: { targetToken: 'x'.repeat(40) },
      message:
        /^Cloudflare: cannot reach 127\.0\.0\.1:\d+: TLS failed \(DEPTH_ZERO_SELF_SIGNED_CERT\): the certificate is not trusted — .*NODE_EXTRA_CA_CERTS/,
    },
    {
      name: 'source validate (service principal), Entra ID refused',
      config: () => ({ azureAuthority: refused.replace('http:', 'https:'), azureArm: refused.replace('http:', 'https:') }),
      url: '/api/source/validate',
      payload: SP,
      message: /^Azure: cannot reach 127\.0\.0\.1:\d+: connection refused/,
    },
    {
      name: 'source validate (bearer), ARM DNS failure',
      config: () => ({ azureArm: 'https://management.azure.invalid' }),
      url: '/api/source/validate',
      payload: BEARER,
      message: /^Azure: cannot reach management\.azure\.invalid: DNS lookup failed/,
    },
    {
      name: 'source zones (bearer), ARM with an untrusted certificate',
      config: () => ({ azureArm: untrustedUrl }),
      url: '/api/source/zones',
      payload: { ...BEARER, subscriptionId: '0b1f6471-1bf0-4dda-aec3-111122223333' },
      message: /^Azure: cannot reach 127\.0\.0\.1:\d+: TLS failed/,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: 502 upstream after one try, saying what to check`, async () => {
      const r = await post(c.config(), c.url, c.payload);
      expect(r.status).toBe(502);
      expect(r.body?.error.code).toBe('upstream');
      expect(r.body?.error.message).toMatch(c.message);
      expect(r.calls).toBe(1);
    });
  }

  it('a migration keeps retrying, then reports the same reason in the stream', async () => {
    const r = await post({ cloudflareApi: `${refused}/client/v4`, retryBaseMs: 5 }, '/api/migrate', {
      targetToken: 'x'.repeat(40),
      targetAccountId: 'a'.repeat(32),
      zones: [{ name: 'offline.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }],
    });
    expect(r.status).toBe(200);
    const events = parseNdjson(r.payload);
    expect(events.at(-1)?.type).toBe('done');
    const error = events.find((e) => e.type === 'error');
    expect(error?.message).toMatch(/gave up after 6 attempts: cannot reach 127\.0\.0\.1:\d+: connection refused/);
    expect(r.calls).toBeGreaterThanOrEqual(6);
  });
});

describe('a connection that fails once made', () => {
  it('says which host hung up or was too slow, in words instead of the library codes', async () => {
    const hangUp = createNetServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(hangUp.address() as AddressInfo).port}/dns-query`);
    try {
      const err = await upstreamFetch(NO_PROXY_SETTINGS)(url).catch((e: unknown) => e);
      // undici says `fetch failed`, caused by `UND_ERR_SOCKET other side closed`
      expect(describeUnreachable(err, url)).toBeNull();
      expect(describeConnectionFailure(err, url)).toBe(
        `${url.host} closed the connection before it answered — is this the right address and port for it?`,
      );
    } finally {
      await new Promise<void>((resolve) => hangUp.close(() => resolve()));
    }
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(describeConnectionFailure(new TypeError('fetch failed', { cause: reset }), url)).toMatch(
      /^127\.0\.0\.1:\d+ closed the connection/,
    );
    const slow = Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' });
    expect(describeConnectionFailure(new TypeError('fetch failed', { cause: slow }), url)).toBe(`${url.host} did not answer in time`);
    expect(describeConnectionFailure(new Error('something else'), url)).toBeNull();
  });
});
