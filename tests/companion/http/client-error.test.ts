import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';

/** Sends raw bytes on a real socket and reads until the companion closes it; resolves with what came back and when. */
function raw(port: number, bytes: string, opts: { end?: boolean } = {}): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString(), ms: Date.now() - started }));
    socket.on('error', reject);
    socket.write(bytes);
    if (opts.end) socket.end();
  });
}

function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, head, body: ErrorBodySchema.parse(JSON.parse(body)) };
}

describe('requests that never finish, and malformed HTTP', () => {
  // Short, so the 408s come soon: the server looks for late requests every min(1 s, the limit).
  const REQUEST_TIMEOUT_MS = 300;
  // Each answer of the slow Cloudflare; three of them outlast the limit by two or more of those looks.
  const SLOW_ANSWER_MS = 300;
  let app: ReturnType<typeof buildApp>;
  let port: number;
  let slow: Server;

  beforeAll(async () => {
    // a Cloudflare that takes its time: the companion's answer comes after its request time limit
    slow = createServer((req, res) => {
      setTimeout(() => {
        const path = req.url ?? '';
        const result = path.includes('/tokens/verify') ? { id: 't', status: 'active' } : [];
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, errors: [], messages: [], result, result_info: { page: 1, total_pages: 1 } }));
      }, SLOW_ANSWER_MS);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const cloudflareApi = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/client/v4`;
    app = buildApp({ ...DEFAULTS, cloudflareApi, requestTimeoutMs: REQUEST_TIMEOUT_MS, logLevel: 'silent' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await new Promise((r) => slow.close(r));
  });

  it('a half-sent body is dropped with a 408 error body once the time limit passes', async () => {
    const { text, ms } = await raw(
      port,
      'POST /api/target/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"targetToken":"abc',
    );
    const r = parse(text);
    expect(r.status).toBe(408);
    expect(r.body.error.code).toBe('request_timeout');
    expect(r.head).toMatch(/content-type: application\/json/i);
    // the limit, plus at most one check interval
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
  });

  it('headers that never end are dropped the same way', async () => {
    const { text } = await raw(port, 'POST /api/target/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n');
    expect(parse(text).body.error.code).toBe('request_timeout');
  });

  it('a slow answer to a complete request is not cut by the request time limit', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/target/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetToken: 'x'.repeat(40) }),
    });
    // verify, accounts, zones: three answers of 0.3 s each, 0.9 s in all
    expect(res.status).toBe(200);
  });

  const malformed: Array<[string, string, number, string]> = [
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', 400, 'invalid_request'],
    ['a bad header line', 'POST /api/dns/scan HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n', 400, 'invalid_request'],
    [
      'conflicting Content-Length',
      'POST /api/dns/scan HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
      400,
      'invalid_request',
    ],
    [
      'headers larger than Node accepts',
      `POST /api/dns/scan HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'headers_too_large',
    ],
  ];
  for (const [name, bytes, status, code] of malformed) {
    it(`${name}: ${status} with the documented error body`, async () => {
      const r = parse((await raw(port, bytes)).text);
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
    });
  }

  it('a URL Fastify cannot decode: 400 with the documented error body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/dns/%E0%A4%A', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).error.code).toBe('invalid_request');
  });
});
