import type { TokenCredential } from '@azure/identity';
import type { Config } from '../../config';
import { isDeadline, withDeadline } from '../../upstream/deadline';
import { UpstreamError, isAbort, type UpstreamCause } from '../../errors';
import { backoffMs, retryAfterMs } from '../../upstream/retry';
import { describeConnectionFailure, describeUnreachable, innermost } from '../../upstream/unreachable';
import type { Redactor } from './redact';
import { CloudErrorSchema, PageSchema } from './wire';

/** Throttling and transient failures are retried this many times before the error reaches the user. */
const MAX_RETRIES = 5;
/** Pages per listing before we assume a nextLink loop (10,000 record sets at 100 a page is 100 pages). */
const MAX_PAGES = 1000;

export interface ArmClientDeps {
  config: Config;
  fetch: typeof fetch;
  credential: TokenCredential;
  redactor: Redactor;
  /**
   * Someone waits on the answer (validate, list zones): an unreachable ARM is reported at once.
   * A migration retries, since a blip in the middle of it should not fail a zone.
   */
  interactive?: boolean;
}

function statusCause(status: number): UpstreamCause {
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limit';
  if (status >= 400 && status < 500) return 'invalid';
  return 'upstream';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A thin ARM client: Bearer auth, JSON, CloudError → UpstreamError, 429/503 waited out per
 * Retry-After (Azure DNS allows 60 record-set list calls a minute per zone), a time limit per request,
 * and nextLink paging that follows the link verbatim but only on the configured ARM origin (the
 * token must never go anywhere else).
 */
export class ArmClient {
  private readonly origin: string;
  private readonly scope: string;

  constructor(private readonly deps: ArmClientDeps) {
    this.origin = new URL(deps.config.azureArm).origin;
    this.scope = `${this.origin}/.default`;
  }

  private url(pathOrUrl: string): string {
    if (pathOrUrl.startsWith('/')) return `${this.deps.config.azureArm}${pathOrUrl}`;
    let parsed: URL;
    try {
      parsed = new URL(pathOrUrl);
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      throw new UpstreamError('Azure', 'upstream', undefined, 'Azure Resource Manager sent a nextLink that is not a URL');
    }
    if (parsed.origin !== this.origin) {
      throw new UpstreamError(
        'Azure',
        'upstream',
        undefined,
        `Azure Resource Manager sent a nextLink to ${parsed.host}, outside ${new URL(this.origin).host}; not followed`,
      );
    }
    return pathOrUrl;
  }

  /** GET one ARM resource or page; `progress` hears of each wait that Azure's throttling asks for. */
  async get(pathOrUrl: string, signal: AbortSignal, progress?: (message: string) => void): Promise<unknown> {
    const url = this.url(pathOrUrl);
    const { config, redactor } = this.deps;
    for (let attempt = 0; ; attempt++) {
      const access = await this.deps.credential.getToken(this.scope, { abortSignal: signal });
      if (!access) throw new UpstreamError('Azure', 'auth', undefined, 'no access token could be obtained for Azure Resource Manager');
      const { token } = access;
      let res: Response;
      let text: string;
      try {
        [res, text] = await withDeadline(signal, config.upstreamTimeoutMs, async (s) => {
          const r = await this.deps.fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: s });
          return [r, await r.text()] as const;
        });
      } catch (err) {
        if (signal.aborted) throw signal.reason ?? err;
        if (isDeadline(err) || isDeadline((err as Error).cause)) {
          throw new UpstreamError(
            'Azure',
            'timeout',
            undefined,
            `Azure Resource Manager did not answer within ${config.upstreamTimeoutMs} ms`,
          );
        }
        if (isAbort(err)) throw err;
        const unreachable = describeUnreachable(err, new URL(url));
        if (attempt < 2 && !(unreachable && this.deps.interactive)) {
          await sleep(backoffMs(config.retryBaseMs, attempt), signal);
          continue;
        }
        const reason =
          unreachable ??
          describeConnectionFailure(err, new URL(url)) ??
          `could not reach Azure Resource Manager at ${new URL(url).host}: ${innermost(err)}`;
        throw new UpstreamError('Azure', 'upstream', undefined, redactor.scrub(reason));
      }
      if (res.ok) {
        try {
          return JSON.parse(text) as unknown;
        } catch (err) {
          if (!(err instanceof SyntaxError)) throw err;
          throw new UpstreamError(
            'Azure',
            'upstream',
            undefined,
            `Azure Resource Manager answered ${res.status} with a body that is not JSON`,
            res.status,
          );
        }
      }
      if ((res.status === 429 || res.status === 503) && attempt < MAX_RETRIES) {
        const wait = retryAfterMs(res.headers) ?? backoffMs(config.retryBaseMs, attempt);
        if (wait <= config.maxRetryAfterMs) {
          if (wait >= 1000) progress?.(`Azure asks to wait ${Math.round(wait / 1000)} s (HTTP ${res.status}); waiting, then reading on`);
          await sleep(wait, signal);
          continue;
        }
      }
      throw this.error(res.status, text);
    }
  }

  private error(status: number, text: string): UpstreamError {
    let code: string | undefined;
    let message = `HTTP ${status}`;
    try {
      const parsed = CloudErrorSchema.safeParse(JSON.parse(text));
      if (parsed.success) {
        code = parsed.data.error.code;
        message = parsed.data.error.message ?? message;
      }
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
    }
    return new UpstreamError('Azure', statusCause(status), code, this.deps.redactor.scrub(message), status);
  }

  /** Every item of a paged ARM list, following nextLink until it is absent; `progress` hears of each page. */
  async list(path: string, signal: AbortSignal, progress?: (message: string) => void): Promise<unknown[]> {
    const items: unknown[] = [];
    const seen = new Set<string>();
    let next: string | null | undefined = path;
    for (let pages = 0; next; pages++) {
      if (pages >= MAX_PAGES || seen.has(next)) {
        throw new UpstreamError('Azure', 'upstream', undefined, 'Azure Resource Manager kept sending nextLinks (a paging loop); stopped');
      }
      seen.add(next);
      const body = PageSchema.safeParse(await this.get(next, signal, progress));
      if (!body.success)
        throw new UpstreamError('Azure', 'upstream', undefined, 'Azure Resource Manager sent a list without a value array');
      items.push(...body.data.value);
      next = body.data.nextLink;
      progress?.(`Read page ${pages + 1} from Azure: ${items.length} so far${next ? ', more to come' : ''}`);
    }
    return items;
  }
}
