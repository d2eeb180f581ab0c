import { createHmac, randomBytes } from 'node:crypto';
import { PAIR_CONTEXT, PROOF_CONTEXT } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import type { CodeNotice } from '@dnsferry/companion/pairing/codes';
import { captureLogs, recordSecrets, watchResponses } from '../../support/leak-watch';

/** A Firefox-style extension origin (random per installation), which no configuration allows. */
export const FIREFOX_ORIGIN = 'moz-extension://0d1b5e3a-5a4e-4b5e-9c1d-3f5e2a7b9c11';

export const mac = (key: string | Buffer, text: string): string => createHmac('sha256', key).update(text, 'utf8').digest('base64url');
export const nonce = (): string => randomBytes(24).toString('base64url');
/** The pairing request an extension sends for `code` (as printed, with its dash). */
export function pairBody(code: string, origin: string, n = nonce()) {
  const plain = code.replace('-', '');
  return { nonce: n, codeProof: mac(plain, `${PAIR_CONTEXT}extension\n${origin}\n${n}`) };
}
export const expectedProof = (key: string, origin: string, port: number, n: string) =>
  mac(Buffer.from(key, 'base64url'), `${PROOF_CONTEXT}${origin}\n${port}\n${n}`);
export const companionCodeProof = (code: string, origin: string, port: number, n: string, key: string) =>
  mac(code.replace('-', ''), `${PAIR_CONTEXT}companion\n${origin}\n${port}\n${n}\n${key}`);

/** The companion with its pairing codes captured (as the terminal would show them). */
export async function pairingApp(config: Partial<Config> = {}) {
  const codes: CodeNotice[] = [];
  const { logs, logStream } = captureLogs();
  const app = buildApp(
    { ...DEFAULTS, logLevel: 'debug', ...config },
    {
      logStream,
      onPairingCode: (n) => {
        codes.push(n);
        recordSecrets(n.code.replace('-', ''), n.code);
      },
    },
  );
  watchResponses(app);
  await app.ready();
  return {
    app,
    codes,
    logs,
    code: () => codes.at(-1)?.code ?? '',
    post(url: string, payload: unknown, origin?: string) {
      return app.inject({ method: 'POST', url, payload: payload as object, headers: origin ? { origin } : {} });
    },
  };
}
