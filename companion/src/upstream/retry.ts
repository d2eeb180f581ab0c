/**
 * How long to wait before asking an upstream again: what it asked for (Retry-After), else our own
 * backoff. One reading for every provider, so a 429 from Cloudflare and one from Azure wait alike.
 */

/** Retry-After in seconds or as an HTTP date, or the millisecond variants Azure sends; null when absent. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  for (const h of ['retry-after-ms', 'x-ms-retry-after-ms']) {
    const raw = headers.get(h);
    const v = Number(raw);
    if (raw !== null && raw.trim() !== '' && Number.isFinite(v) && v >= 0) return v;
  }
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The longest backoff step: a provider that is down for longer is reported, not waited for. */
const MAX_BACKOFF_MS = 8000;

/**
 * The wait before retry `attempt` (0 for the first) after a 5xx or a network failure: doubling from
 * `baseMs`, at most 8 s, half of it random so that callers failing together do not retry together.
 */
export function backoffMs(baseMs: number, attempt: number, random = Math.random): number {
  const capped = Math.min(baseMs * 2 ** attempt, MAX_BACKOFF_MS);
  return capped / 2 + random() * (capped / 2);
}
