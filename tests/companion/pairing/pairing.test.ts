import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, EXTENSION_ORIGIN, ErrorBodySchema, PairProofResponseSchema, PairResponseSchema } from '@dnsferry/shared';
import { companionCodeProof, expectedProof, FIREFOX_ORIGIN, nonce, pairBody, pairingApp } from './pairing-app';

type App = Awaited<ReturnType<typeof pairingApp>>;
let current: App | null = null;
async function start(...args: Parameters<typeof pairingApp>) {
  current = await pairingApp(...args);
  return current;
}
afterEach(async () => {
  await current?.app.close();
  current = null;
});

const error = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).error;

describe('pairing a browser extension', () => {
  it('shows a code at start, and pairs with it: a key for the origin, and proof the companion knew the code', async () => {
    const c = await start();
    expect(c.codes).toHaveLength(1);
    expect(c.code()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // the code is shown to the person, never logged
    expect(c.logs.join('')).not.toContain(c.code().replace('-', ''));

    const body = pairBody(c.code(), FIREFOX_ORIGIN);
    const res = await c.post(ENDPOINTS.pair, body, FIREFOX_ORIGIN);
    expect(res.statusCode, res.payload).toBe(200);
    const paired = PairResponseSchema.parse(res.json());
    expect(Buffer.from(paired.key, 'base64url')).toHaveLength(32);
    expect(paired.codeProof).toBe(companionCodeProof(c.code(), FIREFOX_ORIGIN, 0, body.nonce, paired.key));
    // the code did not travel
    expect(JSON.stringify(body)).not.toContain(c.code().replace('-', ''));
  });

  it('registers the origin, so a random Firefox origin works without DNSFERRY_ALLOWED_ORIGINS', async () => {
    const c = await start();
    const before = await c.post(ENDPOINTS.targetValidate, {}, FIREFOX_ORIGIN);
    expect(before.statusCode).toBe(403);
    expect(error(before).message).toMatch(/not paired/);
    expect((await c.post(ENDPOINTS.pair, pairBody(c.code(), FIREFOX_ORIGIN), FIREFOX_ORIGIN)).statusCode).toBe(200);
    const after = await c.post(ENDPOINTS.targetValidate, {}, FIREFOX_ORIGIN);
    expect(after.statusCode).toBe(400); // reached the route: the empty body is invalid
    expect(after.headers['access-control-allow-origin']).toBe(FIREFOX_ORIGIN);
  });

  it('is single use: the same code does not pair a second time, and a new code is shown', async () => {
    const c = await start();
    const code = c.code();
    expect((await c.post(ENDPOINTS.pair, pairBody(code, FIREFOX_ORIGIN), FIREFOX_ORIGIN)).statusCode).toBe(200);
    const again = await c.post(ENDPOINTS.pair, pairBody(code, EXTENSION_ORIGIN), EXTENSION_ORIGIN);
    expect(again.statusCode).toBe(401);
    expect(error(again).message).toMatch(/expired or was already used.*new code/);
    expect(c.codes).toHaveLength(2);
    expect(c.code()).not.toBe(code);
  });

  it('refuses a wrong code and says how many tries are left; the right code still works', async () => {
    const c = await start();
    const wrong = c.code().startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA';
    const res = await c.post(ENDPOINTS.pair, pairBody(wrong, FIREFOX_ORIGIN), FIREFOX_ORIGIN);
    expect(res.statusCode).toBe(401);
    expect(error(res)).toMatchObject({ code: 'unauthorized' });
    expect(error(res).message).toMatch(/4 tries left/);
    expect(c.logs.join('')).toMatch(/pairing refused/);
    expect((await c.post(ENDPOINTS.pair, pairBody(c.code(), FIREFOX_ORIGIN), FIREFOX_ORIGIN)).statusCode).toBe(200);
  });

  it('burns a code after 5 wrong tries, and locks pairing after 20 wrong tries in 10 minutes', async () => {
    const c = await start();
    const wrongFor = (code: string) => (code.startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA');
    const first = c.code();
    for (let i = 0; i < 4; i++) await c.post(ENDPOINTS.pair, pairBody(wrongFor(first), FIREFOX_ORIGIN), FIREFOX_ORIGIN);
    const fifth = await c.post(ENDPOINTS.pair, pairBody(wrongFor(first), FIREFOX_ORIGIN), FIREFOX_ORIGIN);
    expect(error(fifth).message).toMatch(/last try.*new code/);
    expect(c.codes).toHaveLength(2);
    // the burnt code no longer pairs
    expect((await c.post(ENDPOINTS.pair, pairBody(first, FIREFOX_ORIGIN), FIREFOX_ORIGIN)).statusCode).toBe(401);
    // 6 wrong so far; 14 more reach the cap
    for (let i = 0; i < 14; i++) await c.post(ENDPOINTS.pair, pairBody(wrongFor(c.code()), FIREFOX_ORIGIN), FIREFOX_ORIGIN);
    const locked = await c.post(ENDPOINTS.pair, pairBody(c.code(), FIREFOX_ORIGIN), FIREFOX_ORIGIN);
    expect(locked.statusCode).toBe(429);
    expect(error(locked)).toMatchObject({ code: 'rate_limited' });
    expect(error(locked).message).toMatch(/too many wrong pairing codes; try again in 10 min/);
  });

  it('lets only browser extensions pair: web pages and scripts are refused without spending a try', async () => {
    const c = await start();
    const page = await c.post(ENDPOINTS.pair, pairBody(c.code(), 'https://evil.example'), 'https://evil.example');
    expect(page.statusCode).toBe(403);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const script = await c.post(ENDPOINTS.pair, pairBody(c.code(), ''));
    expect(script.statusCode).toBe(403);
    expect(error(script).message).toMatch(/scripts without an Origin need no pairing/);
    // nothing was spent: the code pairs at once
    expect((await c.post(ENDPOINTS.pair, pairBody(c.code(), FIREFOX_ORIGIN), FIREFOX_ORIGIN)).statusCode).toBe(200);
    expect(c.codes).toHaveLength(1);
  });

  it('leaves scripts without an Origin exactly as before: no pairing, every endpoint reachable', async () => {
    const c = await start();
    const res = await c.post(ENDPOINTS.targetValidate, {});
    expect(res.statusCode).toBe(400);
    expect(error(res).field).toBe('targetToken');
  });

  it('answers a bad pairing body with the field at fault', async () => {
    const c = await start();
    const res = await c.post(ENDPOINTS.pair, { nonce: 'short', codeProof: 'x' }, FIREFOX_ORIGIN);
    expect(res.statusCode).toBe(400);
    expect(error(res).field).toBe('nonce');
  });
});

describe('the proof before credentials', () => {
  it('proves it holds the key: the proof matches the paired key and not another', async () => {
    const c = await start();
    const paired = PairResponseSchema.parse((await c.post(ENDPOINTS.pair, pairBody(c.code(), FIREFOX_ORIGIN), FIREFOX_ORIGIN)).json());
    const n = nonce();
    const res = await c.post(ENDPOINTS.pairProof, { nonce: n }, FIREFOX_ORIGIN);
    expect(res.statusCode, res.payload).toBe(200);
    const proof = PairProofResponseSchema.parse(res.json());
    expect(proof.companionId).toBe(paired.companionId);
    expect(proof.proof).toBe(expectedProof(paired.key, FIREFOX_ORIGIN, 0, n));
    const otherKey = Buffer.alloc(32, 7).toString('base64url');
    expect(proof.proof).not.toBe(expectedProof(otherKey, FIREFOX_ORIGIN, 0, n));
    // a fresh nonce, a fresh proof: nothing to replay
    const again = PairProofResponseSchema.parse((await c.post(ENDPOINTS.pairProof, { nonce: nonce() }, FIREFOX_ORIGIN)).json());
    expect(again.proof).not.toBe(proof.proof);
    // the key never travels again
    expect(res.payload).not.toContain(paired.key);
  });

  it('binds the proof to the port it is reached on, so a relay on another port cannot pass it on', async () => {
    const c = await start();
    const paired = PairResponseSchema.parse((await c.post(ENDPOINTS.pair, pairBody(c.code(), FIREFOX_ORIGIN), FIREFOX_ORIGIN)).json());
    const address = await c.app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(address).port);
    const n = nonce();
    const res = await fetch(`${address}${ENDPOINTS.pairProof}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: FIREFOX_ORIGIN },
      body: JSON.stringify({ nonce: n }),
    });
    const proof = PairProofResponseSchema.parse(await res.json());
    expect(proof.proof).toBe(expectedProof(paired.key, FIREFOX_ORIGIN, port, n));
    expect(proof.proof).not.toBe(expectedProof(paired.key, FIREFOX_ORIGIN, 8787, n));
  });

  it('gives no proof to an extension that has not paired, even one the configuration allows', async () => {
    const c = await start();
    for (const origin of [FIREFOX_ORIGIN, EXTENSION_ORIGIN]) {
      const res = await c.post(ENDPOINTS.pairProof, { nonce: nonce() }, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(error(res).message).toMatch(/not paired/);
    }
    const script = await c.post(ENDPOINTS.pairProof, { nonce: nonce() });
    expect(script.statusCode).toBe(403);
  });
});
