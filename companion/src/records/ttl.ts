/** The target accepts TTL 1 (automatic) or 60–86400 seconds; anything else is brought into range. */
export function targetTtl(ttl: number): number {
  if (ttl === 1) return 1;
  return Math.min(86400, Math.max(60, ttl));
}
