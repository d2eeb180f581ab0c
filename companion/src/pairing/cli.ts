import { join } from 'node:path';
import { IDENTITY_FILE, openIdentity } from './identity';

export const PAIRINGS_USAGE = `usage: node companion/dist/server.mjs pairings list
       node companion/dist/server.mjs pairings revoke <origin>
The browser extensions paired with the companion whose DNSFERRY_HOME this is; a revoked one must pair again.
`;

/**
 * `pairings list|revoke <origin>`: the paired extension origins of a home, listed or taken away.
 * A running companion sees the change at its next request (it re-reads the file when it changed).
 */
export async function pairingsCommand(args: string[], home: string | null): Promise<{ out: string; err: string; exitCode: number }> {
  const [verb, origin, ...rest] = args;
  if (home === null)
    return { out: '', err: 'this configuration keeps pairings in memory: there is nothing on disk to list\n', exitCode: 2 };
  const id = await openIdentity(home);
  const file = join(home, IDENTITY_FILE);
  if (verb === 'list' && origin === undefined) {
    const origins = await id.origins();
    if (origins.length === 0) return { out: '', err: `no browser extension is paired (${file})\n`, exitCode: 0 };
    return { out: origins.map((o) => `${o}\n`).join(''), err: '', exitCode: 0 };
  }
  if (verb === 'revoke' && origin !== undefined && rest.length === 0) {
    if (await id.removeOrigin(origin)) return { out: `revoked ${origin}: that extension must pair again\n`, err: '', exitCode: 0 };
    const paired = await id.origins();
    return {
      out: '',
      err: `${origin} is not paired (${file}); paired: ${paired.length ? paired.join(', ') : 'none'}\n`,
      exitCode: 1,
    };
  }
  return { out: '', err: PAIRINGS_USAGE, exitCode: 2 };
}
