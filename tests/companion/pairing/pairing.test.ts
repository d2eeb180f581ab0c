import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, EXTENSION_ORIGIN, ErrorBodySchema, PairProofResponseSchema, PairResponseSchema } from '@dnsferry/shared';
import { expectedProof, FIREFOX_ORIGIN, initiator, nonce, pairingApp } from './pairing-app';

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

const wrongFor = (code: string) => (code.startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA');
const SHORT = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const LONG = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
/** Extension origins of many made-up installations, as a local program forging Origin would send. */
const forged = (i: number) =>
  `chrome-extension://${'abcdefghijklmnop'[i % 16]!.repeat(16)}${'abcdefghijklmnop'[(i >> 4) % 16]!.repeat(16)}`;

describe('pairing a browser extension', () => {
  it('shows a code at start, and pairs with it in two steps: a key for the origin, proved by the companion', async () => {
    const c = await start();
    expect(c.codes).toHaveLength(1);
    expect(c.code()).toMatch(SHORT);
    // the code is shown to the person, never logged
    expect(c.logs.join('')).not.toContain(c.code().replace('-', ''));

    const code = c.code();
    const paired = await c.pair(code, FIREFOX_ORIGIN);
    expect(paired.second?.statusCode, paired.second?.payload).toBe(200);
    expect(Buffer.from(paired.key ?? '', 'base64url')).toHaveLength(32);
    // the code did not travel, nor did the key in the clear
    const sent = paired.first.payload + (paired.second?.payload ?? '');
    expect(sent).not.toContain(code.replace('-', ''));
    expect(sent).not.toContain(paired.key);
  });

  it('registers the origin, so a random Firefox origin works without DNSFERRY_ALLOWED_ORIGINS', async () => {
    const c = await start();
    const before = await c.post(ENDPOINTS.targetValidate, {}, FIREFOX_ORIGIN);
    expect(before.statusCode).toBe(403);
    expect(error(before).message).toMatch(/not paired/);
    expect((await c.pair(c.code(), FIREFOX_ORIGIN)).key).not.toBeNull();
    const after = await c.post(ENDPOINTS.targetValidate, {}, FIREFOX_ORIGIN);
    expect(after.statusCode).toBe(400); // reached the route: the empty body is invalid
    expect(after.headers['access-control-allow-origin']).toBe(FIREFOX_ORIGIN);
  });

  it('is single use, and shows the next code at once, so a second browser pairs at its first try', async () => {
    const c = await start();
    const code = c.code();
    expect((await c.pair(code, FIREFOX_ORIGIN)).key).not.toBeNull();
    expect(c.codes).toHaveLength(2);
    expect(c.codes[1]).toMatchObject({ why: 'paired' });
    expect(c.code()).not.toBe(code);
    const again = await c.pair(code, EXTENSION_ORIGIN);
    expect(again.second?.statusCode).toBe(401);
    expect((await c.pair(c.code(), EXTENSION_ORIGIN)).key).not.toBeNull();
  });

  it('refuses a wrong code at the second step, and keeps the code: a typo costs nothing', async () => {
    const c = await start();
    const res = await c.pair(wrongFor(c.code()), FIREFOX_ORIGIN);
    expect(res.first.statusCode).toBe(200); // the first step cannot tell
    expect(res.second?.statusCode).toBe(401);
    expect(error(res.second!)).toMatchObject({ code: 'unauthorized' });
    expect(error(res.second!).message).toMatch(/not the pairing code/);
    expect(c.logs.join('')).toMatch(/pairing refused/);
    expect(c.codes).toHaveLength(1);
    expect((await c.pair(c.code(), FIREFOX_ORIGIN)).key).not.toBeNull();
  });

  it('cannot be locked by wrong codes: past 20, the printed code becomes a long one, which any number of wrong codes leave alone', async () => {
    const c = await start();
    const short = c.code();
    for (let i = 0; i < 19; i++) expect((await c.pair(wrongFor(short), forged(i))).second?.statusCode).toBe(401);
    expect(c.code()).toBe(short); // 19 wrong: still the same code
    const twentieth = await c.pair(wrongFor(short), forged(19));
    expect(error(twentieth.second!).message).toMatch(/longer one/);
    expect(c.codes).toHaveLength(2);
    expect(c.codes[1]).toMatchObject({ why: 'guessed' });
    const long = c.code();
    expect(long).toMatch(LONG);
    // 100 more wrong codes from as many forged origins: no 429, no new code, and the printed code pairs
    for (let i = 20; i < 120; i++) {
      const res = await c.pair(wrongFor(long), forged(i));
      expect(res.second?.statusCode).toBe(401);
    }
    expect(c.codes).toHaveLength(2);
    expect((await c.pair(long, FIREFOX_ORIGIN)).key).not.toBeNull();
    // while the wrong codes are recent, the next code is long too
    expect(c.code()).toMatch(LONG);
  });

  it('shows a fresh code when asked; the old one no longer pairs', async () => {
    const c = await start();
    const old = c.code();
    c.askForCode();
    expect(c.codes).toHaveLength(2);
    expect(c.codes[1]).toMatchObject({ why: 'asked' });
    expect((await c.pair(old, FIREFOX_ORIGIN)).second?.statusCode).toBe(401);
    expect((await c.pair(c.code(), FIREFOX_ORIGIN)).key).not.toBeNull();
  });

  it('refuses a second step with no first, a replayed one, one from another origin, and one whose code was replaced', async () => {
    const c = await start();
    const none = await c.post(ENDPOINTS.pairConfirm, { nonce: nonce(), confirm: 'A'.repeat(86) }, FIREFOX_ORIGIN);
    expect(none.statusCode).toBe(401);
    expect(error(none).message).toMatch(/no pairing is under way/);

    const ext = initiator(c.code(), FIREFOX_ORIGIN);
    const first = PairResponseSchema.parse((await c.post(ENDPOINTS.pair, ext.start, FIREFOX_ORIGIN)).json());
    const step = ext.confirm(first.share);
    expect((await c.post(ENDPOINTS.pairConfirm, step.body, EXTENSION_ORIGIN)).statusCode).toBe(401);
    expect((await c.post(ENDPOINTS.pairConfirm, step.body, FIREFOX_ORIGIN)).statusCode).toBe(200);
    expect((await c.post(ENDPOINTS.pairConfirm, step.body, FIREFOX_ORIGIN)).statusCode).toBe(401);

    const late = initiator(c.code(), EXTENSION_ORIGIN);
    const share = PairResponseSchema.parse((await c.post(ENDPOINTS.pair, late.start, EXTENSION_ORIGIN)).json()).share;
    c.askForCode();
    const replaced = await c.post(ENDPOINTS.pairConfirm, late.confirm(share).body, EXTENSION_ORIGIN);
    expect(replaced.statusCode).toBe(401);
    expect(error(replaced).message).toMatch(/replaced meanwhile/);
  });

  it('binds the exchange to the port: a relay on another port gets a different key, and the code is refused', async () => {
    const c = await start();
    const ext = initiator(c.code(), FIREFOX_ORIGIN, 8787); // the extension reached a relay on 8787
    const first = PairResponseSchema.parse((await c.post(ENDPOINTS.pair, ext.start, FIREFOX_ORIGIN)).json());
    expect((await c.post(ENDPOINTS.pairConfirm, ext.confirm(first.share).body, FIREFOX_ORIGIN)).statusCode).toBe(401);
  });

  it('lets only browser extensions pair: web pages and scripts are refused without spending a try', async () => {
    const c = await start();
    for (const path of [ENDPOINTS.pair, ENDPOINTS.pairConfirm]) {
      const body =
        path === ENDPOINTS.pair ? initiator(c.code(), 'https://evil.example').start : { nonce: nonce(), confirm: 'A'.repeat(86) };
      const page = await c.post(path, body, 'https://evil.example');
      expect(page.statusCode, path).toBe(403);
      expect(page.headers['access-control-allow-origin']).toBeUndefined();
      const script = await c.post(path, body);
      expect(script.statusCode).toBe(403);
      expect(error(script).message).toMatch(/scripts without an Origin need no pairing/);
    }
    // nothing was spent: the code pairs at once
    expect((await c.pair(c.code(), FIREFOX_ORIGIN)).key).not.toBeNull();
  });

  it('leaves scripts without an Origin exactly as before: no pairing, every endpoint reachable', async () => {
    const c = await start();
    const res = await c.post(ENDPOINTS.targetValidate, {});
    expect(res.statusCode).toBe(400);
    expect(error(res).field).toBe('targetToken');
  });

  it('answers a bad pairing body with the field at fault', async () => {
    const c = await start();
    const res = await c.post(ENDPOINTS.pair, { nonce: 'short', share: 'x' }, FIREFOX_ORIGIN);
    expect(res.statusCode).toBe(400);
    expect(error(res).field).toBe('nonce');
    // 32 bytes that encode no ristretto255 element (not canonical)
    const bad = await c.post(ENDPOINTS.pair, { nonce: nonce(), share: Buffer.alloc(32, 0xff).toString('base64url') }, FIREFOX_ORIGIN);
    expect(bad.statusCode).toBe(400);
    expect(error(bad)).toMatchObject({ field: 'share' });
    const tag = await c.post(ENDPOINTS.pairConfirm, { nonce: nonce(), confirm: 'short' }, FIREFOX_ORIGIN);
    expect(error(tag).field).toBe('confirm');
  });
});

describe('the proof before credentials', () => {
  it('proves it holds the key: the proof matches the paired key and not another', async () => {
    const c = await start();
    const paired = await c.pair(c.code(), FIREFOX_ORIGIN);
    const n = nonce();
    const res = await c.post(ENDPOINTS.pairProof, { nonce: n }, FIREFOX_ORIGIN);
    expect(res.statusCode, res.payload).toBe(200);
    const proof = PairProofResponseSchema.parse(res.json());
    expect(proof.companionId).toBe(paired.companionId);
    expect(proof.proof).toBe(expectedProof(paired.key!, FIREFOX_ORIGIN, 0, n));
    const otherKey = Buffer.alloc(32, 7).toString('base64url');
    expect(proof.proof).not.toBe(expectedProof(otherKey, FIREFOX_ORIGIN, 0, n));
    // a fresh nonce, a fresh proof: nothing to replay
    const again = PairProofResponseSchema.parse((await c.post(ENDPOINTS.pairProof, { nonce: nonce() }, FIREFOX_ORIGIN)).json());
    expect(again.proof).not.toBe(proof.proof);
    // the key never travels again
    expect(res.payload).not.toContain(paired.key!);
  });

  it('binds the proof to the port it is reached on, so a relay on another port cannot pass it on', async () => {
    const c = await start();
    const paired = await c.pair(c.code(), FIREFOX_ORIGIN);
    const address = await c.app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(address).port);
    const n = nonce();
    const res = await fetch(`${address}${ENDPOINTS.pairProof}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: FIREFOX_ORIGIN },
      body: JSON.stringify({ nonce: n }),
    });
    const proof = PairProofResponseSchema.parse(await res.json());
    expect(proof.proof).toBe(expectedProof(paired.key!, FIREFOX_ORIGIN, port, n));
    expect(proof.proof).not.toBe(expectedProof(paired.key!, FIREFOX_ORIGIN, 8787, n));
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
