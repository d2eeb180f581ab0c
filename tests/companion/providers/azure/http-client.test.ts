import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { startAzureSimulator, type AzureSimulator } from '@dnsferry/companion/sandbox/azure/index';
import { captureLogs, recordSecrets, watchResponses } from '../../../support/leak-watch';
import { seedWorld } from './azure-stack';

/**
 * Entra ID misbehaving in ways the simulator does not play: the token endpoint is answered by a
 * wrapper around the simulator's fetch (the companion's fetch is injectable; its URLs are not).
 */
type TokenAnswer = (form: string) => Response;

describe('Entra ID token endpoint through the companion', () => {
  let sim: AzureSimulator;
  let world: ReturnType<typeof seedWorld>;
  let answer: TokenAnswer | undefined;
  let tokenCalls = 0;
  const { logs, logStream } = captureLogs();

  beforeAll(async () => {
    sim = await startAzureSimulator();
    world = seedWorld(sim);
  });
  afterAll(async () => {
    await sim.close();
  });

  function app(maxRetryAfterMs: number) {
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/oauth2/v2.0/token') && answer) {
        tokenCalls++;
        return answer(String(init?.body ?? ''));
      }
      return sim.fetch(input, init);
    };
    const a = buildApp(
      { ...DEFAULTS, azureAuthority: sim.authorityUrl, azureArm: sim.armUrl, retryBaseMs: 5, maxRetryAfterMs, logLevel: 'debug' },
      { fetch: fetchImpl, logStream },
    );
    watchResponses(a);
    return a;
  }

  it('a 429 whose Retry-After is beyond DNSFERRY_MAX_RETRY_AFTER_MS fails at once as rate limited', async () => {
    tokenCalls = 0;
    answer = () =>
      new Response(
        JSON.stringify({
          error: 'temporarily_unavailable',
          error_description: 'AADSTS50196: The server terminated an operation because it encountered a client request loop.',
        }),
        {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '600' },
        },
      );
    // at once: waiting the 600 s would outlast the test's time-out, so no stopwatch is needed (one failed under load)
    const a = app(2000);
    const res = await a.inject({ method: 'POST', url: '/api/source/validate', payload: world.spCreds });
    await a.close();
    expect(res.statusCode).toBe(429);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/asks to wait 600 s/);
    expect(tokenCalls).toBe(1);
  });

  it('a 429 within the cap is waited out and retried', async () => {
    tokenCalls = 0;
    // One second to wait out, once; the further answers ask for no wait, so the retries do not add seconds.
    answer = () =>
      new Response('{"error":"temporarily_unavailable"}', {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': tokenCalls === 1 ? '1' : '0' },
      });
    const a = app(5000);
    const started = Date.now();
    const res = await a.inject({ method: 'POST', url: '/api/source/validate', payload: world.spCreds });
    await a.close();
    expect(res.statusCode).toBe(429);
    // the pipeline retried after waiting, rather than failing on the first answer
    expect(tokenCalls).toBeGreaterThan(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('an error that echoes the form (client_secret URL-encoded) reaches neither the answer nor the log', async () => {
    // characters that URL-encoding changes, so the echo differs from the raw secret
    const clientSecret = 'Zq8~a+b/c=d e&f%g_hijklmnop';
    recordSecrets(clientSecret, encodeURIComponent(clientSecret));
    const echoes: string[] = [];
    answer = (form) => {
      echoes.push(form);
      return new Response(
        JSON.stringify({
          error: 'invalid_request',
          error_description: `AADSTS900144: The request body must contain the following parameter: 'x'. Received: ${form}`,
          error_codes: [900144],
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    };
    const a = app(5000);
    const res = await a.inject({ method: 'POST', url: '/api/source/validate', payload: { ...world.spCreds, clientSecret } });
    await a.close();
    expect(echoes[0], 'MSAL sent the secret URL-encoded').toContain(encodeURIComponent(clientSecret).slice(0, 8));
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.message).toMatch(/AADSTS900144/);
    const seen = res.payload + logs.join('');
    for (const form of [
      clientSecret,
      encodeURIComponent(clientSecret),
      encodeURIComponent(clientSecret).replace(/%20/g, '+'),
      new URLSearchParams({ s: clientSecret }).toString().slice(2),
    ]) {
      expect(seen).not.toContain(form);
    }
    expect(seen).not.toContain(world.sp.clientId);
  });
});
