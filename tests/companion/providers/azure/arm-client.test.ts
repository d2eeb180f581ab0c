import { describe, expect, it } from 'vitest';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { UpstreamError } from '@dnsferry/companion/errors';
import { ArmClient } from '@dnsferry/companion/providers/azure/arm-client';
import { Redactor } from '@dnsferry/companion/providers/azure/redact';

// Edge cases ARM itself will not produce on demand (hostile links, HTTP dates, hangs): a scripted fetch.
type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

function scripted(replies: Reply[]) {
  const calls: Array<{ url: string; authorization: string | null }> = [];
  const f = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    const next = replies.shift() ?? { status: 500, body: { error: { code: 'Exhausted', message: 'script ran out' } } };
    if (next === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
      });
    }
    const body = typeof next.body === 'string' ? next.body : JSON.stringify(next.body ?? {});
    return new Response(body, { status: next.status, headers: { 'content-type': 'application/json', ...next.headers } });
  }) as typeof fetch;
  return { f, calls };
}

function client(replies: Reply[], config: Partial<Config> = {}) {
  const { f, calls } = scripted(replies);
  const redactor = new Redactor(['tok-abc-123']);
  const arm = new ArmClient({
    config: { ...DEFAULTS, retryBaseMs: 1, ...config },
    fetch: f,
    credential: { getToken: async () => ({ token: 'tok-abc-123', expiresOnTimestamp: Date.now() + 3600_000 }) },
    redactor,
  });
  return { arm, calls };
}
const signal = () => AbortSignal.timeout(10_000);

describe('ArmClient', () => {
  it('follows an absolute nextLink on the ARM origin verbatim, :443 included, and asks for the ARM scope', async () => {
    const scopes: string[] = [];
    const { f, calls } = scripted([
      {
        status: 200,
        body: { value: [1], nextLink: 'https://management.azure.com:443/subscriptions?api-version=2022-12-01&$skipToken=YWJj' },
      },
      { status: 200, body: { value: [2] } },
    ]);
    const arm = new ArmClient({
      config: DEFAULTS,
      fetch: f,
      credential: {
        getToken: async (s) => {
          scopes.push(String(s));
          return { token: 't0k3n-value', expiresOnTimestamp: Date.now() + 3600_000 };
        },
      },
      redactor: new Redactor(),
    });
    expect(await arm.list('/subscriptions?api-version=2022-12-01', signal())).toEqual([1, 2]);
    expect(calls.map((c) => c.url)).toEqual([
      'https://management.azure.com/subscriptions?api-version=2022-12-01',
      'https://management.azure.com:443/subscriptions?api-version=2022-12-01&$skipToken=YWJj',
    ]);
    expect(calls.every((c) => c.authorization === 'Bearer t0k3n-value')).toBe(true);
    expect(scopes).toEqual(['https://management.azure.com/.default', 'https://management.azure.com/.default']);
  });

  it('refuses a nextLink to another host, so the token goes nowhere else', async () => {
    const { arm, calls } = client([{ status: 200, body: { value: [1], nextLink: 'https://attacker.example/steal?x=1' } }]);
    await expect(arm.list('/subscriptions?api-version=2022-12-01', signal())).rejects.toThrow(/nextLink to attacker\.example/);
    expect(calls).toHaveLength(1);
  });

  it('stops a nextLink loop', async () => {
    const loop = 'https://management.azure.com/x?api-version=1&$skipToken=a';
    const { arm } = client([
      { status: 200, body: { value: [], nextLink: loop } },
      { status: 200, body: { value: [], nextLink: loop } },
    ]);
    await expect(arm.list('/x?api-version=1', signal())).rejects.toThrow(/paging loop/);
  });

  it('waits out 429 and 503 per Retry-After, then succeeds', async () => {
    const { arm, calls } = client([
      { status: 429, body: { error: { code: 'SubscriptionRequestsThrottled', message: 'slow down' } }, headers: { 'retry-after': '0' } },
      { status: 503, body: { error: { code: 'ServerBusy', message: 'busy' } }, headers: { 'x-ms-retry-after-ms': '5' } },
      { status: 200, body: { ok: true } },
    ]);
    expect(await arm.get('/thing?api-version=1', signal())).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('fails at once, as rate limited, when Retry-After is longer than it is willing to wait', async () => {
    const { arm, calls } = client(
      [
        {
          status: 429,
          body: { error: { code: 'SubscriptionRequestsThrottled', message: 'try after 3600 s' } },
          headers: { 'retry-after': '3600' },
        },
      ],
      { maxRetryAfterMs: 60_000 },
    );
    const err = await arm.get('/thing?api-version=1', signal()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: 'rate_limit', upstreamCode: 'SubscriptionRequestsThrottled', status: 429 });
    expect(calls).toHaveLength(1);
  });

  it('turns a hung request into a timeout error after upstreamTimeoutMs', async () => {
    // the request hangs for ever: that it ends at all, as a timeout, is the limit at work
    const { arm } = client(['hang'], { upstreamTimeoutMs: 150 });
    const err = await arm.get('/thing?api-version=1', signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout', code: 'upstream_timeout', status: 504 });
  });

  it('maps error envelopes by status, keeps the ARM code, and scrubs credentials from the message', async () => {
    const { arm } = client([
      { status: 404, body: { error: { code: 'ResourceNotFound', message: 'gone' } } },
      { status: 401, body: { error: { code: 'InvalidAuthenticationToken', message: 'token tok-abc-123 is invalid' } } },
      { status: 502, body: '<html>bad gateway</html>' },
    ]);
    await expect(arm.get('/a?api-version=1', signal())).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Azure ResourceNotFound: gone',
    });
    await expect(arm.get('/b?api-version=1', signal())).rejects.toMatchObject({
      kind: 'auth',
      message: 'Azure InvalidAuthenticationToken: token [redacted] is invalid',
    });
    await expect(arm.get('/c?api-version=1', signal())).rejects.toMatchObject({ kind: 'upstream', message: 'Azure: HTTP 502' });
  });
});
