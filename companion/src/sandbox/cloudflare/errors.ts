/**
 * Cloudflare's error envelope and the error codes the simulator answers with.
 *
 * Evidence levels (see shared reference cloudflare-api.md): codes marked [obs] were seen in live responses
 * quoted in public issues; [unk] codes are the simulator's own choice where the real code is not known —
 * clients must not depend on those numbers, only on the HTTP status and the envelope shape.
 */

export interface CfChainItem {
  code: number;
  message: string;
}

export interface CfMessage {
  code: number;
  message: string;
  error_chain?: CfChainItem[];
}

/** A failure the router turns into `{success:false, errors:[…], messages:[], result:null}`. */
export class CfError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly chain?: CfChainItem[],
    /** Sent as Retry-After with the failure (a 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CfError';
  }

  toMessage(): CfMessage {
    return this.chain ? { code: this.code, message: this.message, error_chain: this.chain } : { code: this.code, message: this.message };
  }

  /** The same error answered with another HTTP status (a batch reports every failure as 400). */
  withStatus(status: number): CfError {
    return new CfError(status, this.code, this.message, this.chain);
  }
}

export function failureBody(errors: CfMessage[]): Record<string, unknown> {
  return { success: false, errors, messages: [], result: null };
}

const SAME_NAME_DOC = 'https://developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/';

