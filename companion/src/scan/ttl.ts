/**
 * The TTL a scan reports.
 *
 * A recursive resolver returns the time an answer has left in its cache, not the zone's TTL: a
 * record with TTL 3600 cached 20 minutes ago comes back as 2400. So:
 * - an authoritative answer (AA bit set: the resolver is, or asked, the zone's own server without
 *   caching) is taken as it is;
 * - otherwise the observed value is a lower bound, and the scan reports the smallest of the TTLs
 *   zones commonly use that is not below it (2400 → 3600, 1726 → 1800, 300 → 300). A fresh
 *   answer (not yet cached) keeps its TTL when that is one of the common values.
 * Within an RRset the largest observed TTL counts (all its records share one TTL in the zone).
 * The result is never below 1 (1 means "automatic" at the target).
 */
export const COMMON_TTLS = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 14400, 21600, 43200, 86400, 172800, 604800] as const;

export function reportedTtl(observed: number, authoritative: boolean): number {
  if (authoritative) return Math.max(1, observed);
  return COMMON_TTLS.find((t) => t >= observed) ?? Math.max(1, observed);
}
