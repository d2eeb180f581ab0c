import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, equalBytes } from '@noble/curves/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * CPace (draft-irtf-cfrg-cpace) over ristretto255 with SHA-512: a password-authenticated key
 * exchange. Each side sends one group element that, without the code, is indistinguishable from
 * random; whoever answers with the wrong code can test one guess per attempt and has nothing to
 * test further guesses against offline. The companion and the extension run this one copy
 * (`@dnsferry/shared/cpace`); it is an entry of its own, outside the contract's main one, because
 * it needs `@noble/curves` and `@noble/hashes`, and the contract itself imports only zod.
 */
const Point = ristretto255.Point;
type Point = InstanceType<typeof Point>;
const DSI = utf8ToBytes('CPaceRistretto255');
const SHA512_BLOCK = 128;

export function prependLen(data: Uint8Array): Uint8Array {
  const len: number[] = [];
  let n = data.length;
  do {
    len.push((n & 0x7f) | (n >= 128 ? 0x80 : 0));
    n >>= 7;
  } while (n > 0);
  return concat(Uint8Array.from(len), data);
}

export const lvCat = (...parts: Uint8Array[]): Uint8Array => concat(...parts.map(prependLen));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The generator both sides derive from the code (PRS), the channel (CI) and the session (sid). */
export function calculateGenerator(prs: Uint8Array, ci: Uint8Array, sid: Uint8Array): Point {
  const zpad = Math.max(0, SHA512_BLOCK - 1 - prependLen(prs).length - prependLen(DSI).length);
  return ristretto255_hasher.deriveToCurve!(sha512(lvCat(DSI, prs, new Uint8Array(zpad), ci, sid)));
}

/** A scalar in [1, order): 64 random bytes reduced, so the bias is below 2^-250. */
export function sampleScalar(): bigint {
  const n = Point.Fn.ORDER;
  return (bytesToNumberLE(randomBytes(64)) % (n - 1n)) + 1n;
}

export const scalarMult = (y: bigint, g: Point): Uint8Array => g.multiply(y).toBytes();

/** `y` times a received share; null when it is not a ristretto255 encoding or gives the identity (abort). */
export function scalarMultVfy(y: bigint, share: Uint8Array): Uint8Array | null {
  let p: Point;
  try {
    p = Point.fromBytes(share);
  } catch (err) {
    void err; // not a canonical encoding: the draft's abort, told by null
    return null;
  }
  const k = p.multiply(y);
  return k.is0() ? null : k.toBytes();
}

/** The intermediate session key, initiator/responder transcript. */
export function deriveIsk(sid: Uint8Array, k: Uint8Array, ya: Uint8Array, adA: Uint8Array, yb: Uint8Array, adB: Uint8Array): Uint8Array {
  return sha512(concat(lvCat(utf8ToBytes('CPaceRistretto255_ISK'), sid, k), lvCat(ya, adA), lvCat(yb, adB)));
}

/** The draft's key-confirmation MAC key. */
export const macKey = (sid: Uint8Array, isk: Uint8Array): Uint8Array => sha512(concat(utf8ToBytes('CPaceMac'), sid, isk));

export const tag = (key: Uint8Array, ...parts: Uint8Array[]): Uint8Array => hmac(sha512, key, lvCat(...parts));

export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && equalBytes(a, b);
