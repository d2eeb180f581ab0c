import type { z } from 'zod';
import type { Endpoint } from '@dnsferry/shared';
import {
  CompanionError,
  NO_CREDENTIALS,
  failure,
  readJson,
  send,
  type CallOptions,
  type JsonEndpoint,
  type RequestOf,
  type StreamEndpoint,
} from './companion-http';
import { assertGenuine } from './pairing';

export { CompanionError, endpointUrl, rawPostJson, type CallOptions, type CompanionErrorKind } from './companion-http';

export const DEFAULT_COMPANION_URL = 'http://127.0.0.1:8787';

async function post(baseUrl: string, endpoint: Endpoint, body: unknown, opts: CallOptions): Promise<Response> {
  // Before a credential leaves, the companion proves it is the one this browser paired with.
  if (!NO_CREDENTIALS.has(endpoint.path)) await assertGenuine(baseUrl, opts);
  return send(baseUrl, endpoint, body, opts);
}

/** POST a JSON body to an endpoint of the table (`API`) and validate its answer with the entry's schema (after the proof, for credentials). */
export async function postJson<E extends JsonEndpoint>(
  baseUrl: string,
  endpoint: E,
  body: RequestOf<E>,
  opts: CallOptions = {},
): Promise<z.output<E['answer']['schema']>> {
  return readJson<E['answer']['schema']>(await post(baseUrl, endpoint, body, opts), endpoint.answer.schema);
}

/**
 * POST a JSON body to a streaming endpoint of the table and yield the NDJSON lines of the answer,
 * each validated with the entry's event schema. Ends when the server closes the stream; whether a
 * terminal event came is the caller's judgement.
 */
export async function* streamNdjson<E extends StreamEndpoint>(
  baseUrl: string,
  endpoint: E,
  body: RequestOf<E>,
  opts: CallOptions = {},
): AsyncGenerator<z.output<E['answer']['event']>> {
  const res = await post(baseUrl, endpoint, body, opts);
  yield* readNdjson<E['answer']['event']>(res, endpoint.answer.event, opts.signal);
}

async function* readNdjson<S extends z.ZodType>(res: Response, schema: S, signal: AbortSignal | undefined): AsyncGenerator<z.output<S>> {
  if (!res.ok) throw await failure(res);
  if (!res.body) throw new CompanionError('protocol', 'The companion sent no stream.', res.status);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string): z.output<S> => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (err) {
      throw new CompanionError(
        'protocol',
        `The companion sent a line that is not JSON: ${line.slice(0, 80)}`,
        res.status,
        undefined,
        undefined,
        { cause: err },
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new CompanionError(
        'protocol',
        `The companion sent an event this extension does not understand: ${line.slice(0, 120)}`,
        res.status,
      );
    return parsed.data;
  };
  const aborted = () => new CompanionError('aborted', 'stopped');
  // Stop reading at once on abort, whatever the transport does with the signal.
  const onAbort = () => {
    reader.cancel().catch((err: unknown) => console.debug('dnsferry: stream cancel', err));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal?.aborted) throw new CompanionError('aborted', 'stopped', undefined, undefined, undefined, { cause: err });
        throw new CompanionError('unreachable', 'The connection to the companion broke off.', undefined, undefined, undefined, {
          cause: err,
        });
      }
      if (signal?.aborted) throw aborted();
      buffer += decoder.decode(chunk.value, { stream: !chunk.done });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line) yield parse(line);
      }
      if (chunk.done) break;
    }
    const rest = buffer.trim();
    if (rest) yield parse(rest);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}
