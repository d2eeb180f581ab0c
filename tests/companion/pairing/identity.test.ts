import { chmod, chown, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, PairProofResponseSchema } from '@dnsferry/shared';
import { loadConfig } from '@dnsferry/companion/config';
import { IDENTITY_FILE, openIdentity } from '@dnsferry/companion/pairing/identity';
import { recordSecrets } from '../../support/leak-watch';
import { expectedProof, FIREFOX_ORIGIN, nonce, pairingApp } from './pairing-app';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dnsferry-home-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('the companion identity on disk', () => {
  it('is made at first start: a 0600 file in a 0700 folder, holding a 256-bit secret', async () => {
    const home = join(root, 'config', 'dnsferry');
    const c = await pairingApp({ home });
    await c.app.close();
    expect(await mode(home)).toBe(0o700);
    expect(await mode(join(home, IDENTITY_FILE))).toBe(0o600);
    const stored = JSON.parse(await readFile(join(home, IDENTITY_FILE), 'utf8')) as { secret: string; origins: string[] };
    recordSecrets(stored.secret);
    expect(Buffer.from(stored.secret, 'base64url')).toHaveLength(32);
    expect(stored.origins).toEqual([]);
  });

  it('keeps paired origins across restarts: the same key proves, with no new pairing', async () => {
    const home = join(root, 'dnsferry');
    const first = await pairingApp({ home });
    const paired = await first.pair(first.code(), FIREFOX_ORIGIN);
    await first.app.close();
    const stored = JSON.parse(await readFile(join(home, IDENTITY_FILE), 'utf8')) as { secret: string; origins: string[] };
    recordSecrets(stored.secret);
    expect(stored.origins).toEqual([FIREFOX_ORIGIN]);
    // the secret itself is not the key that was handed out
    expect(stored.secret).not.toBe(paired.key);

    const second = await pairingApp({ home });
    const n = nonce();
    const res = await second.post(ENDPOINTS.pairProof, { nonce: n }, FIREFOX_ORIGIN);
    expect(res.statusCode).toBe(200);
    const proof = PairProofResponseSchema.parse(res.json());
    expect(proof.proof).toBe(expectedProof(paired.key!, FIREFOX_ORIGIN, 0, n));
    expect(proof.companionId).toBe(paired.companionId);
    await second.app.close();
  });

  it('takes group and other permissions away from an existing file and folder', async () => {
    const home = join(root, 'loose');
    await (await pairingApp({ home })).app.close();
    await chmod(home, 0o755);
    await chmod(join(home, IDENTITY_FILE), 0o644);
    await openIdentity(home);
    expect(await mode(home)).toBe(0o700);
    expect(await mode(join(home, IDENTITY_FILE))).toBe(0o600);
  });

  it.runIf(process.getuid?.() === 0)('refuses an identity file another user owns', async () => {
    const home = join(root, 'planted');
    await (await pairingApp({ home })).app.close();
    await chown(join(home, IDENTITY_FILE), 65534, 65534);
    await expect(openIdentity(home)).rejects.toThrow(/belongs to another user/);
  });

  it('stops the start on a damaged file instead of making a new secret', async () => {
    const home = join(root, 'damaged');
    await (await pairingApp({ home })).app.close();
    await writeFile(join(home, IDENTITY_FILE), '{"version":1', { mode: 0o600 });
    await expect(pairingApp({ home })).rejects.toThrow(/damaged; delete it/);
  });

  it('keeps two companions starting at once on one secret', async () => {
    const home = join(root, 'race');
    const [a, b] = await Promise.all([openIdentity(home), openIdentity(home)]);
    expect(a.companionId).toBe(b.companionId);
    expect(a.keyFor(FIREFOX_ORIGIN).equals(b.keyFor(FIREFOX_ORIGIN))).toBe(true);
  });

  it('keeps every origin when companions share a home: each pairing is added to what the file holds, and each sees the others', async () => {
    const home = join(root, 'shared');
    const [a, b] = await Promise.all([pairingApp({ home }), pairingApp({ home })]);
    const chrome = 'chrome-extension://cgcikpkplhpcpopalmhbmhcndndpgkll';
    // both at once: the lock keeps either from writing over the other
    const [pa, pb] = await Promise.all([a.pair(a.code(), FIREFOX_ORIGIN), b.pair(b.code(), chrome)]);
    expect(pa.key && pb.key).toBeTruthy();
    const stored = JSON.parse(await readFile(join(home, IDENTITY_FILE), 'utf8')) as { secret: string; origins: string[] };
    recordSecrets(stored.secret);
    expect(stored.origins.sort()).toEqual([chrome, FIREFOX_ORIGIN].sort());
    // the origin paired through b is paired for a too, without a restart
    expect((await a.post(ENDPOINTS.pairProof, { nonce: nonce() }, chrome)).statusCode).toBe(200);
    expect((await b.post(ENDPOINTS.pairProof, { nonce: nonce() }, FIREFOX_ORIGIN)).statusCode).toBe(200);
    await Promise.all([a.app.close(), b.app.close()]);
  });

  it('keeps all of 20 pairings written at once by two identities on one home', async () => {
    const home = join(root, 'many');
    const [a, b] = await Promise.all([openIdentity(home), openIdentity(home)]);
    const origins = Array.from({ length: 20 }, (_, i) => `chrome-extension://${'abcdefghijklmnop'[i % 16]!.repeat(31)}${'ab'[i >> 4]}`);
    await Promise.all(origins.map((o, i) => (i % 2 ? a : b).addOrigin(o)));
    expect((await a.origins()).sort()).toEqual([...origins].sort());
    expect((await b.origins()).sort()).toEqual([...origins].sort());
  });

  it('gives each origin its own key', async () => {
    const id = await openIdentity(null);
    expect(id.keyFor(FIREFOX_ORIGIN).equals(id.keyFor('chrome-extension://cgcikpkplhpcpopalmhbmhcndndpgkll'))).toBe(false);
  });
});

describe('where the identity lives (configuration)', () => {
  it('is DNSFERRY_HOME, else the XDG config folder, else ~/.config/dnsferry', () => {
    expect(loadConfig({ DNSFERRY_HOME: '/srv/ferry', XDG_CONFIG_HOME: '/x' }).home).toBe('/srv/ferry');
    expect(loadConfig({ XDG_CONFIG_HOME: '/x/conf', HOME: '/home/ann' }).home).toBe('/x/conf/dnsferry');
    expect(loadConfig({ HOME: '/home/ann' }).home).toBe('/home/ann/.config/dnsferry');
    expect(loadConfig({ HOME: '/home/ann' }, { fallbackHome: '/repo/.tmp/sandbox-home' }).home).toBe('/repo/.tmp/sandbox-home');
    expect(() => loadConfig({ DNSFERRY_HOME: 'relative/dir' })).toThrow(/DNSFERRY_HOME must be an absolute path/);
  });
});
