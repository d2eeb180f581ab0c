import { withDeadline } from '../../upstream/deadline';
import { describeUnreachable } from '../../upstream/unreachable';
import { UpstreamError } from '../../errors';
import { createHttpHeaders, type HttpClient, type PipelineRequest, type PipelineResponse } from '@azure/core-rest-pipeline';
import { retryAfterMs } from '../../upstream/retry';

export interface HttpClientLimits {
  timeoutMs: number;
  /** Longest Retry-After waited out, as for ARM and Cloudflare. */
  maxRetryAfterMs: number;
}

/**
 * `@azure/identity` sends its requests (OpenID metadata, token) through this client, so every call to
 * Azure goes through the companion's one fetch: the same proxy rules (the pipeline's own proxy policy
 * only sets a `request.agent`, which this client does not use), the upstream time limit, and the
 * Retry-After cap. Two failures are decided here rather than inside MSAL, whose errors drop the
 * cause: an unreachable authority, and a 429/503 asking to wait longer than the cap (the pipeline
 * would otherwise sleep it out). Both are thrown and handed to `onFailure` for the credential to report.
 */
export function fetchHttpClient(
  f: typeof fetch,
  limits: HttpClientLimits,
  onFailure: (err: UpstreamError) => void = () => undefined,
): HttpClient {
  return {
    async sendRequest(request: PipelineRequest): Promise<PipelineResponse> {
      if (request.body !== undefined && request.body !== null && typeof request.body !== 'string') {
        throw new Error('only string request bodies are supported');
      }
      const outer = new AbortController();
      // The pipeline's signal is only AbortSignal-like; bridge it to a real one.
      const pipelineSignal = request.abortSignal;
      if (pipelineSignal?.aborted) outer.abort();
      else pipelineSignal?.addEventListener('abort', () => outer.abort(), { once: true });
      let res: Response;
      try {
        res = await withDeadline(outer.signal, request.timeout > 0 ? request.timeout : limits.timeoutMs, (signal) =>
          f(request.url, {
            method: request.method,
            headers: request.headers.toJSON({ preserveCase: true }),
            ...(typeof request.body === 'string' ? { body: request.body } : {}),
            signal,
          }),
        );
      } catch (err) {
        const unreachable = outer.signal.aborted ? null : describeUnreachable(err, new URL(request.url));
        if (!unreachable) throw err;
        const failure = new UpstreamError('Azure', 'upstream', undefined, unreachable);
        onFailure(failure);
        throw failure;
      }
      const headers = createHttpHeaders();
      res.headers.forEach((value, key) => headers.set(key, value));
      const wait = res.status === 429 || res.status === 503 ? retryAfterMs(res.headers) : null;
      if (wait !== null && wait > limits.maxRetryAfterMs) {
        await res.body?.cancel();
        const failure = new UpstreamError(
          'Azure',
          'rate_limit',
          undefined,
          `Entra ID at ${new URL(request.url).host} is throttling sign-ins and asks to wait ${Math.ceil(wait / 1000)} s, longer than this companion waits (DNSFERRY_MAX_RETRY_AFTER_MS); try again later`,
          res.status,
        );
        onFailure(failure);
        throw failure;
      }
      return { request, status: res.status, headers, bodyAsText: await res.text() };
    },
  };
}
