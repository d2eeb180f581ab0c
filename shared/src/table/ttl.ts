import { parseTtl } from '../zone-file/ttl';

/** What a dashboard writes for "let the DNS host choose": the target's automatic TTL (1). */
const AUTOMATIC = /^(?:auto(?:matic)?|default)$/i;

const SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
  w: 604800,
  wk: 604800,
  week: 604800,
  weeks: 604800,
};

/** An amount: `30`, `0.5`, `1/2`, `½`. */
function amount(text: string): number | null {
  if (text === '½') return 0.5;
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[2]) === 0 ? null : Number(fraction[1]) / Number(fraction[2]);
  return /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : null;
}

/**
 * A TTL as dashboards write it, in seconds; 1 for "Automatic", "Auto" or "Default" (the target's
 * automatic TTL); null when it is not a TTL. Read: `600`, `600 seconds`, `30 min`, `1 Hour`,
 * `2 hrs`, `1/2 Hour`, `1 Day`, `1 Week`, BIND's `1h30m`, and several amounts (`1 hour 30 minutes`).
 */
export function dashboardTtl(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/,/g, ' ');
  if (AUTOMATIC.test(t)) return 1;
  const bind = parseTtl(t);
  if (bind !== null) return bind;
  const parts = t.match(/[\d./½]+\s*[a-z]+/g);
  if (!parts || parts.join('').replace(/\s/g, '') !== t.replace(/\s/g, '')) return null;
  let total = 0;
  for (const part of parts) {
    const m = /^([\d./½]+)\s*([a-z]+)$/.exec(part);
    const n = m ? amount(m[1] ?? '') : null;
    const unit = m ? SECONDS[m[2] ?? ''] : undefined;
    if (n === null || unit === undefined) return null;
    total += n * unit;
  }
  return Number.isInteger(total) && total <= 0x7fffffff ? total : null;
}
