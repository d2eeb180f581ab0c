import { describe, expect, it } from 'vitest';
import { parseBearer } from '@dnsferry/companion/providers/azure/credentials';
import { Redactor, identifyingClaims } from '@dnsferry/companion/providers/azure/redact';

const jwt = (claims: Record<string, unknown>) =>
  [{ typ: 'JWT', alg: 'RS256' }, claims].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.') + '.c2ln';

describe('bearer token input', () => {
  it('reads the expiry from the JWT, from az CLI JSON (expires_on), or assumes an hour', () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = jwt({ exp, tid: 't-1', oid: 'o-1' });
    expect(parseBearer(token)).toEqual({ token, expiresOnTimestamp: exp * 1000 });
    expect(parseBearer(`Bearer ${token}`).token).toBe(token);
    const blob = JSON.stringify({ accessToken: token, expiresOn: '2026-01-01 10:00:00.000000', expires_on: exp + 60, tokenType: 'Bearer' });
    expect(parseBearer(blob)).toEqual({ token, expiresOnTimestamp: (exp + 60) * 1000 });
    const opaque = parseBearer('opaque-token-value');
    expect(opaque.token).toBe('opaque-token-value');
    expect(opaque.expiresOnTimestamp).toBeGreaterThan(Date.now() + 3500_000);
  });

  it('rejects JSON without an access token', () => {
    expect(() => parseBearer('{"tokenType":"Bearer"}')).toThrow(/no accessToken/);
    expect(() => parseBearer('{not json')).toThrow(/cannot be read/);
  });
});

describe('Redactor', () => {
  it('hides every registered value, in any letter case, and the identifying claims of a token', () => {
    const token = jwt({ appid: '5B2C8A1E-0D4F-4C6B-9A7E-1F3D5C7B9E21', oid: 'abcd-oid-1234', tid: 'tenant-guid-1' });
    const r = new Redactor(['s3cr3t-value', undefined, 'ab']);
    r.add(...identifyingClaims(token));
    expect(r.scrub("client '5b2c8a1e-0d4f-4c6b-9a7e-1f3d5c7b9e21' oid 'ABCD-OID-1234' secret s3cr3t-value ab")).toBe(
      "client '[redacted]' oid '[redacted]' secret [redacted] ab",
    );
  });
});
