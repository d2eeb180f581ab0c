import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN, ErrorBodySchema } from '@dnsferry/shared';
import { listen, startStack, type Stack } from '../../support/stack';

let stack: Stack;
let port: number;
beforeAll(async () => {
  stack = await startStack({ config: { bodyLimitBytes: 64 * 1024, maxZonesPerRequest: 3, maxRecordsPerRequest: 50 } });
  port = Number(new URL(await listen(stack.app)).port);
});
afterAll(async () => {
  await stack.close();
});

/** A raw request, so Host and Origin can be anything (fetch would not let us set Host). */
function raw(opts: { method?: string; headers?: Record<string, string>; body?: string; path?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const method = opts.method ?? 'POST';
    const body = method === 'OPTIONS' ? '' : (opts.body ?? '{}');
    const headers: Record<string, string> =
      method === 'OPTIONS' ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const req = request(
      { host: '127.0.0.1', port, method, path: opts.path ?? '/api/target/validate', headers: { ...headers, ...opts.headers } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the companion as a localhost service', () => {
  it('answers to its loopback names', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const res = await raw({ headers: { host } });
      expect(res.status, host).toBe(400); // reached the route: the empty body is invalid
    }
  });

  it('refuses a foreign Host (DNS rebinding)', async () => {
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.nip.io:${port}`]) {
      const res = await raw({ headers: { host } });
      expect(res.status, host).toBe(403);
      expect(ErrorBodySchema.parse(JSON.parse(res.body)).error.code).toBe('forbidden');
    }
  });

  it('refuses web pages and allows the extension and scripts', async () => {
    const page = await raw({ headers: { host: `127.0.0.1:${port}`, origin: 'https://evil.example' } });
    expect(page.status).toBe(403);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const nullOrigin = await raw({ headers: { host: `127.0.0.1:${port}`, origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
    const ext = await raw({ headers: { host: `127.0.0.1:${port}`, origin: EXTENSION_ORIGIN } });
    expect(ext.status).toBe(400);
    expect(ext.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
    const script = await raw({ headers: { host: `127.0.0.1:${port}` } });
    expect(script.status).toBe(400);
    expect(script.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS preflights only for the extension', async () => {
    const ok = await raw({
      method: 'OPTIONS',
      headers: { host: `127.0.0.1:${port}`, origin: EXTENSION_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
    expect(ok.headers['access-control-allow-methods']).toBe('POST');
    const evil = await raw({
      method: 'OPTIONS',
      headers: { host: `127.0.0.1:${port}`, origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes only JSON bodies (no CORS simple request can reach a route)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await raw({ headers: { host: `127.0.0.1:${port}`, 'content-type': type }, body: '{"targetToken":"x"}' });
      expect(res.status, type).toBe(415);
    }
  });

  it('bounds the body, the zones and the records of a request', async () => {
    const big = await raw({ headers: { host: `127.0.0.1:${port}` }, body: JSON.stringify({ targetToken: 'x'.repeat(100_000) }) });
    expect(big.status).toBe(413);
    const base = { targetToken: stack.seed.token, targetAccountId: stack.seed.accountId };
    const zones = Array.from({ length: 4 }, (_, i) => ({ name: `z${i}.example`, records: [] }));
    const tooManyZones = await stack.app.inject({ method: 'POST', url: '/api/migrate', payload: { ...base, zones } });
    expect(tooManyZones.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(tooManyZones.json()).error.message).toMatch(/at most 3 zones/);
    const records = Array.from({ length: 51 }, (_, i) => ({ type: 'A', name: `h${i}`, content: '192.0.2.1', ttl: 300 }));
    const tooMany = await stack.app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: { ...base, zones: [{ name: 'a.example', records }] },
    });
    expect(tooMany.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(tooMany.json()).error.message).toMatch(/at most 50 records/);
  });
});
