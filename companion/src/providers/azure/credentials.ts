import { ClientSecretCredential, type AccessToken, type GetTokenOptions, type TokenCredential } from '@azure/identity';
import type { SourceCredentials } from '@dnsferry/shared';
import type { Config } from '../../config';
import { UpstreamError, isAbort } from '../../errors';
import { describeConnectionFailure, describeUnreachable, innermost } from '../../upstream/unreachable';
import { fetchHttpClient } from './http-client';
import { identifyingClaims, jwtClaims, type Redactor } from './redact';

export interface AzureDeps {
  config: Config;
  fetch: typeof fetch;
}

/**
 * Authority hosts whose endpoints MSAL knows and whose instance discovery works (public and
 * sovereign clouds). Any other host (a private authority, the simulator) is trusted as configured:
 * no discovery call to login.microsoftonline.com, OpenID metadata fetched from the host itself.
 */
const MICROSOFT_AUTHORITIES = new Set([
  'login.microsoftonline.com',
  'login.microsoft.com',
  'login.windows.net',
  'sts.windows.net',
  'login.microsoftonline.us',
  'login.usgovcloudapi.net',
  'login.chinacloudapi.cn',
  'login.partner.microsoftonline.cn',
  'login.microsoftonline.de',
]);

/** Turns `@azure/identity`'s errors into UpstreamErrors that keep the AADSTS code, minus any credential. */
async function tokenError(err: unknown, deps: AzureDeps, tenantId: string, redactor: Redactor): Promise<unknown> {
  if (isAbort(err) || !(err instanceof Error)) return err;
  const cause = (err as { cause?: { status?: number; errorNo?: string | number } }).cause;
  const text = `${err.message}`;
  const aadsts = /AADSTS(\d+)/.exec(text)?.[1] ?? (cause?.errorNo !== undefined ? String(cause.errorNo) : undefined);
  if (aadsts) {
    const description = /AADSTS\d+:\s*(.*?)(?:\s+-\s+(?:Correlation ID|Trace ID|Timestamp)\b|\r?\n|$)/s.exec(text)?.[1] ?? text;
    const status = cause?.status;
    const kind = status === 429 ? 'rate_limit' : status !== undefined && status >= 500 ? 'upstream' : 'auth';
    return new UpstreamError('Azure', kind, `AADSTS${aadsts}`, redactor.scrub(description.trim()), status);
  }
  if (text.includes('endpoints_resolution_error')) return explainDiscoveryFailure(deps, tenantId, redactor);
  const status = (err as { statusCode?: unknown }).statusCode ?? cause?.status;
  if (status === 429) {
    return new UpstreamError(
      'Azure',
      'rate_limit',
      undefined,
      'Entra ID kept throttling sign-ins (HTTP 429) after the waits it asked for; try again later',
      429,
    );
  }
  return new UpstreamError('Azure', 'upstream', undefined, `signing in to Entra ID failed: ${redactor.scrub(text.split('\n')[0] ?? '')}`);
}

/**
 * MSAL reports a failed OpenID metadata fetch without the reason. Ask the document once ourselves:
 * Entra ID answers an unknown tenant there with AADSTS90002, which is what the user needs to see.
 */
async function explainDiscoveryFailure(deps: AzureDeps, tenantId: string, redactor: Redactor): Promise<UpstreamError> {
  const authority = new URL(deps.config.azureAuthority);
  const url = `${deps.config.azureAuthority}/${encodeURIComponent(tenantId)}/v2.0/.well-known/openid-configuration`;
  let body: unknown;
  try {
    const res = await deps.fetch(url, { signal: AbortSignal.timeout(deps.config.upstreamTimeoutMs) });
    body = await res.json();
  } catch (err) {
    const reason =
      describeUnreachable(err, authority) ??
      describeConnectionFailure(err, authority) ??
      `could not reach the Entra ID authority at ${authority.host}: ${innermost(err)}`;
    return new UpstreamError('Azure', 'upstream', undefined, redactor.scrub(reason));
  }
  const desc = (body as { error_description?: unknown }).error_description;
  const m = typeof desc === 'string' ? /AADSTS(\d+):\s*([^\r\n]*)/.exec(desc) : null;
  if (m?.[1]) return new UpstreamError('Azure', 'auth', `AADSTS${m[1]}`, redactor.scrub((m[2] ?? '').trim()));
  return new UpstreamError('Azure', 'upstream', undefined, `Entra ID at ${authority.host} could not resolve its endpoints for this tenant`);
}

