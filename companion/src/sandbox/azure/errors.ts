import { randomUUID } from 'node:crypto';

/** Error bodies in the shapes Entra ID and ARM really send (see the reference notes, §1.3 and §4). */

export interface WireError {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

function stamp(): string {
  return new Date()
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
}

/** An OAuth2 error from the token (or discovery) endpoint, with the AADSTS code inside the description. */
export function entraError(status: number, error: string, aadsts: number, text: string): WireError {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = stamp();
  return {
    status,
    body: {
      error,
      error_description: `AADSTS${aadsts}: ${text}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
      error_codes: [aadsts],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.microsoftonline.com/error?code=${aadsts}`,
    },
  };
}

export const entra = {
  tenantNotFound: (tenant: string, discovery = false) =>
    entraError(
      400,
      discovery ? 'invalid_tenant' : 'invalid_request',
      90002,
      `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
    ),
  badTenantId: (tenant: string) =>
    entraError(
      400,
      'invalid_request',
      900023,
      `Specified tenant identifier '${tenant}' is neither a valid DNS name, nor a valid external domain.`,
    ),
  unknownClient: (clientId: string, tenant: string) =>
    entraError(
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${clientId}' was not found in the directory '${tenant}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
    ),
  wrongSecret: (clientId: string) =>
    entraError(
      401,
      'invalid_client',
      7000215,
      `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
    ),
  missingSecret: () =>
    entraError(
      401,
      'invalid_client',
      7000216,
      `'client_assertion', 'client_secret' or 'request' is required for the 'client_credentials' grant type.`,
    ),
  missingParameter: (name: string) =>
    entraError(400, 'invalid_request', 900144, `The request body must contain the following parameter: '${name}'.`),
  unsupportedGrant: () => entraError(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.'),
  invalidScope: (scope: string) =>
    entraError(
      400,
      'invalid_scope',
      70011,
      `The provided request must include a 'scope' input parameter. The provided value for the input parameter 'scope' is not valid. The scope ${scope} is not valid.`,
    ),
};

/** ARM's CloudError envelope: `{ error: { code, message } }`. */
export function armError(status: number, code: string, message: string, headers?: Record<string, string>): WireError {
  return { status, body: { error: { code, message } }, ...(headers ? { headers } : {}) };
}

export const arm = {
  missingHeader: () => armError(401, 'AuthenticationFailed', "Authentication failed. The 'Authorization' header is missing."),
  invalidHeader: () =>
    armError(
      401,
      'AuthenticationFailedInvalidHeader',
      "Authentication failed. The 'Authorization' header is provided in an invalid format.",
    ),
  invalidToken: () => armError(401, 'InvalidAuthenticationToken', 'The access token is invalid.'),
  expiredToken: (expiredAt: Date) =>
    armError(
      401,
      'ExpiredAuthenticationToken',
      `The access token expiry UTC time '${expiredAt.toUTCString()}' is earlier than current UTC time '${new Date().toUTCString()}'.`,
    ),
  wrongAudience: (audience: string) =>
    armError(
      401,
      'InvalidAuthenticationTokenAudience',
      `The access token has been obtained for wrong audience or resource '${audience}'. It should exactly match with one of the allowed audiences 'https://management.core.windows.net/','https://management.core.windows.net','https://management.azure.com/','https://management.azure.com'.`,
    ),
  wrongTenant: (tokenTenant: string, subTenant: string) =>
    armError(
      401,
      'InvalidAuthenticationTokenTenant',
      `The access token is from the wrong issuer 'https://sts.windows.net/${tokenTenant}/'. It must match the tenant 'https://sts.windows.net/${subTenant}/' associated with this subscription. Please use the authority (URL) 'https://login.windows.net/${subTenant}' to get the token. Note, if the subscription is transferred to another tenant there is no impact to the services, but information about new tenant could take time to propagate (up to an hour). If you just transferred your subscription and see this error message, please try back later.`,
    ),
  authorizationFailed: (appId: string, objectId: string, action: string, scope: string) =>
    armError(
      403,
      'AuthorizationFailed',
      `The client '${appId}' with object id '${objectId}' does not have authorization to perform action '${action}' over scope '${scope}' or the scope is invalid. If access was recently granted, please refresh your credentials.`,
    ),
  subscriptionNotFound: (sub: string) => armError(404, 'SubscriptionNotFound', `The subscription '${sub}' could not be found.`),
  resourceGroupNotFound: (rg: string) => armError(404, 'ResourceGroupNotFound', `Resource group '${rg}' could not be found.`),
  resourceNotFound: (type: string, name: string, rg: string) =>
    armError(
      404,
      'ResourceNotFound',
      `The Resource '${type}/${name}' under resource group '${rg}' was not found. For more details please go to https://aka.ms/ARMResourceNotFoundFix`,
    ),
  missingApiVersion: () =>
    armError(400, 'MissingApiVersionParameter', 'The api-version query parameter (?api-version=) is required for all requests.'),
  invalidSkipToken: () => armError(400, 'InvalidSkipToken', 'The provided skip token is not valid.'),
  throttled: (sub: string, objectId: string, retryAfter: number) =>
    armError(
      429,
      'SubscriptionRequestsThrottled',
      `Number of 'read' requests for subscription '${sub}' actor '${objectId}' exceeded. Please try again after '${retryAfter}' seconds after the additional tokens are available. Refer to https://aka.ms/arm-throttling for additional information.`,
      { 'retry-after': String(retryAfter) },
    ),
  /** The code and wording of Azure DNS's per-zone limit are not documented; this follows ARM's 429 convention. */
  zoneListThrottled: (zone: string, calls: number, retryAfter: number) =>
    armError(
      429,
      'TooManyRequests',
      `The request rate for listing record sets of DNS zone '${zone}' exceeds ${calls} per window. Please retry after ${retryAfter} seconds.`,
      { 'retry-after': String(retryAfter) },
    ),
  methodNotAllowed: (method: string) =>
    armError(405, 'MethodNotAllowed', `The requested resource does not support http method '${method}'.`),
  noRoute: (path: string) => armError(404, 'InvalidResourceType', `The resource type could not be found for the path '${path}'.`),
};
