/** The one scrubber for every provider; re-exported here for the Azure adapter's modules. */
export { Redactor } from '../../redactor';

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
