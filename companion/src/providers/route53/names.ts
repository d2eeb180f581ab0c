/**
 * Route 53 lists names lower-case with a trailing dot, and every byte outside `a-z 0-9 - _` as `\ooo`
 * (three octal digits): a wildcard is `\052.example.org.`, an RFC 2317 slash `\057`.
 */

/** A listed name with its escapes read, or null when it holds what a record name cannot (an in-label dot, a non-ASCII byte). */
export function decodeName(listed: string): string | null {
  let bad = false;
  const decoded = listed.replace(/\\([0-7]{3})/g, (_, octal: string) => {
    const code = parseInt(octal, 8);
    if (code === 0x2e || code < 0x21 || code > 0x7e) bad = true;
    return String.fromCharCode(code);
  });
  return bad ? null : decoded.toLowerCase();
}

/** `www.example.org.` in zone `example.org` → `www`; the apex → `@`; null outside the zone. */
export function relativeTo(decoded: string, zone: string): string | null {
  const name = decoded.replace(/\.$/, '');
  const z = zone.toLowerCase().replace(/\.$/, '');
  if (name === z) return '@';
  return name.endsWith(`.${z}`) ? name.slice(0, -(z.length + 1)) : null;
}

/** A hosted zone id without the `/hostedzone/` the listing puts before it. */
export function bareZoneId(id: string): string {
  return id.replace(/^\/?hostedzone\//, '');
}