/** A token the user fetched (e.g. `az account get-access-token`): used as is until it expires. */
class StaticTokenCredential implements TokenCredential {
  constructor(private readonly accessToken: AccessToken) {}
  async getToken(): Promise<AccessToken> {
    if (this.accessToken.expiresOnTimestamp <= Date.now()) {
      throw new UpstreamError(
        'Azure',
        'auth',
        'ExpiredAuthenticationToken',
        `the access token expired at ${new Date(this.accessToken.expiresOnTimestamp).toISOString()}; get a fresh one (az account get-access-token)`,
      );
    }
    return this.accessToken;
  }
}

/** Accepts the raw token, `Bearer <token>`, or the JSON that `az account get-access-token` prints. */
export function parseBearer(input: string): AccessToken {
  let token = input.trim().replace(/^Bearer\s+/i, '');
  let expiresOn: number | undefined;
  if (token.startsWith('{')) {
    let blob: { accessToken?: unknown; expires_on?: unknown; expiresOn?: unknown };
    try {
      blob = JSON.parse(token) as typeof blob;
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      throw new UpstreamError('Azure', 'auth', undefined, 'the source token looks like JSON but cannot be read');
    }
    if (typeof blob.accessToken !== 'string') throw new UpstreamError('Azure', 'auth', undefined, 'the JSON has no accessToken');
    token = blob.accessToken;
    const posix = Number(blob.expires_on);
    if (Number.isFinite(posix) && posix > 0) expiresOn = posix * 1000;
  }
  const exp = jwtClaims(token)?.exp;
  if (expiresOn === undefined && typeof exp === 'number') expiresOn = exp * 1000;
  // Without a readable expiry, ARM is the judge; assume an hour as Entra ID tokens last about that long.
  return { token, expiresOnTimestamp: expiresOn ?? Date.now() + 3600_000 };
}

/**
 * The credential for one request, with everything that must never be shown registered in `redactor`.
 * The service principal goes through `@azure/identity` to the configured authority; both kinds of
 * failure become UpstreamErrors with provider "Azure".
 */
export function createCredential(deps: AzureDeps, creds: SourceCredentials, redactor: Redactor): TokenCredential {
  if (creds.authMethod === 'bearerToken') {
    const accessToken = parseBearer(creds.sourceToken);
    redactor.add(creds.sourceToken, accessToken.token, ...identifyingClaims(accessToken.token));
    return new StaticTokenCredential(accessToken);
  }
  redactor.add(creds.clientSecret, creds.clientId, creds.tenantId);
  const host = new URL(deps.config.azureAuthority).hostname.toLowerCase();
  // MSAL wraps transport failures without their cause; the HTTP client hands them over directly.
  const seen: { failure?: UpstreamError } = {};
  const takeFailure = (): UpstreamError | undefined => {
    const failure = seen.failure;
    seen.failure = undefined;
    return failure;
  };
  const limits = { timeoutMs: deps.config.upstreamTimeoutMs, maxRetryAfterMs: deps.config.maxRetryAfterMs };
  const inner = new ClientSecretCredential(creds.tenantId, creds.clientId, creds.clientSecret, {
    authorityHost: deps.config.azureAuthority,
    disableInstanceDiscovery: !MICROSOFT_AUTHORITIES.has(host),
    httpClient: fetchHttpClient(deps.fetch, limits, (err) => {
      seen.failure = err;
    }),
  });
  return {
    async getToken(scopes: string | string[], options?: GetTokenOptions): Promise<AccessToken> {
      takeFailure();
      try {
        const token = await inner.getToken(scopes, options);
        redactor.add(token.token, ...identifyingClaims(token.token));
        return token;
      } catch (err) {
        const failure = takeFailure();
        if (failure && !isAbort(err))
          throw new UpstreamError('Azure', failure.kind, failure.upstreamCode, redactor.scrub(failure.upstreamMessage), failure.httpStatus);
        throw await tokenError(err, deps, creds.tenantId, redactor);
      }
    },
  };
}
