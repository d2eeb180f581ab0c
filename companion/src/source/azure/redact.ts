/**
 * Credentials must not reach an error body or a log, yet Azure's own messages name them
 * (AADSTS7000215 names the app id, AuthorizationFailed the client and object id). A Redactor
 * holds what must be hidden for one request and scrubs any text before it leaves the adapter.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  constructor(values: Array<string | undefined> = []) {
    this.add(...values);
  }

  add(...values: Array<string | undefined>): void {
    for (const v of values) if (v && v.trim().length >= 4) this.secrets.add(v.trim());
  }

  scrub(text: string): string {
    let out = text;
    // Longest first, so a token that contains an id is hidden whole.
    for (const s of [...this.secrets].sort((a, b) => b.length - a.length)) {
      out = out.replace(new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[redacted]');
    }
    return out;
  }
}

/** The claims of a JWT, read without checking its signature (only ARM can, and does). */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch (err) {
    if (err instanceof SyntaxError) return null; // not a JWT: ARM will say so
    throw err;
  }
}

/** Claims that identify the caller; hidden like the credentials themselves. */
export function identifyingClaims(token: string): string[] {
  const claims = jwtClaims(token);
  if (!claims) return [];
  return ['appid', 'azp', 'oid', 'tid', 'upn', 'unique_name', 'sub'].flatMap((k) => {
    const v = claims[k];
    return typeof v === 'string' ? [v] : [];
  });
}
