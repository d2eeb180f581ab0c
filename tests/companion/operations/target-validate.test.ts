import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, TargetValidateResponseSchema } from '@dnsferry/shared';
import { listen, useStack } from '../../support/stack';

const stack = useStack({ once: true });

const validate = (payload: Record<string, unknown>) => stack().app.inject({ method: 'POST', url: '/api/target/validate', payload });

describe('POST /api/target/validate', () => {
  it('returns the accounts of a valid user token', async () => {
    const res = await validate({ targetToken: stack().seed.token });
    expect(res.statusCode).toBe(200);
    const body = TargetValidateResponseSchema.parse(res.json());
    expect(body.token.status).toBe('active');
    expect(body.accounts.map((a) => a.id).sort()).toEqual(
      stack()
        .seed.accounts.map((a) => a.id)
        .sort(),
    );
  });

  it('answers over a real socket too (a read request body must not count as the client leaving)', async () => {
    const url = await listen(stack().app);
    const res = await fetch(`${url}/api/target/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targetToken: stack().seed.token }),
    });
    expect(res.status).toBe(200);
    expect(TargetValidateResponseSchema.parse(await res.json()).accounts).toHaveLength(2);
  });

  it('verifies an account-owned token at its account', async () => {
    const token = stack().sim.addToken({ kind: 'account', value: `cfat_${'a'.repeat(40)}`, accountIds: [stack().seed.accountId] });
    const missing = await validate({ targetToken: token });
    expect(missing.statusCode).toBe(400);
    const res = await validate({ targetToken: token, targetAccountId: stack().seed.accountId });
    expect(res.statusCode).toBe(200);
    expect(TargetValidateResponseSchema.parse(res.json()).accounts.map((a) => a.id)).toEqual([stack().seed.accountId]);
  });

  it('answers 401 with the target code for an unknown token', async () => {
    const res = await validate({ targetToken: 'x'.repeat(40) });
    expect(res.statusCode).toBe(401);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toMatch(/^Cloudflare 1000: /);
  });

  it('answers 401 for an expired token', async () => {
    const res = await validate({ targetToken: stack().seed.expiredToken });
    expect(res.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(res.json()).error.message).toMatch(/expired/);
  });

  it('answers 403 for a token without the permissions a migration needs', async () => {
    const token = stack().sim.addToken({ accountIds: [stack().seed.accountId], permissions: [] });
    const res = await validate({ targetToken: token });
    expect(res.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(res.json()).error.code).toBe('forbidden');
  });

  it('never logs or echoes the token', async () => {
    const secret = `zz${'q'.repeat(38)}`;
    const res = await validate({ targetToken: secret });
    expect(res.payload).not.toContain(secret);
    await validate({ targetToken: stack().seed.token });
    await stack().app.inject({
      method: 'POST',
      url: '/api/migrate',
      payload: {
        targetToken: stack().seed.token,
        targetAccountId: stack().seed.accountId,
        zones: [{ name: 'logs.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }],
      },
    });
    const all = stack().logs.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(stack().seed.token);
  });
});
