import { ZoneNameSchema } from '@dnsferry/shared';

/** Zones typed by hand are a few; the cap keeps one request (and its dry run) of a sensible size. */
export const ZONE_NAMES_CAP = 50;

/**
 * The zones a user names in one field (`example.com, example.org`), or `fallback` (the tab's domain)
 * when the field is empty. `error` names the first entry that is not a domain name.
 */
export function zoneNamesOf(text: string, fallback: string | null): { names: string[]; error: string | null } {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { names: fallback ? [fallback] : [], error: fallback ? null : 'Name the zone (domain) to migrate.' };
  if (words.length > ZONE_NAMES_CAP) return { names: [], error: `Name at most ${ZONE_NAMES_CAP} zones at a time.` };
  const names: string[] = [];
  for (const w of words) {
    const parsed = ZoneNameSchema.safeParse(w);
    if (!parsed.success) return { names: [], error: `"${w.slice(0, 64)}" is not a domain name like example.com.` };
    if (!names.includes(parsed.data)) names.push(parsed.data);
  }
  return { names, error: null };
}
