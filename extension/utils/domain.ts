import { ZoneNameSchema } from '@dnsferry/shared';

/**
 * The registrable domain of a page (`https://shop.example.co.uk/x` → `example.co.uk`), using the
 * public suffix list; null for pages that have none (IP addresses, localhost, browser pages).
 * The list (tldts, about 110 kB gzip) is loaded on first use, only for web pages: it is most of
 * what the popup would otherwise load before it can show anything.
 */
export async function registrableDomain(url: string | undefined): Promise<string | null> {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // not a URL at all: nothing to propose
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const { getDomain } = await import('tldts');
  const domain = getDomain(parsed.hostname, { allowPrivateDomains: false });
  if (!domain) return null;
  const valid = ZoneNameSchema.safeParse(domain);
  return valid.success ? valid.data : null;
}
