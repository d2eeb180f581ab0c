/**
 * Cloudflare's zone export writes whether a record is proxied in a comment after it:
 * `www 1 IN A 192.0.2.1 ; cf_tags=cf-proxied:true` (other tags may follow, comma-separated).
 * Without the tag the record is DNS only, as the source served it: undefined.
 */
export function cloudflareProxied(comments: string[]): boolean | undefined {
  for (const comment of comments) {
    const tags = /\bcf_tags=(\S+)/.exec(comment)?.[1];
    if (tags === undefined) continue;
    for (const tag of tags.split(',')) {
      const [key, value] = tag.split(':');
      if (key?.toLowerCase() !== 'cf-proxied') continue;
      if (value?.toLowerCase() === 'true') return true;
      if (value?.toLowerCase() === 'false') return false;
    }
  }
  return undefined;
}
