/** BIND's largest TTL (RFC 2181 §8); a larger one is read as 0, with a warning. */
export const MAX_TTL = 0x7fffffff;

const UNIT: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };

/**
 * A TTL as BIND's `dns_ttl_fromtext` reads it: digits alone, or numbers each followed by a unit
 * (`1h30m`, `2d`, `1W`; any order, case-insensitive). A bare number after a unit (`1h30`) is not a
 * TTL, nor is anything above 2^32-1. Returns null when the token is not a TTL.
 */
export function parseTtl(token: string): number | null {
  if (token.length === 0 || token.length > 63) return null;
  let total = 0;
  let i = 0;
  while (i < token.length) {
    const start = i;
    // the number read in place, not cut out first (every record line's TTL is read here)
    let n = 0;
    for (; i < token.length; i++) {
      const c = token.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      n = n * 10 + (c - 0x30);
    }
    if (i === start) return null;
    if (n > 0xffffffff) return null;
    if (i === token.length) {
      if (total !== 0) return null;
      total = n;
      break;
    }
    const unit = UNIT[(token[i] ?? '').toLowerCase()];
    if (unit === undefined) return null;
    total += n * unit;
    i++;
  }
  return total > 0xffffffff ? null : total;
}
