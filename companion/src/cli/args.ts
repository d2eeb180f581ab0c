import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './exit-codes';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Where a credential goes instead of a flag. */
const env = (names: string) => `Set ${names} in the environment instead (or run on a terminal without it and dnsferry asks).`;

/**
 * Flags that would carry a credential, and where the credential goes instead. A command line shows
 * in `ps` to every user of the machine and stays in the shell's history, so these are refused before
 * anything else is read (their value is never repeated).
 */
const CREDENTIAL_FLAGS: Array<[RegExp, string]> = [
  [/client[-_]?secret|^secret$/i, env('AZURE_CLIENT_SECRET')],
  [/client[-_]?id|app[-_]?id/i, env('AZURE_CLIENT_ID')],
  [/tenant/i, env('AZURE_TENANT_ID')],
  [/access[-_]?key|aws/i, env('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY')],
  [/session[-_]?token/i, env('AWS_SESSION_TOKEN')],
  [/tsig/i, 'Give the key in a file instead: --tsig-key FILE, as tsig-keygen writes it.'],
  [/source[-_]?token/i, env('CLOUDFLARE_SOURCE_API_TOKEN')],
  [/token|api[-_]?key|password|passwd|secret|credential|auth/i, env('CLOUDFLARE_API_TOKEN')],
];

/** Flags that name a file holding a credential, not the credential itself. */
const FILE_FLAGS = new Set(['tsig-key']);

export function refuseCredentialFlags(args: readonly string[]): void {
  for (const arg of args) {
    if (arg === '--') return;
    const name = /^--?([^=]+)/.exec(arg)?.[1];
    if (!name) continue;
    const instead = FILE_FLAGS.has(name) ? undefined : CREDENTIAL_FLAGS.find(([re]) => re.test(name))?.[1];
    if (instead) {
      throw usageError(
        `--${name}: dnsferry takes no credential from a flag, because a command line shows in \`ps\` and stays in the shell's history. ` +
          instead,
      );
    }
  }
}

/** node:util parseArgs, strict, its errors turned into usage errors that point at --help. */
export function parseCommand<O extends Options>(command: string, args: string[], options: O) {
  refuseCredentialFlags(args);
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) {
      throw usageError(`${err.message.replace(/\. To specify a positional.*$/s, '')} (see dnsferry ${command} --help)`);
    }
    throw err;
  }
}
