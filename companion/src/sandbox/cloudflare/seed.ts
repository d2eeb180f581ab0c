import { type CloudflareSim, type CloudflareSimOptions, startCloudflareSimulator } from './index';

/** Demo/test fixture: two accounts and the tokens a person would paste (valid, expired, read-only). */
export interface CloudflareDemoSeed {
  /** User token with zone:read/edit and dns:read/edit on both accounts. */
  token: string;
  /** zone:read + dns:read only. */
  readOnlyToken: string;
  expiredToken: string;
  /** The "Sandbox Account". */
  accountId: string;
  accounts: Array<{ id: string; name: string }>;
}

export const DEMO_ACCOUNT_ID = '0123456789abcdef0123456789abcdef';
export const SECOND_ACCOUNT_ID = 'fedcba9876543210fedcba9876543210';

export function seedCloudflareDemo(sim: CloudflareSim): CloudflareDemoSeed {
  const main = sim.addAccount({ id: DEMO_ACCOUNT_ID, name: 'Sandbox Account' });
  const second = sim.addAccount({ id: SECOND_ACCOUNT_ID, name: 'Sandbox Agency' });
  const accountIds = [main.id, second.id];
  const token = sim.addToken({ value: 'sandboxDemoToken000000000000000000000001', accountIds });
  const readOnlyToken = sim.addToken({
    value: 'sandboxReadOnlyToken00000000000000000002',
    accountIds,
    permissions: ['zone:read', 'dns:read'],
  });
  const expiredToken = sim.addToken({ value: 'sandboxExpiredToken000000000000000000003', accountIds, status: 'expired' });
  return { token, readOnlyToken, expiredToken, accountId: main.id, accounts: [main, second] };
}

export async function startSeededCloudflareSimulator(
  opts?: CloudflareSimOptions,
): Promise<{ sim: CloudflareSim; seed: CloudflareDemoSeed }> {
  const sim = await startCloudflareSimulator(opts);
  return { sim, seed: seedCloudflareDemo(sim) };
}
