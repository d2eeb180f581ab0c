import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { MAX_PAGES } from '@dnsferry/companion/providers/cloudflare/client';
import { captureLogs, recordSecrets, watchResponses } from '../../../support/leak-watch';
import { parseNdjson } from '../../../support/stack';

/** A hostile or broken Cloudflare, answered route by route; every request is counted. */
type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

const TOKEN = 'Tok3n+With/Odd=Chars_0123456789abcdefABCD';
recordSecrets(TOKEN);

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const ok = (result: unknown, info?: Record<string, number>) => ({
  success: true,
  errors: [],
  messages: [],
  result,
  ...(info ? { result_info: info } : {}),
});

describe('Cloudflare client against a hostile API', () => {
  let server: Server;
  let base: string;
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const { logs, logStream } = captureLogs();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace(/^\/client\/v4/, '');
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const route = routes.get(path);
      if (route) route(req, res, url);
      else json(res, 404, { success: false, errors: [{ code: 7003, message: 'Could not route' }], messages: [], result: null });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  function app() {
    const a = buildApp({ ...DEFAULTS, cloudflareApi: base, retryBaseMs: 5, logLevel: 'debug' }, { logStream });
    watchResponses(a);
    return a;
  }
  const verified: Route = (_q, res) => json(res, 200, ok({ id: 'tok', status: 'active' }));

  it('refuses a total_pages beyond the cap at once, after one page', async () => {
    hits.clear();
    routes.set('/user/tokens/verify', verified);
    routes.set('/accounts', (_q, res, url) =>
      json(res, 200, ok([{ id: `a${url.searchParams.get('page')}`, name: 'A' }], { page: 1, per_page: 50, total_pages: 1e9, count: 1 })),
    );
    const a = app();
    const res = await a.inject({ method: 'POST', url: '/api/target/validate', payload: { targetToken: TOKEN } });
    await a.close();
    expect(res.statusCode).toBe(502);
    expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(new RegExp(`reports 1000000000 pages; more than the ${MAX_PAGES}`));
    // one page asked, so it stopped at once (a stopwatch here only measured how busy the machine was)
    expect(hits.get('/accounts')).toBe(1);
  });

  it(`stops after ${MAX_PAGES} pages when full pages keep coming without a total`, async () => {
    hits.clear();
    routes.set('/accounts', (_q, res, url) => {
      const page = Number(url.searchParams.get('page'));
      json(res, 200, ok(Array.from({ length: 50 }, (_, i) => ({ id: `${page}-${i}`, name: 'A' }))));
    });
    const a = app();
    const res = await a.inject({ method: 'POST', url: '/api/target/validate', payload: { targetToken: TOKEN } });
    await a.close();
    expect(res.statusCode).toBe(502);
    expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/kept sending pages/);
    expect(hits.get('/accounts')).toBe(MAX_PAGES);
  });

  it('an error that echoes the Authorization header, raw or encoded, is scrubbed', async () => {
    const echoes = [
      `Invalid request headers: Authorization: Bearer ${TOKEN}`,
      `token ${encodeURIComponent(TOKEN)} is malformed`,
      `{"authorization":"Bearer ${TOKEN}"}`,
      `base64 ${Buffer.from(TOKEN).toString('base64')}`,
    ];
    for (const message of echoes) {
      routes.set('/user/tokens/verify', (req, res) =>
        json(res, 400, { success: false, errors: [{ code: 6003, message }], messages: [], result: null }),
      );
      const a = app();
      const res = await a.inject({ method: 'POST', url: '/api/target/validate', payload: { targetToken: TOKEN } });
      await a.close();
      const body = ErrorBodySchema.parse(res.json());
      expect(body.error.code).toBe('unauthorized');
      expect(body.error.message).toMatch(/^Cloudflare 6003: /);
      expect(body.error.message).toContain('[redacted]');
      for (const form of [TOKEN, encodeURIComponent(TOKEN), Buffer.from(TOKEN).toString('base64').slice(0, 40)]) {
        expect(res.payload + logs.join('')).not.toContain(form);
      }
    }
  });

  it('the same echo inside a migration stream is scrubbed too', async () => {
    routes.set('/zones', (req, res) => {
      if (req.method === 'GET') json(res, 200, ok([], { page: 1, per_page: 50, total_pages: 1, count: 0 }));
      else
        json(res, 400, {
          success: false,
          errors: [{ code: 1004, message: `DNS Validation Error; header authorization: Bearer ${TOKEN}` }],
          messages: [],
          result: null,
        });
    });
    const a = app();
    const res = await a.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: {
        targetToken: TOKEN,
        targetAccountId: 'a'.repeat(32),
        zones: [{ name: 'echo.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }],
      },
    });
    await a.close();
    const events = parseNdjson(res.payload);
    expect(events.at(-1)?.type).toBe('done');
    expect(res.payload).toContain('[redacted]');
    expect(res.payload).not.toContain(TOKEN);
  });
});
