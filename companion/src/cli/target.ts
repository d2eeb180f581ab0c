import type { z } from 'zod';
import { API, TargetAccountIdSchema, type TargetAccount, type TargetValidateResponse } from '@dnsferry/shared';
import { UpstreamError } from '../errors';
import { parseBody } from '../operations/parse';
import { targetValidate } from '../operations/target-validate';
import { asUsage } from './as-usage';
import { CliError, EXIT, usageError } from './exit-codes';
import { cloudflareToken } from './credentials';
import type { Runtime } from './runtime';

export interface TargetLogin {
  token: string;
  accountId: string;
  accounts: TargetAccount[];
  status: string;
  expiresOn?: string;
}

/**
 * The token checked and the account chosen before anything else is done, as /api/target/validate
 * does: a refused token is exit 2 and an unreachable Cloudflare exit 3, said at once rather than as
 * an error per zone. The account: --account, else CLOUDFLARE_ACCOUNT_ID, else the token's only one.
 */
export async function loginToTarget(rt: Runtime, accountFlag: string | undefined): Promise<TargetLogin> {
  const wanted = accountFlag ?? (rt.env.CLOUDFLARE_ACCOUNT_ID?.trim() || undefined);
  if (wanted !== undefined && !TargetAccountIdSchema.safeParse(wanted).success) {
    throw usageError(`${accountFlag ? '--account' : 'CLOUDFLARE_ACCOUNT_ID'}: an account id is 32 hexadecimal characters`);
  }
  const token = await cloudflareToken(rt);
  const { accounts, token: check } = await validateToken(rt, token, wanted);
  const accountId = wanted ?? (accounts.length === 1 ? accounts[0]?.id : undefined);
  if (!accountId) {
    const list = accounts.map((a) => `${a.id} (${a.name})`).join(', ');
    throw usageError(
      accounts.length === 0
        ? 'this token can use no account'
        : `this token can use ${accounts.length} accounts: ${list}; choose one with --account ID or CLOUDFLARE_ACCOUNT_ID`,
    );
  }
  if (!accounts.some((a) => a.id === accountId)) throw usageError(`this token cannot use the account ${accountId}`);
  return { token, accountId, accounts, ...check };
}

/**
 * A body for an endpoint that writes with the login's token and account, checked as the endpoint
 * checks it (a refusal is a usage error with the same sentence).
 */
export function targetBody<S extends z.ZodType>(rt: Runtime, schema: S, login: TargetLogin, fields: object): z.output<S> {
  return asUsage(rt, () => parseBody(schema, { targetToken: login.token, targetAccountId: login.accountId, ...fields }));
}

/** The token checked by the operation /api/target/validate runs, with the account when one is named. */
export async function validateToken(rt: Runtime, token: string, accountId: string | undefined): Promise<TargetValidateResponse> {
  const body = asUsage(rt, () =>
    parseBody(API.targetValidate.request.schema, { targetToken: token, ...(accountId ? { targetAccountId: accountId } : {}) }),
  );
  try {
    return await targetValidate.run(body, rt, rt.signal);
  } catch (err) {
    throw targetFailure(rt, err);
  }
}

/** A failure of a call a command needs before it starts, as the exit code it means. */
export function targetFailure(rt: Runtime, err: unknown): unknown {
  if (!(err instanceof UpstreamError)) return err;
  const message = rt.redactor.scrub(err.message);
  if (err.kind === 'auth' || err.kind === 'permission' || err.kind === 'invalid') return new CliError(EXIT.usage, message);
  if (err.kind === 'upstream' || err.kind === 'timeout' || rt.unreachable()) return new CliError(EXIT.unreachable, message);
  return new CliError(EXIT.failed, message);
}
