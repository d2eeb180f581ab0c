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
  const body = asUsage(rt, () =>
    parseBody(API.targetValidate.request.schema, { targetToken: token, ...(wanted ? { targetAccountId: wanted } : {}) }),
  );
  let answer: TargetValidateResponse;
  try {
    answer = await targetValidate.run(body, rt, rt.signal);
  } catch (err) {
    throw targetFailure(rt, err);
  }
  const { accounts, token: check } = answer;
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

/** A failure of a call a command needs before it starts, as the exit code it means. */
export function targetFailure(rt: Runtime, err: unknown): unknown {
  if (!(err instanceof UpstreamError)) return err;
  const message = rt.redactor.scrub(err.message);
  if (err.kind === 'auth' || err.kind === 'permission' || err.kind === 'invalid') return new CliError(EXIT.usage, message);
  if (err.kind === 'upstream' || err.kind === 'timeout' || rt.unreachable()) return new CliError(EXIT.unreachable, message);
  return new CliError(EXIT.failed, message);
}
