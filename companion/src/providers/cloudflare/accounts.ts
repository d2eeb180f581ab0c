import type { TargetAccount } from '@dnsferry/shared';
import { UpstreamError } from '../../errors';
import type { CloudflareClient } from './client';
import { CAPABILITIES } from './capabilities';

interface VerifyResult {
  id: string;
  status: string;
  expires_on?: string;
}

/**
 * Verifies a token and lists the accounts it can use. User tokens verify at /user/tokens/verify,
 * account-owned tokens (prefix `cfat_`, or an unprefixed one that fails there) at
 * /accounts/{id}/tokens/verify. A token that is not active answers 401 like an invalid one.
 * Someone is waiting on the answer, so an unreachable Cloudflare is reported at once (failFast).
 */
export async function verifyAndListAccounts(
  client: CloudflareClient,
  token: string,
  accountId: string | undefined,
  signal: AbortSignal,
): Promise<{ accounts: TargetAccount[]; status: string; expiresOn?: string }> {
  const verified = await verify(client, token, accountId, signal);
  if (verified.status !== 'active') {
    throw new UpstreamError('Cloudflare', 'auth', 1000, `this API token is ${verified.status}; create a new one`, 401);
  }
  const accounts = await client.listAll<{ id: string; name: string }>('/accounts', {}, CAPABILITIES.limits.accountsPerPage, signal, {
    failFast: true,
  });
  // Zone read is the least a migration needs; a token without it fails here rather than mid-migration.
  await client.call('GET', '/zones', { query: { per_page: 5 }, signal, failFast: true });
  return {
    accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
    status: verified.status,
    ...(verified.expires_on ? { expiresOn: verified.expires_on } : {}),
  };
}

async function verify(client: CloudflareClient, token: string, accountId: string | undefined, signal: AbortSignal): Promise<VerifyResult> {
  const accountPath = accountId ? `/accounts/${accountId}/tokens/verify` : undefined;
  if (token.startsWith('cfat_')) {
    if (!accountPath) {
      throw new UpstreamError(
        'Cloudflare',
        'invalid',
        undefined,
        'an account-owned token (cfat_…) is verified per account: send targetAccountId too',
        400,
      );
    }
    return (await client.call<VerifyResult>('GET', accountPath, { signal, failFast: true })).result;
  }
  try {
    return (await client.call<VerifyResult>('GET', '/user/tokens/verify', { signal, failFast: true })).result;
  } catch (err) {
    if (accountPath && err instanceof UpstreamError && err.kind === 'auth') {
      return (await client.call<VerifyResult>('GET', accountPath, { signal, failFast: true })).result;
    }
    throw err;
  }
}
