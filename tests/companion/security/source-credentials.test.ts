import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSecrets } from '../../support/leak-watch';
import { parseNdjson, startStack, type Stack } from '../../support/stack';

// A source credential in each form a request may send it, refused by the source (or never answered):
// whatever the companion logs or answers, the credential is not in it.
let stack: Stack;
let closed: number;
beforeAll(async () => {
  stack = await startStack({ azure: true, route53: true });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closed = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
});
afterAll(async () => {
  await stack.close();
});

const sub = '2c1d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const tenantId = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const clientId = '5b2c8a1e-0d4f-4c6b-9a7e-1f3d5c7b9e21';
const sp = (clientSecret: string) => ({ authMethod: 'servicePrincipal', tenantId, clientId, clientSecret });
const keys = (secretAccessKey: string) => ({ accessKeyId: 'AKIAUNKNOWNKEY000000', secretAccessKey });
const tsig = (secret: string) => ({ name: 'transfer-key', algorithm: 'hmac-sha256', secret });
const b64 = (s: string) => Buffer.from(s).toString('base64');
const axfr = (secret: string) => ({ server: '127.0.0.1', port: closed, tsig: tsig(secret) });

/** Each form, with the secret it carries (a fresh one each, so a leak names its form). */
const FORMS: Array<[string, string, (secret: string) => Record<string, unknown>]> = [
  ['Azure fields at the top', 'sp-secret-at-the-top', (s) => ({ ...sp(s), subscriptionId: sub, zones: [{ name: 'example.com' }] })],
  ['sourceToken at the top', 'bearer-token-at-the-top', (s) => ({ sourceToken: s, subscriptionId: sub, zones: [{ name: 'example.com' }] })],
  [
    'source: azure',
    'sp-secret-in-source',
    (s) => ({ source: { provider: 'azure', ...sp(s), subscriptionId: sub }, zones: [{ name: 'example.com' }] }),
  ],
  ['source: route53', 'aws-secret-in-source', (s) => ({ source: { provider: 'route53', ...keys(s) }, zones: [{ name: 'example.com' }] })],
  ['a zone’s axfr', b64('tsig-secret-in-axfr'), (s) => ({ zones: [{ name: 'example.com', axfr: axfr(s) }] })],
  ['a zone’s cloudflare', 'token-in-cloudflare', (s) => ({ zones: [{ name: 'example.com', cloudflare: { token: s } }] })],
  [
    'from: azure',
    'sp-secret-in-from',
    (s) => ({ zones: [{ name: 'example.com', from: { kind: 'azure', credentials: sp(s), subscriptionId: sub } }] }),
  ],
  ['from: route53', 'aws-secret-in-from', (s) => ({ zones: [{ name: 'example.com', from: { kind: 'route53', credentials: keys(s) } }] })],
  ['from: axfr', b64('tsig-secret-in-from'), (s) => ({ zones: [{ name: 'example.com', from: { kind: 'axfr', ...axfr(s) } }] })],
  ['from: cloudflare', 'token-in-from-cloudflare', (s) => ({ zones: [{ name: 'example.com', from: { kind: 'cloudflare', token: s } }] })],
];

describe('source credentials in every form', () => {
  it.each(FORMS)('%s: the zone fails, and the credential is in no log line and no answer', async (_form, secret, body) => {
    recordSecrets(secret);
    const logsBefore = stack.logs.length;
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: { targetToken: stack.seed.token, targetAccountId: stack.seed.accountId, ...body(secret) },
    });
    expect(res.statusCode).toBe(200);
    const events = parseNdjson(res.payload);
    expect(events.at(-1)).toMatchObject({ type: 'done', results: [{ zone: 'example.com', created: 0 }] });
    expect(events.some((e) => e.type === 'error' && e.zone === 'example.com')).toBe(true);
    expect(res.payload).not.toContain(secret);
    expect(stack.logs.slice(logsBefore).join('')).not.toContain(secret);
  });

  it.each(FORMS)('%s: refused with a 400 for another field, the credential is not echoed', async (_form, secret, body) => {
    recordSecrets(secret);
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: { targetToken: stack.seed.token, targetAccountId: 'not-an-account', ...body(secret) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { field: 'targetAccountId' } });
    expect(res.payload).not.toContain(secret);
  });
});
