import { KEY_WRAP_CONTEXT, PAIR_CONTEXT } from '@dnsferry/shared';
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
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

/**
 * The companion's side of a pairing (the CPace responder, see shared/src/api/pair.ts): an attempt
 * holds what the second step needs. It holds no verifier an attacker could take away: the code's
 * generator is gone once the shares are made.
 */
export interface Attempt {
  origin: string;
  /** The code it was made against; a code replaced since makes the attempt stale. */
  serial: number;
  ya: Uint8Array;
  yb: Uint8Array;
  isk: Uint8Array;
  macKey: Uint8Array;
  expiresAt: number;
}

const bytes = (b64url: string): Uint8Array => new Uint8Array(Buffer.from(b64url, 'base64url'));
const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64url');
const empty = new Uint8Array(0);

/** CI binds the extension's origin and the port it reached: a relay on another port gets another key. */
export const channelId = (origin: string, port: number): Uint8Array =>
  lvCat(utf8ToBytes(PAIR_CONTEXT), utf8ToBytes(origin), utf8ToBytes(String(port)));

/** Answers the extension's share; null when the share is not a usable ristretto255 element. */
export function respond(
  code: { code: string; serial: number },
  origin: string,
  port: number,
  nonce: string,
  share: string,
  expiresAt: number,
): { attempt: Attempt; share: string } | null {
  const sid = bytes(nonce);
  const ya = bytes(share);
  const y = sampleScalar();
  const yb = scalarMult(y, calculateGenerator(utf8ToBytes(code.code), channelId(origin, port), sid));
  const k = scalarMultVfy(y, ya);
  if (!k) return null;
  const isk = deriveIsk(sid, k, ya, empty, yb, empty);
  return { attempt: { origin, serial: code.serial, ya, yb, isk, macKey: macKey(sid, isk), expiresAt }, share: b64(yb) };
}

/** Is the extension's tag right, that is, did it use the same code? */
export const confirms = (attempt: Attempt, confirm: string): boolean => sameBytes(tag(attempt.macKey, attempt.ya, empty), bytes(confirm));

/** The key for the origin, sealed under the session key, and the companion's own tag over it. */
export function sealKey(attempt: Attempt, key: Uint8Array): { sealedKey: string; confirm: string } {
  const wrap = sha512(lvCat(utf8ToBytes(KEY_WRAP_CONTEXT), attempt.isk)).subarray(0, key.length);
  const sealed = key.map((b, i) => b ^ (wrap[i] ?? 0));
  return { sealedKey: b64(sealed), confirm: b64(tag(attempt.macKey, attempt.yb, empty, sealed)) };
}

/**
 * Attempts between the two steps, by nonce. Bounded: at most `max` wait (the oldest gives way, so a
 * flood delays no one for long: the extension starts again), each for `ttlMs`, one per origin.
 */
export function createAttempts(max: number, now: () => number) {
  const waiting = new Map<string, Attempt>();
  return {
    put(nonce: string, attempt: Attempt): void {
      for (const [n, a] of waiting) if (a.origin === attempt.origin || a.expiresAt <= now()) waiting.delete(n);
      waiting.set(nonce, attempt);
      if (waiting.size > max) waiting.delete(waiting.keys().next().value as string);
    },
    /** Single use: a second confirm of one nonce finds nothing. */
    take(nonce: string, origin: string): Attempt | null {
      const a = waiting.get(nonce);
      if (!a || a.origin !== origin) return null;
      waiting.delete(nonce);
      return a.expiresAt > now() ? a : null;
    },
  };
}
