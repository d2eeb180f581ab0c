import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import type { CodeNotice } from '@dnsferry/companion/pairing/codes';
import { API } from '@dnsferry/shared';
import { postJson } from '@/utils/companion';
import { REASONS, checkTrust, loadPairing, pairWithCompanion, PAIRINGS_KEY } from '@/utils/pairing';

/** A Firefox-style origin for the extension under test (WXT's fake id is not an extension origin). */
const ORIGIN = 'moz-extension://6f1c2b7e-1d2a-4c3b-8e4f-5a6b7c8d9e0f';

/** fetch over node:http with the Origin a browser would send for this extension (happy-dom's fetch would not). */
const browserFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input));
  const body = String(init?.body ?? '');
  return new Promise<Response>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve(
            new Response(Buffer.concat(chunks).toString(), {
              status: res.statusCode ?? 500,
              headers: { 'content-type': String(res.headers['content-type'] ?? '') },
            }),
          ),
        );
      },
    );
    req.on('error', (err) => reject(new TypeError('Failed to fetch', { cause: err })));
    req.end(body);
  });
}) as typeof fetch;

let closers: Array<() => Promise<unknown>> = [];
beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.runtime, 'getURL').mockImplementation((path: string) => `${ORIGIN}${path}`);
});
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
  vi.restoreAllMocks();
});

/** The real companion, listening on a free port, its codes captured as its terminal shows them. */
async function companion() {
  const codes: CodeNotice[] = [];
  const app = buildApp({ ...DEFAULTS, logLevel: 'silent' }, { onPairingCode: (n) => codes.push(n) });
  const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  closers.push(() => app.close());
  return { url, code: () => codes.at(-1)?.code ?? '' };
}

/** A server that is not the companion: it answers every request with what `answer` gives. */
async function impostor(answer: (path: string, body: string) => { status: number; body: unknown }) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push(`${req.url} ${body}`);
      const a = answer(req.url ?? '', body);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('pairing the extension with the real companion', () => {
  it('pairs with the printed code (typed loosely), keeps the key in storage.local, and then trusts the companion', async () => {
    const c = await companion();
    expect(await checkTrust(c.url, { fetch: browserFetch })).toEqual({ state: 'unpaired' });
    const pairing = await pairWithCompanion(c.url, ` ${c.code().toLowerCase()} `, { fetch: browserFetch });
    expect(await loadPairing(c.url)).toEqual(pairing);
    const stored = await fakeBrowser.storage.local.get(PAIRINGS_KEY);
    expect(JSON.stringify(stored)).toContain(pairing.key);
    expect(await checkTrust(c.url, { fetch: browserFetch })).toEqual({ state: 'up', companionId: pairing.companionId });
    // and credentials go through: the empty token is the companion's own 400
    await expect(postJson(c.url, API.targetValidate, { targetToken: '' }, { fetch: browserFetch })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
    });
  });

  it('passes on the companion’s sentence for a wrong code, and keeps nothing', async () => {
    const c = await companion();
    const wrong = c.code().startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA';
    await expect(pairWithCompanion(c.url, wrong, { fetch: browserFetch })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      message: expect.stringMatching(/not the pairing code/),
    });
    await expect(pairWithCompanion(c.url, 'ABC', { fetch: browserFetch })).rejects.toMatchObject({ kind: 'invalid' });
    expect(await loadPairing(c.url)).toBeNull();
    // a typo costs nothing: the same printed code pairs next
    expect((await pairWithCompanion(c.url, c.code(), { fetch: browserFetch })).key).toHaveLength(43);
  });

  it('pairs a second browser with the code printed after the first pairing', async () => {
    const c = await companion();
    const first = c.code();
    await pairWithCompanion(c.url, first, { fetch: browserFetch });
    expect(c.code()).not.toBe(first);
    await fakeBrowser.storage.local.clear();
    expect((await pairWithCompanion(c.url, c.code(), { fetch: browserFetch })).key).toHaveLength(43);
  });

  it('keeps no key from a server that plays the exchange without the code, and sends it nothing it could test a guess against', async () => {
    const fake = await impostor((path) =>
      path === '/api/pair'
        ? { status: 200, body: { success: true, share: '4vKuCmq8TnGohKlhxQBRX1jjC2qlgt2NtqZZReCNLXY' } }
        : { status: 200, body: { success: true, sealedKey: 'k'.repeat(43), companionId: 'evil', confirm: 'p'.repeat(86) } },
    );
    await expect(pairWithCompanion(fake.url, 'ABCD-2345', { fetch: browserFetch })).rejects.toMatchObject({
      kind: 'impostor',
      message: expect.stringMatching(/^This is not your dnsferry companion: it could not show that it printed this code/),
    });
    expect(await loadPairing(fake.url)).toBeNull();
    // the code itself never reached it; what did is a share and a tag (see tests/companion/pairing/exchange.test.ts)
    expect(fake.seen.join('\n')).not.toMatch(/ABCD-?2345/);
    expect(fake.seen.map((l) => l.split(' ')[0])).toEqual(['/api/pair', '/api/pair/confirm']);
  });

  it('calls a server whose share is not a group element an impostor, and stops there', async () => {
    const fake = await impostor(() => ({ status: 200, body: { success: true, share: 'A'.repeat(43) } }));
    await expect(pairWithCompanion(fake.url, 'ABCD-2345', { fetch: browserFetch })).rejects.toMatchObject({
      kind: 'impostor',
      refusal: { reason: REASONS.badShare },
    });
    expect(fake.seen).toHaveLength(1);
  });

  it('unmasks a server on the port of a paired companion: no proof, no credentials', async () => {
    const c = await companion();
    const pairing = await pairWithCompanion(c.url, c.code(), { fetch: browserFetch });
    // the companion stops and something else takes its address: the stored pairing moves with the address
    const fake = await impostor(() => ({ status: 200, body: { success: true, companionId: pairing.companionId, proof: 'A'.repeat(43) } }));
    await fakeBrowser.storage.local.set({ [PAIRINGS_KEY]: { [fake.url]: pairing } });
    expect(await checkTrust(fake.url, { fetch: browserFetch })).toMatchObject({ state: 'impostor' });
    await expect(postJson(fake.url, API.targetValidate, { targetToken: 'cf-secret-token' }, { fetch: browserFetch })).rejects.toMatchObject(
      { kind: 'impostor' },
    );
    expect(fake.seen.every((line) => line.startsWith('/api/pair/proof '))).toBe(true);
    expect(fake.seen.join('\n')).not.toContain('cf-secret-token');
  });

  it('tells a companion whose identity was made anew as it tells an impostor, and keeps the key until the user chooses', async () => {
    const before = await companion();
    const pairing = await pairWithCompanion(before.url, before.code(), { fetch: browserFetch });
    // a new identity (the file deleted): the companion no longer knows this origin, and says so with a 403
    const after = await companion();
    await fakeBrowser.storage.local.set({ [PAIRINGS_KEY]: { [after.url]: pairing } });
    expect(await checkTrust(after.url, { fetch: browserFetch })).toEqual({ state: 'impostor', reason: REASONS.refused(403) });
    expect(await loadPairing(after.url)).toEqual(pairing);
    await expect(
      postJson(after.url, API.targetValidate, { targetToken: 'cf-secret-token' }, { fetch: browserFetch }),
    ).rejects.toMatchObject({ kind: 'impostor', refusal: { state: 'impostor', reason: REASONS.refused(403) } });
  });
});
