import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  PROOF_CONTEXT,
  type PairConfirmRequest,
  type PairConfirmResponse,
  type PairProofResponse,
  type PairRequest,
  type PairResponse,
} from '@dnsferry/shared';
import { AppError } from '../errors';
import { createCodeKeeper, type CodeKeeper, type CodeLimits, type CodeNotice } from './codes';
import { confirms, createAttempts, respond, sealKey } from './exchange';
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
  /** Shows a fresh code (the person asked for one, to pair another browser). */
  newCode(): void;
  /** May this browser origin call every endpoint? */
  isPaired(origin: string): Promise<boolean>;
  /** Step 1: the CPace shares. `port` is the one the companion was reached on. */
  pair(origin: string | undefined, port: number, request: PairRequest): Promise<PairResponse>;
  /** Step 2: the extension's tag first; then the origin is registered and its key sent, sealed. */
  confirm(origin: string | undefined, request: PairConfirmRequest): Promise<PairConfirmResponse>;
  /** `port` is the one the companion was reached on, so a relay on another port cannot reuse the proof. */
  prove(origin: string | undefined, port: number, nonce: string): Promise<PairProofResponse>;
}

/** The proof an extension expects (see the shared contract); the extension computes its twin. */
export function proofFor(key: Buffer, origin: string, port: number, nonce: string): string {
  return b64url(createHmac('sha256', key).update(`${PROOF_CONTEXT}${origin}\n${port}\n${nonce}`, 'utf8').digest());
}

/**
 * How long the second step may wait for the first, and how many attempts may wait at once. Each start
 * costs the companion a hash to the group and two scalar multiplications (32 ms on a busy 2-core
 * machine), so pushing a user's attempt out between its two steps (milliseconds apart) would take
 * seconds of forged starts; an attempt weighs about 300 bytes.
 */
const ATTEMPT_TTL_MS = 60_000;
const MAX_ATTEMPTS = 1024;

export function createPairing(opts: PairingOptions): Pairing {
  const allowed = new Set(opts.allowedOrigins);
  const now = opts.now ?? Date.now;
  let identity: Promise<Identity> | null = null;
  const load = () => (identity ??= openIdentity(opts.home));
  const codes: CodeKeeper = createCodeKeeper({ onCode: opts.onCode, now, ...(opts.limits ? { limits: opts.limits } : {}) });
  const attempts = createAttempts(MAX_ATTEMPTS, now);

  function browserOrigin(origin: string | undefined, what: string): string {
    if (origin === undefined)
      throw new AppError('forbidden', `${what} is for the dnsferry browser extension; scripts without an Origin need no pairing`);
    if (!isExtensionOrigin(origin))
      throw new AppError('forbidden', `${what} is for browser extensions; origin ${origin.slice(0, 100)} is not one`);
    return origin;
  }
  const refused = (origin: string, reason: string, message: string): AppError => {
    opts.log.warn({ origin, reason }, 'pairing refused');
    return new AppError('unauthorized', message);
  };

  return {
    async start() {
      await load();
      codes.issue('start');
    },
    newCode() {
      codes.issue('asked');
    },
    async isPaired(origin) {
      return allowed.has(origin) || (await load()).isPaired(origin);
    },
    async pair(rawOrigin, port, request) {
      const origin = browserOrigin(rawOrigin, 'pairing');
      await load();
      const live = codes.live();
      if (!live) throw refused(origin, 'expired', 'the pairing code has expired: the companion now shows a new code');
      const answer = respond(live, origin, port, request.nonce, request.share, now() + ATTEMPT_TTL_MS);
      if (!answer) throw new AppError('invalid_request', 'share: not a ristretto255 element this exchange can use', 'share');
      attempts.put(request.nonce, answer.attempt);
      return { success: true, share: answer.share };
    },
    async confirm(rawOrigin, request) {
      const origin = browserOrigin(rawOrigin, 'pairing');
      const id = await load();
      const attempt = attempts.take(request.nonce, origin);
      if (!attempt) throw refused(origin, 'no attempt', 'no pairing is under way for this nonce (it timed out or was used): start again');
      if (!codes.isLive(attempt.serial)) {
        throw refused(origin, 'replaced', 'the pairing code was replaced meanwhile: type the code the companion shows now');
      }
      if (!confirms(attempt, request.confirm)) {
        const lengthened = codes.wrong(attempt.serial) === 'lengthened';
        throw refused(
          origin,
          'wrong',
          lengthened
            ? 'that is not the pairing code; after many wrong codes the companion now shows a longer one: type that'
            : 'that is not the pairing code this companion shows',
        );
      }
      codes.used(attempt.serial); // before the write's await: a code pairs once, however many attempts carry it
      await id.addOrigin(origin);
      opts.log.info({ origin }, 'browser extension paired');
      return { success: true, companionId: id.companionId, ...sealKey(attempt, id.keyFor(origin)) };
    },
    async prove(rawOrigin, port, nonce) {
      const origin = browserOrigin(rawOrigin, 'a proof of identity');
      const id = await load();
      // Only a registered pairing: a configured origin whose pairing was lost (a new identity) must
      // hear "not paired", not get a proof its old key cannot match ("not your companion").
      if (!(await id.isPaired(origin))) {
        throw new AppError(
          'forbidden',
          'this browser extension is not paired with this companion: pair it with the code the companion shows',
        );
      }
      return { success: true, companionId: id.companionId, proof: proofFor(id.keyFor(origin), origin, port, nonce) };
    },
  };
}
