import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { parseNdjson, startStack, zoneComplete, type Stack } from '../../support/stack';

/** Malformed upstream answers become clear errors; the companion stays up and serves the next request. */
describe('malformed answers from the target', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ config: { upstreamTimeoutMs: 300 } });
  });
  afterAll(async () => {
    await stack.close();
  });
  afterEach(() => stack.sim.setFaults({}));

  it('an HTML 502 page: a 502 error body that says so', async () => {
    stack.sim.setFaults({ html502: 1 });
    const res = await stack.app.inject({ method: 'POST', url: '/api/target/validate', payload: { targetToken: stack.seed.token } });
    expect(res.statusCode).toBe(502);
    expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/not JSON/);
  });

  it('an answer that never comes: 504 after the time limit', async () => {
    // Every one of the client's attempts waits out the limit: 100 ms here, not the 300 ms the other tests allow.
    const silent = await startStack({ config: { upstreamTimeoutMs: 100 } });
    try {
      silent.sim.setFaults({ rateTimeout: 1 });
      const started = Date.now();
      const res = await silent.app.inject({ method: 'POST', url: '/api/target/validate', payload: { targetToken: silent.seed.token } });
      expect(res.statusCode).toBe(504);
      expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/timed out/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await silent.close();
    }
  });

  it('HTML pages in the middle of a migration: in-stream errors, the counts still add up', async () => {
    stack.sim.setFaults({ html502: 1, only: 'writes' });
    const { status, events } = await stack.migrate({
      zones: [{ name: 'html.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }],
    });
    expect(status).toBe(200);
    const r = zoneComplete(events, 'html.example');
    expect(r.created + r.skipped + r.failed).toBe(1);
    expect(events.find((e) => e.type === 'error')).toBeDefined();
    expect(events.at(-1)?.type).toBe('done');
    stack.sim.setFaults({});
    const again = await stack.migrate({
      zones: [{ name: 'html.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }],
    });
    expect(zoneComplete(again.events, 'html.example')).toMatchObject({ created: 1, failed: 0 });
  });
});

describe('a target that answers garbage', () => {
  let upstream: Server;
  let base: string;
  const answers: Record<string, (res: ServerResponse) => void> = {
    // the envelope cut in the middle
    '/user/tokens/verify': (res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"result":{"id":"x","sta'),
  };
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const path = (req.url ?? '').replace(/^\/client\/v4/, '').split('?')[0] ?? '';
      (answers[path] ?? ((r) => r.writeHead(200, { 'content-type': 'application/json' }).end('not json at all')))(res);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/client/v4`;
  });
  afterAll(async () => {
    await new Promise((r) => upstream.close(r));
  });

  it('truncated and invalid JSON become 502 error bodies, and the companion keeps serving', async () => {
    const app = buildApp({ ...DEFAULTS, cloudflareApi: base, retryBaseMs: 1, logLevel: 'silent' });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/target/validate', payload: { targetToken: 'a'.repeat(40) } });
      expect(res.statusCode).toBe(502);
      expect(ErrorBodySchema.parse(res.json()).error.code).toBe('upstream');
      const migrate = await app.inject({
        method: 'POST',
        url: '/api/migrate',
        payload: {
          targetToken: 'a'.repeat(40),
          targetAccountId: 'a'.repeat(32),
          zones: [{ name: 'garbage.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }],
        },
      });
      expect(migrate.statusCode).toBe(200);
      const events = parseNdjson(migrate.payload);
      expect(zoneComplete(events, 'garbage.example')).toMatchObject({ created: 0, failed: 1 });
      expect(events.at(-1)?.type).toBe('done');
      const still = await app.inject({ method: 'POST', url: '/api/target/validate', payload: {} });
      expect(still.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
