import {
  ListHostedZonesCommand,
  ListResourceRecordSetsCommand,
  Route53Client,
  type HostedZone,
  type ResourceRecordSet,
} from '@aws-sdk/client-route-53';
import type { Route53Keys } from '@dnsferry/shared';
import type { Config } from '../../config';
import { UpstreamError, isAbort, type UpstreamCause } from '../../errors';
import { isDeadline } from '../../upstream/deadline';
import { describeConnectionFailure, describeUnreachable, innermost } from '../../upstream/unreachable';
import type { Redactor } from '../../redactor';
import { FetchRequestHandler } from './fetch-handler';
import { setTimeout as sleep } from 'node:timers/promises';
import { pacerFor } from './pacer';
import { CAPABILITIES } from './capabilities';

const PROVIDER = 'Route 53';
/** Throttling and transient failures are retried this many times before the error reaches the user. */
const MAX_RETRIES = 6;
/** Pages per listing before we assume a paging loop (10,000 record sets at 300 a page is 34 pages). */
const MAX_PAGES = 1000;
const { zonesPerPage: ZONES_PER_PAGE, recordSetsPerPage: RECORD_SETS_PER_PAGE } = CAPABILITIES.limits;

export interface Route53Deps {
  config: Config;
  fetch: typeof fetch;
}

const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'PriorRequestNotComplete',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);
const BAD_KEYS: Record<string, string> = {
  InvalidClientTokenId: 'AWS does not know this access key id (or a temporary key was sent without its session token)',
  UnrecognizedClientException: 'AWS does not know this access key id',
  SignatureDoesNotMatch: 'check the secret access key',
  IncompleteSignature: 'check the secret access key',
  ExpiredToken: 'the temporary keys have expired; get fresh ones',
  ExpiredTokenException: 'the temporary keys have expired; get fresh ones',
  RequestExpired: "check this computer's clock",
  MissingAuthenticationToken: 'send an access key id and its secret',
};
const DENIED = new Set(['AccessDenied', 'AccessDeniedException', 'NotAuthorizedException']);

/** What the SDK's errors carry (its error classes are not all exported, and `Throttling` is none of them). */
interface SdkError {
  name: string;
  message: string;
  $metadata?: { httpStatusCode?: number };
  $response?: { headers?: Record<string, string | undefined> };
}

function asSdkError(err: unknown): SdkError | null {
  if (!(err instanceof Error)) return null;
  const status = (err as SdkError).$metadata?.httpStatusCode;
  return status === undefined ? null : err;
}

function causeOf(status: number, name: string): UpstreamCause {
  if (name in BAD_KEYS) return 'auth';
  if (DENIED.has(name)) return 'permission';
  if (status === 404 || name === 'NoSuchHostedZone') return 'not_found';
  if (status >= 400 && status < 500) return 'invalid';
  return 'upstream';
}

