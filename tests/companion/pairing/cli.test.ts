import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@dnsferry/shared';
import { pairingsCommand } from '@dnsferry/companion/pairing/cli';
import { IDENTITY_FILE } from '@dnsferry/companion/pairing/identity';
import { recordSecrets } from '../../support/leak-watch';
import { FIREFOX_ORIGIN, nonce, pairingApp } from './pairing-app';

const CHROME = 'chrome-extension://cgcikpkplhpcpopalmhbmhcndndpgkll';
let home: string;
beforeEach(async () => {
  home = join(await mkdtemp(join(tmpdir(), 'dnsferry-cli-')), 'home');
});
afterEach(async () => {
  await rm(join(home, '..'), { recursive: true, force: true });
});

describe('pairings list | revoke', () => {
  it('lists the paired origins, and revokes one: a running companion refuses it at its next request', async () => {
    const c = await pairingApp({ home });
    expect(await pairingsCommand(['list'], home)).toEqual({
      out: '',
      err: `no browser extension is paired (${join(home, IDENTITY_FILE)})\n`,
      exitCode: 0,
    });
    expect((await c.pair(c.code(), FIREFOX_ORIGIN)).key).not.toBeNull();
    expect((await c.pair(c.code(), CHROME)).key).not.toBeNull();
    recordSecrets((JSON.parse(await readFile(join(home, IDENTITY_FILE), 'utf8')) as { secret: string }).secret);
    expect(await pairingsCommand(['list'], home)).toMatchObject({ out: `${FIREFOX_ORIGIN}\n${CHROME}\n`, exitCode: 0 });

    expect(await pairingsCommand(['revoke', FIREFOX_ORIGIN], home)).toMatchObject({
      out: `revoked ${FIREFOX_ORIGIN}: that extension must pair again\n`,
      exitCode: 0,
    });
    expect(await pairingsCommand(['list'], home)).toMatchObject({ out: `${CHROME}\n` });
    // the companion that paired it, still running, no longer proves itself to it nor lets it call
    expect((await c.post(ENDPOINTS.pairProof, { nonce: nonce() }, FIREFOX_ORIGIN)).statusCode).toBe(403);
    expect((await c.post(ENDPOINTS.targetValidate, {}, FIREFOX_ORIGIN)).statusCode).toBe(403);
    expect((await c.post(ENDPOINTS.pairProof, { nonce: nonce() }, CHROME)).statusCode).toBe(200);
    await c.app.close();
  });

  it('says what is wrong: an origin not paired (naming those that are), and a wrong command', async () => {
    await (await pairingApp({ home })).app.close();
    const res = await pairingsCommand(['revoke', FIREFOX_ORIGIN], home);
    expect(res).toMatchObject({ exitCode: 1, err: expect.stringMatching(`${FIREFOX_ORIGIN} is not paired .*; paired: none`) });
    for (const args of [[], ['revoke'], ['list', 'x'], ['forget', FIREFOX_ORIGIN]]) {
      expect(await pairingsCommand(args, home)).toMatchObject({ exitCode: 2, err: expect.stringMatching(/^usage: /) });
    }
    expect(await pairingsCommand(['list'], null)).toMatchObject({ exitCode: 2, err: expect.stringMatching(/in memory/) });
  });
});
