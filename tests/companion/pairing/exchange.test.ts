import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calculateGenerator, deriveIsk, macKey, sameBytes, sampleScalar, scalarMult, scalarMultVfy, tag } from '@dnsferry/shared/cpace';
import { channelId, confirms, createAttempts, respond, sealKey, type Attempt } from '@dnsferry/companion/pairing/exchange';
import { FIREFOX_ORIGIN, initiator } from './pairing-app';

const PORT = 8787;
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const utf8 = (s: string) => new Uint8Array(Buffer.from(s.replace(/-/g, ''), 'utf8'));
const empty = new Uint8Array(0);
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const candidates = (n: number) =>
  Array.from({ length: n }, (_, i) => Array.from({ length: 8 }, (_, j) => ALPHABET[(i * 7 + j * 13 + ((i * j) % 5)) % 32]).join(''));

/**
 * A program on the port, not the companion: the extension starts with the code the user typed; the
 * program answers with a share made for its one guess, and receives the extension's tag.
 */
function capture(code: string, guess: string) {
  const ext = initiator(code, FIREFOX_ORIGIN, PORT);
  const sid = bytes(ext.nonce);
  const yb = sampleScalar();
  const Yb = scalarMult(yb, calculateGenerator(utf8(guess), channelId(FIREFOX_ORIGIN, PORT), sid));
  const step = ext.confirm(b64(Yb));
  return { sid, Ya: bytes(ext.start.share), Ta: bytes(step.body.confirm), yb, Yb };
}

/** The offline test the program can run for a candidate code, with all it holds: its scalar, both shares and the tag. */
function verifies(cap: ReturnType<typeof capture>, candidate: string): boolean {
  const k = scalarMultVfy(cap.yb, cap.Ya);
  if (!k) return false;
  // As sent, and as if its share had been made for the candidate (which it was not, unless it guessed it).
  const rebased = scalarMult(cap.yb, calculateGenerator(utf8(candidate), channelId(FIREFOX_ORIGIN, PORT), cap.sid));
  return [cap.Yb, rebased].some((yb) => {
    const isk = deriveIsk(cap.sid, k, cap.Ya, empty, yb, empty);
    return sameBytes(tag(macKey(cap.sid, isk), cap.Ya, empty), cap.Ta);
  });
}

describe('what one pairing attempt gives a program that is not the companion', () => {
  it('nothing to test guesses against offline: no candidate code, the right one included, is told apart', () => {
    const code = 'K7QX2M9D';
    const list = [...candidates(60), code];
    const cap = capture(code, 'AAAAAAAA');
    expect(list.filter((c) => verifies(cap, c))).toEqual([]);
  });

  it('one guess per attempt: the one it made its share for, told right only when it is the code', () => {
    const code = 'K7QX2M9D';
    expect(verifies(capture(code, code), code)).toBe(true);
    expect(verifies(capture(code, 'K7QX2M9E'), 'K7QX2M9E')).toBe(false);
  });

  it('whereas the HMAC of the code the extension sent before was a verifier: the same search finds the code', () => {
    // What issue 19 found, kept as the yardstick of the test above: HMAC(code, context + origin + nonce).
    const code = 'K7QX2M9D';
    const captured = createHmac('sha256', code).update(`dnsferry-pair-v1\nextension\n${FIREFOX_ORIGIN}\nnonce`).digest('base64url');
    const found = [...candidates(60), code].filter(
      (c) => createHmac('sha256', c).update(`dnsferry-pair-v1\nextension\n${FIREFOX_ORIGIN}\nnonce`).digest('base64url') === captured,
    );
    expect(found).toEqual([code]);
  });
});

describe("the companion's side of the exchange", () => {
  it('confirms the tag of the same code only, and seals the key so that only that side opens it', () => {
    const ext = initiator('K7QX2M9D', FIREFOX_ORIGIN, PORT);
    const answer = respond({ code: 'K7QX2M9D', serial: 1 }, FIREFOX_ORIGIN, PORT, ext.nonce, ext.start.share, 1)!;
    const step = ext.confirm(answer.share);
    expect(confirms(answer.attempt, step.body.confirm)).toBe(true);
    const key = Uint8Array.from({ length: 32 }, (_, i) => i);
    const sealed = sealKey(answer.attempt, key);
    expect(sealed.sealedKey).not.toBe(b64(key));
    expect(step.open(sealed)).toBe(b64(key));
    // a tampered seal is refused
    expect(step.open({ ...sealed, sealedKey: b64(bytes(sealed.sealedKey).map((b) => b ^ 1)) })).toBeNull();

    const other = initiator('K7QX2M9E', FIREFOX_ORIGIN, PORT);
    const wrong = respond({ code: 'K7QX2M9D', serial: 1 }, FIREFOX_ORIGIN, PORT, other.nonce, other.start.share, 1)!;
    expect(confirms(wrong.attempt, other.confirm(wrong.share).body.confirm)).toBe(false);
  });

  it('refuses a share that is the identity', () => {
    const ext = initiator('K7QX2M9D', FIREFOX_ORIGIN, PORT);
    expect(respond({ code: 'K7QX2M9D', serial: 1 }, FIREFOX_ORIGIN, PORT, ext.nonce, b64(new Uint8Array(32)), 1)).toBeNull();
  });

  it('keeps a bounded number of attempts: one per origin, the oldest giving way, each used once and until it expires', () => {
    let t = 0;
    const attempts = createAttempts(3, () => t);
    const a = (origin: string, expiresAt = 100) => ({ origin, expiresAt }) as Attempt;
    attempts.put('n1', a('o1'));
    attempts.put('n2', a('o1')); // replaces n1: one per origin
    expect(attempts.take('n1', 'o1')).toBeNull();
    for (const [n, o] of [
      ['n3', 'o3'],
      ['n4', 'o4'],
      ['n5', 'o5'],
    ] as const)
      attempts.put(n, a(o));
    expect(attempts.take('n2', 'o1')).toBeNull(); // the oldest gave way
    expect(attempts.take('n3', 'o4')).toBeNull(); // another origin's nonce
    expect(attempts.take('n3', 'o3')).not.toBeNull();
    expect(attempts.take('n3', 'o3')).toBeNull(); // used once
    t = 100;
    expect(attempts.take('n4', 'o4')).toBeNull(); // expired
  });
});
