import { randomInt } from 'node:crypto';
import { PAIRING_CODE_ALPHABET } from '@dnsferry/shared';

/**
 * The pairing code that only the person at the companion's terminal sees. It is single-use and
 * short-lived, and a new one is shown after each pairing and whenever the person asks.
 *
 * Wrong tries never lock pairing: any local program can send them, and a lock would be its lever to
 * keep the user out. Instead, wrong tries (from anyone, since an Origin header is easy to forge
 * outside a browser) are counted over a window; past `wrongPerWindow` the live code is replaced by a
 * long one, and codes stay long while the window holds that many. A short code (40 bits) so faces at
 * most `wrongPerWindow` guesses per window, a long one (80 bits) any number, and the code on the
 * terminal always pairs.
 */
export interface CodeLimits {
  ttlMs: number;
  wrongPerWindow: number;
  windowMs: number;
}

export const CODE_LIMITS: CodeLimits = { ttlMs: 10 * 60_000, wrongPerWindow: 20, windowMs: 10 * 60_000 };

export const SHORT_CODE = 8;
export const LONG_CODE = 16;

/** Why a new code is shown: the terminal says it with the code. */
export type CodeReason = 'start' | 'paired' | 'asked' | 'expired' | 'guessed';

export interface CodeNotice {
  /** As shown to people: `ABCD-EFGH` (or four groups when long). */
  code: string;
  expiresAt: Date;
  why: CodeReason;
}

/** The code an attempt is made against; `serial` tells whether it is still the live one. */
export interface LiveCode {
  code: string;
  serial: number;
}

export interface CodeKeeper {
  issue(why: CodeReason): CodeNotice;
  /** The live code, or null when it expired (a new one is then shown). */
  live(): LiveCode | null;
  isLive(serial: number): boolean;
  /** A wrong try against `serial`: 'lengthened' when it replaced the code with a long one. */
  wrong(serial: number): 'wrong' | 'lengthened';
  /** The code paired: it is spent, and the next one is shown at once (for a second browser). */
  used(serial: number): void;
}

/** `ABCDEFGH` → `ABCD-EFGH`. */
export const formatCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

export function createCodeKeeper(opts: { onCode: (notice: CodeNotice) => void; now?: () => number; limits?: CodeLimits }): CodeKeeper {
  const now = opts.now ?? Date.now;
  const limits = opts.limits ?? CODE_LIMITS;
  let live: { code: string; expiresAt: number; serial: number } | null = null;
  let serial = 0;
  let wrongAt: number[] = [];

  const flooded = (): boolean => {
    const t = now();
    wrongAt = wrongAt.filter((at) => t - at < limits.windowMs);
    return wrongAt.length >= limits.wrongPerWindow;
  };

  function issue(why: CodeReason): CodeNotice {
    const length = flooded() ? LONG_CODE : SHORT_CODE;
    let code = '';
    for (let i = 0; i < length; i++) code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
    live = { code, expiresAt: now() + limits.ttlMs, serial: ++serial };
    const notice = { code: formatCode(code), expiresAt: new Date(live.expiresAt), why };
    opts.onCode(notice);
    return notice;
  }

  return {
    issue,
    live() {
      if (live && now() < live.expiresAt) return { code: live.code, serial: live.serial };
      issue('expired');
      return null;
    },
    isLive: (s) => live !== null && live.serial === s && now() < live.expiresAt,
    wrong(s) {
      wrongAt.push(now());
      if (live?.serial === s && live.code.length === SHORT_CODE && flooded()) {
        issue('guessed');
        return 'lengthened';
      }
      return 'wrong';
    },
    used(s) {
      if (live?.serial === s) issue('paired');
    },
  };
}
