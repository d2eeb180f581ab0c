import { describe, expect, it } from 'vitest';
import { MigrateEventSchema, TargetValidateResponseSchema } from '@dnsferry/shared';
import { CompanionError, postJson, probeCompanion, streamNdjson } from '@/utils/companion';
import { companionFetch, errorBody, json, ndjson, refused } from '../support/fetch';

const BASE = 'http://127.0.0.1:8787';

describe('postJson', () => {
  it('posts JSON and returns the validated answer', async () => {
    const fetch = companionFetch({
      '/api/target/validate': () => json(200, { success: true, accounts: [{ id: 'a'.repeat(32), name: 'Acme' }], token: { status: 'active' } }),
    });
    const res = await postJson(`${BASE}/`, '/api/target/validate', { targetToken: 't' }, TargetValidateResponseSchema, { fetch });
    expect(res.accounts[0]?.name).toBe('Acme');
    expect(fetch.calls).toEqual([{ url: `${BASE}/api/target/validate`, body: { targetToken: 't' } }]);
  });

  it('turns an error body into a CompanionError with status, code, message and field', async () => {
    const fetch = companionFetch({ '/api/target/validate': () => errorBody(403, 'forbidden', 'Cloudflare 9109: Unauthorized to access requested resource', 'targetToken') });
    const err = await postJson(BASE, '/api/target/validate', {}, TargetValidateResponseSchema, { fetch }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CompanionError);
    expect(err).toMatchObject({ kind: 'http', status: 403, code: 'forbidden', field: 'targetToken', message: 'Cloudflare 9109: Unauthorized to access requested resource' });
  });

  it('reports an unreachable companion and an answer outside the contract differently', async () => {
    await expect(postJson(BASE, '/x', {}, TargetValidateResponseSchema, { fetch: refused })).rejects.toMatchObject({ kind: 'unreachable' });
    const fetch = companionFetch({ '/x': () => json(200, { hello: 'world' }) });
    await expect(postJson(BASE, '/x', {}, TargetValidateResponseSchema, { fetch })).rejects.toMatchObject({ kind: 'protocol' });
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
    for await (const e of streamNdjson(BASE, '/api/migrate', {}, MigrateEventSchema, { fetch })) got.push(e);
    expect(got).toEqual(events);
  });

  it('reads a last line without a newline, and refuses a line that is not in the contract', async () => {
    const ok = companionFetch({ '/m': () => ndjson(['{"type":"done","results":[]}']) });
    const got = [];
    for await (const e of streamNdjson(BASE, '/m', {}, MigrateEventSchema, { fetch: ok })) got.push(e);
    expect(got).toEqual([{ type: 'done', results: [] }]);

    const bad = companionFetch({ '/m': () => ndjson(['{"type":"status","zone":"a.com","message":"x"}\n', '{"type":"weird"}\n']) });
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const e of streamNdjson(BASE, '/m', {}, MigrateEventSchema, { fetch: bad })) seen.push(e);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(err).toMatchObject({ kind: 'protocol' });
  });

  it('fails before streaming when the companion refuses the request', async () => {
    const fetch = companionFetch({ '/api/migrate': () => errorBody(400, 'invalid_request', 'zones: at least one zone is needed', 'zones') });
    const it = streamNdjson(BASE, '/api/migrate', { zones: [] }, MigrateEventSchema, { fetch });
    await expect(it.next()).rejects.toMatchObject({ kind: 'http', status: 400, field: 'zones' });
  });
});

describe('probeCompanion', () => {
  it('is up when an empty validation is refused with the contract error body', async () => {
    const fetch = companionFetch({ '/api/target/validate': () => errorBody(400, 'invalid_request', 'targetToken: expected the target API token', 'targetToken') });
    expect(await probeCompanion(BASE, { fetch })).toBe(true);
  });

  it('is down when nothing answers, or when something else answers', async () => {
    expect(await probeCompanion(BASE, { fetch: refused })).toBe(false);
    const other = (async () => new Response('<html>hello</html>', { status: 404 })) as typeof fetch;
    expect(await probeCompanion(BASE, { fetch: other })).toBe(false);
  });
});
