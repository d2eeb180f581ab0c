import { randomInt } from 'node:crypto';
import { PAIRING_CODE_ALPHABET } from '@dnsferry/shared';

/**
 * The pairing code: 8 characters (40 bits) that only the person at the companion's terminal sees.
 * It is single-use and short-lived, a code is burnt after a few wrong tries, and wrong tries across
 * all codes are capped per window, so guessing it is hopeless even for software on this computer.
 */
export interface CodeLimits {
  ttlMs: number;
  triesPerCode: number;
  wrongPerWindow: number;
  windowMs: number;
}

export const CODE_LIMITS: CodeLimits = { ttlMs: 10 * 60_000, triesPerCode: 5, wrongPerWindow: 20, windowMs: 10 * 60_000 };

export interface CodeNotice {
  /** As shown to people: `ABCD-EFGH`. */
  code: string;
  expiresAt: Date;
}

export type CodeCheck =
  | { ok: true; code: string }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'burnt' | 'expired' }
  | { ok: false; reason: 'locked'; retryAfterMs: number };

export interface CodeKeeper {
  issue(): CodeNotice;
  /** `matches` tells whether the request proves knowledge of the live code (normalised, no dash). */
  check(matches: (code: string) => boolean): CodeCheck;
}

export const formatCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

export function createCodeKeeper(opts: { onCode: (notice: CodeNotice) => void; now?: () => number; limits?: CodeLimits }): CodeKeeper {
  const now = opts.now ?? Date.now;
  const limits = opts.limits ?? CODE_LIMITS;
  let live: { code: string; expiresAt: number; tries: number } | null = null;
  let wrong: number[] = [];

  function issue(): CodeNotice {
    let code = '';
    for (let i = 0; i < 8; i++) code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
    live = { code, expiresAt: now() + limits.ttlMs, tries: 0 };
    const notice = { code: formatCode(code), expiresAt: new Date(live.expiresAt) };
    opts.onCode(notice);
    return notice;
  }

  function check(matches: (code: string) => boolean): CodeCheck {
    const t = now();
    wrong = wrong.filter((at) => t - at < limits.windowMs);
    if (wrong.length >= limits.wrongPerWindow) {
      return { ok: false, reason: 'locked', retryAfterMs: (wrong[0] ?? t) + limits.windowMs - t };
    }
    if (!live || t >= live.expiresAt) {
      issue();
      return { ok: false, reason: 'expired' };
    }
    if (matches(live.code)) {
      const { code } = live;
      live = null; // single use
      return { ok: true, code };
    }
    wrong.push(t);
    live.tries += 1;
    if (live.tries >= limits.triesPerCode) {
      issue();
      return { ok: false, reason: 'burnt' };
    }
    return { ok: false, reason: 'wrong', triesLeft: limits.triesPerCode - live.tries };
  }

  return { issue, check };
}
