import { randomBytes } from 'node:crypto';
import { entra, type WireError } from './errors';
import type { SimState } from './state';

/** Entra ID's token endpoint (client credentials) and the OpenID metadata MSAL fetches for a non-Microsoft host. */

export interface WireResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const TENANT_SHAPE =
  /^(?:[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}|[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+)$/;

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A JWT-shaped access token (unsigned in any useful sense), so code that reads `exp` or `tid` works against it. */
export function mintToken(
  state: SimState,
  claims: { tenantId: string; objectId: string; appId: string; audience: string; lifetimeSeconds: number },
): { token: string; expiresIn: number } {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + claims.lifetimeSeconds;
  const token = [
    b64url({ typ: 'JWT', alg: 'RS256', kid: 'dnsferry-sim' }),
    b64url({
      aud: claims.audience,
      iss: `https://sts.windows.net/${claims.tenantId}/`,
      iat: now,
      nbf: now,
      exp,
      appid: claims.appId,
      oid: claims.objectId,
      sub: claims.objectId,
      tid: claims.tenantId,
      uti: randomBytes(8).toString('base64url'),
    }),
    randomBytes(32).toString('base64url'),
  ].join('.');
  state.tokens.set(token, {
    tenantId: claims.tenantId,
    objectId: claims.objectId,
    appId: claims.appId,
    audience: claims.audience,
    expiresAt: exp * 1000,
  });
  return { token, expiresIn: claims.lifetimeSeconds };
}

function fromWire(e: WireError): WireResponse {
  return { status: e.status, body: e.body, ...(e.headers ? { headers: e.headers } : {}) };
}

export function openIdConfiguration(state: SimState, authorityUrl: string, tenant: string): WireResponse {
  if (!TENANT_SHAPE.test(tenant)) return fromWire(entra.badTenantId(tenant));
  const t = state.findTenant(tenant);
  if (!t) return fromWire(entra.tenantNotFound(tenant, true));
  const base = `${authorityUrl}/${tenant}`;
  return {
    status: 200,
    body: {
      token_endpoint: `${base}/oauth2/v2.0/token`,
      token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
      jwks_uri: `${authorityUrl}/${t.tenantId}/discovery/v2.0/keys`,
      response_modes_supported: ['query', 'fragment', 'form_post'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      issuer: `${authorityUrl}/${t.tenantId}/v2.0`,
      authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
      device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
      end_session_endpoint: `${base}/oauth2/v2.0/logout`,
      tenant_region_scope: 'EU',
    },
  };
}

/**
 * POST /{tenant}/oauth2/v2.0/token. The secret may come in the body or as HTTP Basic (RFC 6749 §2.3.1);
 * unknown form fields (MSAL's telemetry) are ignored.
 */
export function tokenEndpoint(
  state: SimState,
  tenant: string,
  form: URLSearchParams,
  authorization: string | undefined,
  acceptedScopes: Map<string, string>,
): WireResponse {
  if (!TENANT_SHAPE.test(tenant)) return fromWire(entra.badTenantId(tenant));
  const t = state.findTenant(tenant);
  if (!t) return fromWire(entra.tenantNotFound(tenant));
  const grant = form.get('grant_type');
  if (!grant) return fromWire(entra.missingParameter('grant_type'));
  if (grant !== 'client_credentials') return fromWire(entra.unsupportedGrant());

  let clientId = form.get('client_id');
  let secret = form.get('client_secret');
  const basic = /^Basic\s+(.+)$/i.exec(authorization ?? '');
  if (basic?.[1]) {
    const [id, ...rest] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    clientId = clientId ?? decodeURIComponent(id ?? '');
    secret = secret ?? decodeURIComponent(rest.join(':'));
  }
  if (!clientId) return fromWire(entra.missingParameter('client_id'));
  const scope = form.get('scope');
  if (!scope) return fromWire(entra.missingParameter('scope'));

  const sp = state.principals.find((p) => p.tenantId === t.tenantId && p.clientId.toLowerCase() === clientId.toLowerCase());
  if (!sp) return fromWire(entra.unknownClient(clientId, t.domain ?? t.tenantId));
  if (!secret) return fromWire(entra.missingSecret());
  if (secret !== sp.clientSecret) return fromWire(entra.wrongSecret(sp.clientId));
  const audience = acceptedScopes.get(scope);
  if (!audience) return fromWire(entra.invalidScope(scope));

  const { token, expiresIn } = mintToken(state, {
    tenantId: t.tenantId,
    objectId: sp.objectId,
    appId: sp.clientId,
    audience,
    lifetimeSeconds: 3599,
  });
  return {
    status: 200,
    body: { token_type: 'Bearer', expires_in: expiresIn, ext_expires_in: expiresIn, access_token: token },
  };
}
