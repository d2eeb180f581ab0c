import { QueryPace } from '../flow/query-pace';

/**
 * One pace per resolver, shared by every scan the companion runs: two deep scans at once still ask
 * a public resolver no faster than one would, so neither trips its per-client limit (Google
 * documents 1,500 queries a second per address; Cloudflare documents none). A burst of one
 * second's worth lets a quick scan (about 500 questions) go at full speed.
 */
const paces = new Map<string, QueryPace>();

export function resolverPace(dohUrl: string, perSecond: number): QueryPace {
  const key = new URL(dohUrl).origin;
  let pace = paces.get(key);
  if (pace === undefined || pace.perSecond !== perSecond) {
    pace = new QueryPace(perSecond, perSecond);
    paces.set(key, pace);
  }
  return pace;
}
