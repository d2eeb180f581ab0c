import { withDeadline } from '../../http/deadline';
import { createHttpHeaders, type HttpClient, type PipelineRequest, type PipelineResponse } from '@azure/core-rest-pipeline';

/**
 * `@azure/identity` sends its requests (OpenID metadata, token) through this client, so every call to
 * Azure goes through the companion's one injectable fetch and honours the upstream time limit.
 */
export function fetchHttpClient(f: typeof fetch, timeoutMs: number): HttpClient {
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
      const res = await withDeadline(outer.signal, request.timeout > 0 ? request.timeout : timeoutMs, (signal) =>
        f(request.url, {
          method: request.method,
          headers: request.headers.toJSON({ preserveCase: true }),
          ...(typeof request.body === 'string' ? { body: request.body } : {}),
          signal,
        }),
      );
      const headers = createHttpHeaders();
      res.headers.forEach((value, key) => headers.set(key, value));
      return { request, status: res.status, headers, bodyAsText: await res.text() };
    },
  };
}
