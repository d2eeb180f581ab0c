import { getDomain } from 'tldts';
import { ZoneNameSchema } from '@dnsferry/shared';

/**
 * The registrable domain of a page (`https://shop.example.co.uk/x` → `example.co.uk`), using the
 * public suffix list; null for pages that have none (IP addresses, localhost, browser pages).
 */
export function registrableDomain(url: string | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // not a URL at all: nothing to propose
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const domain = getDomain(parsed.hostname, { allowPrivateDomains: false });
  if (!domain) return null;
  const valid = ZoneNameSchema.safeParse(domain);
  return valid.success ? valid.data : null;
}
