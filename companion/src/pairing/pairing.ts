import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PAIR_CONTEXT, PROOF_CONTEXT, type PairProofResponse, type PairRequest, type PairResponse } from '@dnsferry/shared';
import { AppError } from '../errors';
import { createCodeKeeper, type CodeKeeper, type CodeLimits, type CodeNotice } from './codes';
import { b64url, openIdentity, type Identity } from './identity';
import { isExtensionOrigin } from './origins';

export interface PairingOptions {
  /** Folder of the identity file; null keeps it in memory. */
  home: string | null;
  /** Origins the configuration allows without pairing (they may still pair, to get a key). */
  allowedOrigins: string[];
  /** Shows a new code to the person at the companion (its terminal); never a log line. */
  onCode: (notice: CodeNotice) => void;
  log: FastifyBaseLogger;
  now?: () => number;
  limits?: CodeLimits;
}

export interface Pairing {
  /** Loads (or creates) the identity and shows the first code; the companion's start waits for it. */
  start(): Promise<void>;
  /** May this browser origin call every endpoint? */
  isPaired(origin: string): Promise<boolean>;
  pair(origin: string | undefined, port: number, request: PairRequest): Promise<PairResponse>;
  /** `port` is the one the companion was reached on, so a relay on another port cannot reuse the proof. */
  prove(origin: string | undefined, port: number, nonce: string): Promise<PairProofResponse>;
}

const mac = (key: Buffer | string, text: string): string => b64url(createHmac('sha256', key).update(text, 'utf8').digest());

/** The proof an extension expects (see the shared contract); the extension computes its twin. */
export function proofFor(key: Buffer, origin: string, port: number, nonce: string): string {
  return mac(key, `${PROOF_CONTEXT}${origin}\n${port}\n${nonce}`);
}

/** What each side of a pairing sends to show it knows the code (see the shared contract). */
export function extensionCodeProof(code: string, origin: string, nonce: string): string {
  return mac(code, `${PAIR_CONTEXT}extension\n${origin}\n${nonce}`);
}
export function companionCodeProof(code: string, origin: string, port: number, nonce: string, key: string): string {
  return mac(code, `${PAIR_CONTEXT}companion\n${origin}\n${port}\n${nonce}\n${key}`);
}

function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export function createPairing(opts: PairingOptions): Pairing {
  const allowed = new Set(opts.allowedOrigins);
  let identity: Promise<Identity> | null = null;
  const load = () => (identity ??= openIdentity(opts.home));
  const codes: CodeKeeper = createCodeKeeper({
    onCode: opts.onCode,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
  });

  function browserOrigin(origin: string | undefined, what: string): string {
    if (origin === undefined)
      throw new AppError('forbidden', `${what} is for the dnsferry browser extension; scripts without an Origin need no pairing`);
    if (!isExtensionOrigin(origin))
      throw new AppError('forbidden', `${what} is for browser extensions; origin ${origin.slice(0, 100)} is not one`);
    return origin;
  }

  return {
    async start() {
      await load();
      codes.issue();
    },
    async isPaired(origin) {
      return allowed.has(origin) || (await load()).isPaired(origin);
    },
    async pair(rawOrigin, port, request) {
      const origin = browserOrigin(rawOrigin, 'pairing');
      const id = await load();
      const result = codes.check((code) => sameMac(extensionCodeProof(code, origin, request.nonce), request.codeProof));
      if (!result.ok) {
        opts.log.warn({ origin, reason: result.reason }, 'pairing refused');
        switch (result.reason) {
          case 'wrong':
            throw new AppError(
              'unauthorized',
              `that is not the pairing code this companion shows (${result.triesLeft} ${result.triesLeft === 1 ? 'try' : 'tries'} left for it)`,
            );
          case 'burnt':
            throw new AppError(
              'unauthorized',
              'that is not the pairing code, and it was the last try for it: the companion now shows a new code',
            );
          case 'expired':
            throw new AppError('unauthorized', 'that pairing code has expired or was already used: the companion now shows a new code');
          case 'locked':
            throw new AppError('rate_limited', `too many wrong pairing codes; try again in ${minutes(result.retryAfterMs)} min`);
        }
      }
      await id.addOrigin(origin);
      opts.log.info({ origin }, 'browser extension paired');
      const key = b64url(id.keyFor(origin));
      return {
        success: true,
        key,
        companionId: id.companionId,
        codeProof: companionCodeProof(result.code, origin, port, request.nonce, key),
      };
    },
    async prove(rawOrigin, port, nonce) {
      const origin = browserOrigin(rawOrigin, 'a proof of identity');
      const id = await load();
      // Only a registered pairing: a configured origin whose pairing was lost (a new identity) must
      // hear "not paired", not get a proof its old key cannot match ("not your companion").
      if (!id.isPaired(origin)) {
        throw new AppError(
          'forbidden',
          'this browser extension is not paired with this companion: pair it with the code the companion shows',
        );
      }
      return { success: true, companionId: id.companionId, proof: proofFor(id.keyFor(origin), origin, port, nonce) };
    },
  };
}