/** Retry-After in seconds, or AWS's `x-amz-retry-after` in milliseconds; null when absent. */
function retryAfterMs(headers: Record<string, string | undefined> | undefined): number | null {
  const ms = Number(headers?.['x-amz-retry-after']);
  if (headers?.['x-amz-retry-after'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const s = Number(headers?.['retry-after']);
  return headers?.['retry-after'] !== undefined && Number.isFinite(s) && s >= 0 ? s * 1000 : null;
}

/**
 * Route 53 through AWS's own SDK, for one set of keys: signed with SigV4 by the SDK, sent through the
 * companion's fetch (proxies, unreachable explanations), at most five requests a second per account
 * (the pacer), throttling answers (`Throttling`, `PriorRequestNotComplete`) and 5xx retried with
 * backoff by this client rather than the SDK, so the waits are told and the account's pacer holds.
 */
export class Route53Api {
  private readonly client: Route53Client;
  private readonly accessKeyId: string;
  private readonly endpoint: URL;

  constructor(
    private readonly deps: Route53Deps,
    credentials: Route53Keys,
    private readonly redactor: Redactor,
    /** Someone waits on the answer (validate, list zones): an unreachable Route 53 is reported at once. */
    private readonly interactive = false,
  ) {
    redactor.add(credentials.accessKeyId, credentials.secretAccessKey, credentials.sessionToken);
    this.endpoint = new URL(deps.config.awsRoute53);
    this.accessKeyId = credentials.accessKeyId;
    // The SDK warns on every run that its releases after 2027-01 want Node 22; dnsferry pins its
    // SDK version, so the warning tells a user of the command line nothing they can act on.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new Route53Client({
      // The global endpoint signs for us-east-1; with an endpoint given, the SDK signs for the region given.
      region: 'us-east-1',
      endpoint: deps.config.awsRoute53,
      // Static keys and settings: nothing read from AWS_* variables, ~/.aws or an instance's metadata.
      credentials: {
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
        ...(credentials.sessionToken ? { sessionToken: credentials.sessionToken } : {}),
      },
      maxAttempts: 1,
      retryMode: 'standard',
      useFipsEndpoint: false,
      useDualstackEndpoint: false,
      requestHandler: new FetchRequestHandler(deps.fetch, (s) => pacerFor(this.accessKeyId).take(s), deps.config.upstreamTimeoutMs),
    });
  }

  /**
   * One call, retried while Route 53 throttles or fails transiently; each request it sends is paced and
   * given the upstream time limit where it leaves (the fetch handler).
   */
  private async call<T>(send: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, progress?: (message: string) => void): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send(signal);
      } catch (err) {
        if (signal.aborted) throw signal.reason ?? err;
        const wait = this.retryWait(err, attempt);
        if (wait === null) throw this.toUpstreamError(err);
        const throttled = THROTTLED.has(asSdkError(err)?.name ?? '');
        if (throttled) pacerFor(this.accessKeyId).hold(wait);
        if (wait >= 1000) progress?.(`Route 53 asks to slow down; waiting ${Math.round(wait / 1000)} s, then reading on`);
        await sleep(wait, undefined, { signal });
      }
    }
  }

  /** How long to wait before trying again, or null when a retry cannot help. */
  private retryWait(err: unknown, attempt: number): number | null {
    if (attempt >= MAX_RETRIES) return null;
    const { config } = this.deps;
    const backoff = Math.min(config.retryBaseMs * 2 ** attempt, 20_000);
    const jittered = backoff / 2 + Math.random() * (backoff / 2);
    const sdk = asSdkError(err);
    if (sdk) {
      const status = sdk.$metadata?.httpStatusCode ?? 0;
      if (!THROTTLED.has(sdk.name) && status !== 429 && status < 500) return null;
      const asked = retryAfterMs(sdk.$response?.headers);
      if (asked !== null && asked > config.maxRetryAfterMs) return null;
      return Math.max(asked ?? 0, jittered);
    }
    if (isDeadline(err) || isAbort(err) || !(err instanceof Error)) return null;
    // A network failure: one that will not heal (no DNS, refused) is told at once to someone waiting.
    if (describeUnreachable(err, this.endpoint) !== null && (this.interactive || attempt >= 2)) return null;
    return attempt < 2 ? jittered : null;
  }

  private toUpstreamError(err: unknown): unknown {
    const sdk = asSdkError(err);
    if (sdk) {
      const status = sdk.$metadata?.httpStatusCode ?? 0;
      if (THROTTLED.has(sdk.name) || status === 429) {
        return new UpstreamError(
          PROVIDER,
          'rate_limit',
          sdk.name,
          'Route 53 kept throttling (five requests a second per AWS account, shared with every other tool using it); try again later',
          status,
        );
      }
      // A body that is not AWS's error XML: the SDK names it only by its parser's complaint.
      const known = /^[A-Za-z]+$/.test(sdk.name) && sdk.name !== 'Error' && sdk.name !== 'Unknown';
      const hint =
        BAD_KEYS[sdk.name] ??
        (DENIED.has(sdk.name)
          ? 'the keys need route53:ListHostedZones and route53:ListResourceRecordSets (AmazonRoute53ReadOnlyAccess)'
          : undefined);
      const message = known ? sdk.message : `answered HTTP ${status} with a body that is not AWS's error XML`;
      return new UpstreamError(
        PROVIDER,
        causeOf(status, sdk.name),
        known ? sdk.name : undefined,
        this.redactor.scrub(hint ? `${message} — ${hint}` : message),
        status,
      );
    }
    if (isDeadline(err) || isDeadline((err as Error).cause)) {
      return new UpstreamError(PROVIDER, 'timeout', undefined, `Route 53 did not answer within ${this.deps.config.upstreamTimeoutMs} ms`);
    }
    if (isAbort(err) || !(err instanceof Error)) return err;
    const reason =
      describeUnreachable(err, this.endpoint) ??
      describeConnectionFailure(err, this.endpoint) ??
      `could not reach Route 53 at ${this.endpoint.host}: ${innermost(err)}`;
    return new UpstreamError(PROVIDER, 'upstream', undefined, this.redactor.scrub(reason));
  }

  /** One hosted zone at most: proves the keys, the session token and the permission to list in one request. */
  async check(signal: AbortSignal): Promise<void> {
    await this.call((s) => this.client.send(new ListHostedZonesCommand({ MaxItems: 1 }), { abortSignal: s }), signal);
  }

  /** Every hosted zone of the account (pages of 100, by NextMarker). */
  async hostedZones(signal: AbortSignal): Promise<HostedZone[]> {
    const zones: HostedZone[] = [];
    let marker: string | undefined;
    for (let pages = 0; ; pages++) {
      if (pages >= MAX_PAGES) throw this.pagingLoop();
      const page = await this.call(
        (s) =>
          this.client.send(new ListHostedZonesCommand({ MaxItems: ZONES_PER_PAGE, ...(marker ? { Marker: marker } : {}) }), {
            abortSignal: s,
          }),
        signal,
      );
      zones.push(...(page.HostedZones ?? []));
      if (!page.NextMarker || page.NextMarker === marker) return zones;
      marker = page.NextMarker;
    }
  }

  /**
   * Every record set of a hosted zone, pages of 300 resumed at NextRecordName + NextRecordType +
   * NextRecordIdentifier (without the identifier, a routed set at a page's end would come back again).
   */
  async recordSets(zoneId: string, signal: AbortSignal, progress?: (message: string) => void): Promise<ResourceRecordSet[]> {
    const sets: ResourceRecordSet[] = [];
    const seen = new Set<string>();
    let next: { StartRecordName?: string; StartRecordType?: ResourceRecordSet['Type']; StartRecordIdentifier?: string } = {};
    for (let pages = 0; ; pages++) {
      const at = JSON.stringify(next);
      if (pages >= MAX_PAGES || seen.has(at)) throw this.pagingLoop();
      seen.add(at);
      const start = next;
      const page = await this.call(
        (s) =>
          this.client.send(new ListResourceRecordSetsCommand({ HostedZoneId: zoneId, MaxItems: RECORD_SETS_PER_PAGE, ...start }), {
            abortSignal: s,
          }),
        signal,
        progress,
      );
      sets.push(...(page.ResourceRecordSets ?? []));
      const more = page.IsTruncated === true && page.NextRecordName !== undefined;
      progress?.(`Read page ${pages + 1} from Route 53: ${sets.length} record sets so far${more ? ', more to come' : ''}`);
      if (!more) return sets;
      next = {
        StartRecordName: page.NextRecordName,
        ...(page.NextRecordType ? { StartRecordType: page.NextRecordType } : {}),
        ...(page.NextRecordIdentifier ? { StartRecordIdentifier: page.NextRecordIdentifier } : {}),
      };
    }
  }

  private pagingLoop(): UpstreamError {
    return new UpstreamError(PROVIDER, 'upstream', undefined, 'Route 53 kept sending pages that lead back (a paging loop); stopped');
  }

  close(): void {
    this.client.destroy();
  }
}
