import { parseCommand } from './args';
import { cloudflareToken } from './credentials';
import { EXIT, usageError, type ExitCode } from './exit-codes';
import type { Runtime } from './runtime';
import { validateToken } from './target';

export const ACCOUNTS_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `dnsferry accounts`: the token checked and its accounts listed, as /api/target/validate answers. */
export async function accountsCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { positionals } = parseCommand('accounts', args, ACCOUNTS_OPTIONS);
  if (positionals.length > 0) throw usageError('accounts takes no argument; the token comes from CLOUDFLARE_API_TOKEN');
  const token = await cloudflareToken(rt);
  const accountId = rt.env.CLOUDFLARE_ACCOUNT_ID?.trim() || undefined;
  const answer = await validateToken(rt, token, accountId);
  const { accounts, token: check } = answer;
  const { status, expiresOn } = check;
  if (rt.json) {
    rt.stdout.write(`${JSON.stringify(answer)}\n`);
    return EXIT.ok;
  }
  rt.stdout.write(
    `Token ${status}${expiresOn ? `, expires ${expiresOn}` : ''}; ${accounts.length} account${accounts.length === 1 ? '' : 's'}:\n`,
  );
  for (const a of accounts) rt.stdout.write(`  ${a.id}  ${a.name}\n`);
  return EXIT.ok;
}