/** Factories, so a message is spelled once. */
export const cf = {
  // --- auth [obs] ---
  missingAuth: () => new CfError(400, 9106, 'Missing X-Auth-Key, X-Auth-Email or Authorization headers'),
  malformedAuth: () =>
    new CfError(400, 6003, 'Invalid request headers', [{ code: 6111, message: 'Invalid format for Authorization header' }]),
  malformedAuthKey: () =>
    new CfError(400, 6003, 'Invalid request headers', [{ code: 6103, message: 'Invalid format for X-Auth-Key header' }]),
  unknownAuthKey: () => new CfError(403, 9103, 'Unknown X-Auth-Key or X-Auth-Email'),
  invalidTokenVerify: () => new CfError(401, 1000, 'Invalid API Token'),
  invalidToken: () => new CfError(403, 9109, 'Invalid access token'),
  authError: () => new CfError(403, 10000, 'Authentication error'),
  rateLimited: () => new CfError(429, 971, 'Please wait and consider throttling your request speed'),
  /** The docs give the limit (25 zones per 10 minutes), not the answer; a 429 like the budget's is what users report. */
  zoneAdditionsLimited: (retryAfterSeconds: number) =>
    new CfError(429, 971, 'Please wait and consider throttling your request speed', undefined, retryAfterSeconds),

  // --- routing / request [obs] ---
  noRoute: () => new CfError(400, 7000, 'No route for that URI'),
  methodNotAllowed: (method: string) => new CfError(405, 7001, `Method ${method} not available for that URI.`), // [unk] status
  badObjectId: (path: string) => new CfError(400, 7003, `Could not route to ${path}, perhaps your object identifier is invalid?`),
  malformedJson: () => new CfError(400, 6007, 'Malformed JSON in request body'),
  contentType: () => new CfError(400, 9207, 'Content-type must be application/json.'),
  invalidBody: () => new CfError(400, 9207, 'Request body is invalid.'),
  /** Query-parameter validation; the real code and wording are [unk]. */
  invalidParam: (detail: string) => new CfError(400, 1001, `Invalid request: ${detail}`),

  // --- zones [obs] 1061, [doc] 1049/1099/1038 ---
  zoneExists: (name: string) => new CfError(400, 1061, `${name} already exists`),
  notRegistered: (name: string) => new CfError(400, 1049, `${name} is not a registered domain`),
  notRootDomain: (name: string) =>
    new CfError(
      400,
      1099,
      `We were unable to identify ${name} as a registered domain. Please ensure you are providing the root domain and not any subdomains (e.g., example.com, not subdomain.example.com)`,
    ),
  bannedTld: () =>
    new CfError(
      403,
      1038,
      'You cannot use this API for domains with a .cf, .ga, .gq, .ml, or .tk TLD (top-level domain). To configure the DNS settings for this domain, use the Cloudflare Dashboard.',
    ),
  invalidZoneName: (name: string) => new CfError(400, 1002, `Invalid zone name: ${name}`), // [unk] code
  zoneField: (detail: string) => new CfError(400, 1001, `Invalid request: ${detail}`), // [unk] code

  // --- DNS records ---
  invalidName: () => new CfError(400, 9000, 'DNS name is invalid.'), // [obs]
  invalidType: () => new CfError(400, 9020, 'Invalid DNS record type'), // [unk] code
  cannotProxy: () => new CfError(400, 9004, 'This record type cannot be proxied.'), // [obs] 9004
  invalidA: () => new CfError(400, 9005, 'Content for A record must be a valid IPv4 address.'), // [obs]
  invalidAAAA: () => new CfError(400, 9006, 'Content for AAAA record must be a valid IPv6 address.'), // [obs]
  invalidCname: () => new CfError(400, 9007, 'Content for CNAME record is invalid.'), // [obs]
  cnameSelf: () => new CfError(400, 9039, 'CNAME content cannot reference itself.'), // [unk] code
  priorityRequired: () => new CfError(400, 9100, 'priority is a required field.'), // [obs]
  invalidPriority: () => new CfError(400, 9008, 'Invalid priority, priority must be set and be between 0 and 65535'), // [obs]
  mxHostname: () =>
    new CfError(
      400,
      9009,
      'Change the content of your MX record to be a hostname (and not an IP address). For more details, refer to <https://developers.cloudflare.com/dns/manage-dns-records/how-to/email-records/#add-mx-records>.',
    ), // [obs]
  invalidHostContent: (type: string) => new CfError(400, 9010, `Content for ${type} record is invalid.`), // [unk] code
  invalidTtl: () => new CfError(400, 9021, 'Invalid TTL. Must be between 60 and 86400, or 1 for automatic.'), // [obs] code
  contentRequired: () => new CfError(400, 9100, 'content is a required field.'), // [obs] code (same family as priority)
  nameRequired: () => new CfError(400, 9100, 'name is a required field.'),
  dataRequired: (type: string) => new CfError(400, 9100, `data is a required field for ${type} records.`),
  srvLegacyFields: () =>
    new CfError(400, 9101, "SRV data fields 'service', 'proto' and 'name' are no longer supported. Use the record name instead."), // [obs] message
  invalidSrv: (detail: string) => new CfError(400, 9101, `Content for SRV record is invalid: ${detail}`), // [unk] code
  invalidSrvName: () => new CfError(400, 9102, 'SRV record name must be of the form _service._proto.name.'), // [unk] code
  invalidData: (type: string, detail: string) => new CfError(400, 9101, `Content for ${type} record is invalid: ${detail}`), // [unk] code
  invalidCaa: (detail: string) => new CfError(400, 9111, `Content for CAA record is invalid: ${detail}`), // [unk] code
  invalidTxt: () => new CfError(400, 9016, 'Content for TXT record is invalid: the quoted strings are not balanced.'), // [unk] code
  txtTooLong: () => new CfError(400, 9015, 'Content for TXT record exceeds the allowed length of 2048 characters.'), // [obs] code
  txtCombinedTooLong: () =>
    new CfError(400, 83011, 'Combined content length of records with this name exceeds the limit of 8192 characters.'), // [obs] code
  apexNs: () =>
    new CfError(400, 9023, 'NS records at the zone apex are managed by Cloudflare; apex NS records require multi-provider DNS.'), // [unk]
  invalidComment: () => new CfError(400, 9301, 'Comment is invalid: it must be at most 100 characters and contain no line breaks.'), // [unk]
  tagsNotAllowed: () => new CfError(400, 9302, 'DNS record tags are not available on the Free plan.'), // [unk]
  flattenNotAllowed: () =>
    new CfError(
      400,
      9303,
      'settings.flatten_cname is only available for CNAME records on paid plans and cannot be combined with proxying.',
    ), // [unk]
  typeChange: () => new CfError(400, 9031, 'Changing the type of a DNS record is not supported. Delete the record and create a new one.'), // [unk] code; rule per DEPR 2026-06-30
  recordNotFound: () => new CfError(404, 81044, 'Record does not exist.'), // [unk]/commonly cited
  recordQuotaExceeded: () => new CfError(400, 81045, 'Record quota exceeded.'), // [obs] code and message; status [unk]
  cnameConflict: () => new CfError(400, 81053, 'An A, AAAA, or CNAME record with that host already exists.'), // [obs]
  cnameExists: () =>
    new CfError(400, 81054, `A CNAME record with that host already exists. For more details, refer to <${SAME_NAME_DOC}>.`), // [obs]
  nsOthersExist: () => new CfError(400, 81055, 'NS records cannot be created on a name that already has other records.'), // [unk] code
  nsExists: () => new CfError(400, 81056, 'NS records with that host already exist.'), // [doc]
  identical: () => new CfError(400, 81058, 'An identical record already exists.'), // [obs]
  batchTooLarge: (count: number, limit: number) =>
    new CfError(400, 1001, `Invalid request: the batch has ${count} operations; the limit for this zone's plan is ${limit}.`), // [unk]
};
