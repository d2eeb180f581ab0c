import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { API, type MigrateRequest } from '@dnsferry/shared';
import { CompanionError, postJson, streamNdjson } from '@/utils/companion';
import { companionFetch, errorBody, json, ndjson, refused } from '../support/fetch';
import { pairTestCompanion, proofAnswer } from '../support/pairing';

beforeEach(async () => {
  fakeBrowser.reset();
  await pairTestCompanion();
});
const PROOF = '/api/pair/proof';
/** The calls that are not the proof request. */
const work = (calls: Array<{ url: string; body: unknown }>) => calls.filter((c) => !c.url.endsWith(PROOF));

const BASE = 'http://127.0.0.1:8787';
const MIGRATE: MigrateRequest = { targetToken: 'secret-token', targetAccountId: 'a'.repeat(32), zones: [{ name: 'example.com' }] };

describe('postJson', () => {
  it('posts JSON and returns the validated answer', async () => {
    const fetch = companionFetch({
      '/api/target/validate': () =>
        json(200, { success: true, accounts: [{ id: 'a'.repeat(32), name: 'Acme' }], token: { status: 'active' } }),
    });
    const res = await postJson(`${BASE}/`, API.targetValidate, { targetToken: 't' }, { fetch });
    expect(res.accounts[0]?.name).toBe('Acme');
    expect(work(fetch.calls)).toEqual([{ url: `${BASE}/api/target/validate`, body: { targetToken: 't' } }]);
  });

  it('turns an error body into a CompanionError with status, code, message and field', async () => {
    const fetch = companionFetch({
      '/api/target/validate': () =>
        errorBody(403, 'forbidden', 'Cloudflare 9109: Unauthorized to access requested resource', 'targetToken'),
    });
    const err = await postJson(BASE, API.targetValidate, { targetToken: 't' }, { fetch }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CompanionError);
    expect(err).toMatchObject({
      kind: 'http',
      status: 403,
      code: 'forbidden',
      field: 'targetToken',
      message: 'Cloudflare 9109: Unauthorized to access requested resource',
    });
  });

  it('reports an unreachable companion and an answer outside the contract differently', async () => {
    await expect(postJson(BASE, API.targetValidate, { targetToken: 't' }, { fetch: refused })).rejects.toMatchObject({
      kind: 'unreachable',
    });
    const fetch = companionFetch({ '/api/target/validate': () => json(200, { hello: 'world' }) });
    await expect(postJson(BASE, API.targetValidate, { targetToken: 't' }, { fetch })).rejects.toMatchObject({ kind: 'protocol' });
  });
});

describe('streamNdjson', () => {
  it('yields each line validated, also when lines are split across chunks', async () => {
    const events = [
      { type: 'status', zone: 'example.com', message: 'Migrating example.com' },
      { type: 'record', zone: 'example.com', message: '[1/2] A @ → 192.0.2.1', index: 1, total: 2 },
      { type: 'skip', zone: 'example.com', message: '[2/2] A www already exists', index: 2, total: 2 },
    ];
    const text = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    const chunks = [text.slice(0, 7), text.slice(7, 70), text.slice(70, 71), text.slice(71)];
    const fetch = companionFetch({ '/api/migrate': () => ndjson(chunks) });
    const got = [];
    for await (const e of streamNdjson(BASE, API.migrate, MIGRATE, { fetch })) got.push(e);
    expect(got).toEqual(events);
  });

  it('reads a last line without a newline, and refuses a line that is not in the contract', async () => {
    const ok = companionFetch({ '/api/migrate': () => ndjson(['{"type":"done","results":[]}']) });
    const got = [];
    for await (const e of streamNdjson(BASE, API.migrate, MIGRATE, { fetch: ok })) got.push(e);
    expect(got).toEqual([{ type: 'done', results: [] }]);

    const bad = companionFetch({
      '/api/migrate': () => ndjson(['{"type":"status","zone":"a.com","message":"x"}\n', '{"type":"weird"}\n']),
    });
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const e of streamNdjson(BASE, API.migrate, MIGRATE, { fetch: bad })) seen.push(e);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(err).toMatchObject({ kind: 'protocol' });
  });

  it('fails before streaming when the companion refuses the request', async () => {
    const fetch = companionFetch({
      '/api/migrate': () => errorBody(400, 'invalid_request', 'zones: at least one zone is needed', 'zones'),
    });
    const it = streamNdjson(BASE, API.migrate, { ...MIGRATE, zones: [] }, { fetch });
    await expect(it.next()).rejects.toMatchObject({ kind: 'http', status: 400, field: 'zones' });
  });
});

describe('the proof before credentials', () => {
  const validate = () => json(200, { success: true, accounts: [], token: { status: 'active' } });

  it('asks the companion for a fresh proof before every request that carries a credential', async () => {
    const fetch = companionFetch({ [PROOF]: proofAnswer(), '/api/target/validate': validate });
    await postJson(BASE, API.targetValidate, { targetToken: 't' }, { fetch });
    await postJson(BASE, API.targetValidate, { targetToken: 't' }, { fetch });
    expect(fetch.calls.map((c) => new URL(c.url).pathname)).toEqual([PROOF, '/api/target/validate', PROOF, '/api/target/validate']);
    const nonces = fetch.calls.filter((c) => c.url.endsWith(PROOF)).map((c) => (c.body as { nonce: string }).nonce);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('sends nothing to a server that cannot prove it holds the key (an impostor on the port)', async () => {
    const impostors = [
      // proves with another key
      proofAnswer(Buffer.alloc(32, 1).toString('base64url')),
      // answers anything with 200
      () => json(200, { success: true, companionId: 'x', proof: 'A'.repeat(43) }),
      // is some other web server
      () => new Response('<html>hello</html>', { status: 404 }),
    ];
    for (const answer of impostors) {
      const fetch = companionFetch({ [PROOF]: answer, '/api/target/validate': validate, '/api/migrate': () => ndjson([]) });
      const err = await postJson(BASE, API.targetValidate, { targetToken: 'secret-token' }, { fetch }).catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: 'impostor' });
      expect((err as Error).message).toMatch(/^This is not your dnsferry companion: .*Nothing was sent to it\.$/);
      const stream = streamNdjson(BASE, API.migrate, MIGRATE, { fetch });
      await expect(stream.next()).rejects.toMatchObject({ kind: 'impostor' });
      expect(work(fetch.calls)).toEqual([]);
      expect(JSON.stringify(fetch.calls)).not.toContain('secret-token');
    }
  });

  it('sends nothing while this browser is not paired', async () => {
    fakeBrowser.reset();
    const fetch = companionFetch({ '/api/target/validate': validate });
    await expect(postJson(BASE, API.targetValidate, { targetToken: 'secret-token' }, { fetch })).rejects.toMatchObject({
      kind: 'unpaired',
    });
    expect(work(fetch.calls)).toEqual([]);
  });

  it('needs no proof for a scan, which carries no credential', async () => {
    fakeBrowser.reset();
    const fetch = companionFetch({
      [PROOF]: proofAnswer(),
      '/api/dns/scan': () => ndjson(['{"type":"done","records":[],"total":0,"subdomainsFound":[]}\n']),
    });
    const got = [];
    for await (const e of streamNdjson(BASE, API.scan, { domain: 'example.com' }, { fetch })) got.push(e);
    expect(got).toHaveLength(1);
    expect(fetch.calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/dns/scan']);
  });

  it('says the companion is down when nothing answers the proof request', async () => {
    await expect(postJson(BASE, API.targetValidate, { targetToken: 't' }, { fetch: refused })).rejects.toMatchObject({
      kind: 'unreachable',
    });
  });
});
