import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ENDPOINTS, KEY_WRAP_CONTEXT, PROOF_CONTEXT, PairConfirmResponseSchema, PairResponseSchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import type { CodeNotice } from '@dnsferry/companion/pairing/codes';
import {
  calculateGenerator,
  deriveIsk,
  lvCat,
  macKey,
  sameBytes,
  sampleScalar,
  scalarMult,
  scalarMultVfy,
  tag,
} from '@dnsferry/shared/cpace';
import { channelId } from '@dnsferry/companion/pairing/exchange';
import { captureLogs, recordSecrets, watchResponses } from '../../support/leak-watch';

/** A Firefox-style extension origin (random per installation), which no configuration allows. */
export const FIREFOX_ORIGIN = 'moz-extension://0d1b5e3a-5a4e-4b5e-9c1d-3f5e2a7b9c11';

export const mac = (key: string | Buffer, text: string): string => createHmac('sha256', key).update(text, 'utf8').digest('base64url');
export const nonce = (): string => randomBytes(24).toString('base64url');
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));
const empty = new Uint8Array(0);
const utf8ToBytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

export const expectedProof = (key: string, origin: string, port: number, n: string) =>
  mac(Buffer.from(key, 'base64url'), `${PROOF_CONTEXT}${origin}\n${port}\n${n}`);

/** The extension's side of the exchange (the CPace initiator), for `code` as printed, with its dashes. */
export function initiator(code: string, origin: string, port = 0, n = nonce()) {
  const sid = bytes(n);
  const y = sampleScalar();
  const ya = scalarMult(y, calculateGenerator(utf8ToBytes(code.replace(/-/g, '')), channelId(origin, port), sid));
  return {
    nonce: n,
    start: { nonce: n, share: b64(ya) },
    /** The confirm body once the companion's share came, and what the answer to it must hold. */
    confirm(share: string) {
      const k = scalarMultVfy(y, bytes(share));
      if (!k) throw new Error('the companion sent an unusable share');
      const isk = deriveIsk(sid, k, ya, empty, bytes(share), empty);
      const mk = macKey(sid, isk);
      return {
        body: { nonce: n, confirm: b64(tag(mk, ya, empty)) },
        /** The key, if the companion's tag is right (else null). */
        open(answer: { sealedKey: string; confirm: string }): string | null {
          const sealed = bytes(answer.sealedKey);
          if (!sameBytes(tag(mk, bytes(share), empty, sealed), bytes(answer.confirm))) return null;
          const wrap = createHash('sha512')
            .update(lvCat(utf8ToBytes(KEY_WRAP_CONTEXT), isk))
            .digest();
          return b64(sealed.map((b, i) => b ^ (wrap[i] ?? 0)));
        },
      };
    },
  };
}

/** The companion with its pairing codes captured (as the terminal would show them). */
export async function pairingApp(config: Partial<Config> = {}) {
  const codes: CodeNotice[] = [];
  const { logs, logStream } = captureLogs();
  let askForCode = (): void => undefined;
  const app = buildApp(
    { ...DEFAULTS, logLevel: 'debug', ...config },
    {
      logStream,
      onPairingCode: (n) => {
        codes.push(n);
        recordSecrets(n.code.replace(/-/g, ''), n.code);
      },
      askForCodes: (issue) => (askForCode = issue),
    },
  );
  watchResponses(app);
  await app.ready();
  const post = (url: string, payload: unknown, origin?: string) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: origin ? { origin } : {} });
  return {
    app,
    codes,
    logs,
    code: () => codes.at(-1)?.code ?? '',
    /** What Enter in the companion's terminal does. */
    askForCode: () => askForCode(),
    post,
    /** Both steps of a pairing with `code`, as the extension makes them; `key` when the companion proved itself. */
    async pair(code: string, origin: string) {
      const ext = initiator(code, origin);
      const first = await post(ENDPOINTS.pair, ext.start, origin);
      if (first.statusCode !== 200) return { first, second: null, key: null, companionId: null };
      const step = ext.confirm(PairResponseSchema.parse(first.json()).share);
      const second = await post(ENDPOINTS.pairConfirm, step.body, origin);
      if (second.statusCode !== 200) return { first, second, key: null, companionId: null };
      const answer = PairConfirmResponseSchema.parse(second.json());
      return { first, second, key: step.open(answer), companionId: answer.companionId };
    },
  };
}
