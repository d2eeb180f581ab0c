import type { z } from 'zod';
import { ENDPOINTS, ErrorBodySchema, type ErrorCode } from '@dnsferry/shared';
import { assertGenuine } from './pairing';

export const DEFAULT_COMPANION_URL = 'http://127.0.0.1:8787';

/**
 * Why a call to the companion did not give the expected answer. `unpaired` and `impostor` come from
 * the check made before any credential leaves: nothing was sent.
 */
export type CompanionErrorKind = 'unreachable' | 'http' | 'protocol' | 'aborted' | 'unpaired' | 'impostor' | 'invalid';

export class CompanionError extends Error {
  constructor(
    readonly kind: CompanionErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: ErrorCode,
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CompanionError';
  }
}

export interface CallOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export function endpointUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** Bodies to these endpoints carry no credential; every other endpoint's does (new ones too). */
const NO_CREDENTIALS = new Set<string>([ENDPOINTS.scan, ENDPOINTS.pair, ENDPOINTS.pairProof]);

async function post(baseUrl: string, path: string, body: unknown, opts: CallOptions): Promise<Response> {
  // Before a credential leaves, the companion proves it is the one this browser paired with.
  if (!NO_CREDENTIALS.has(path)) await assertGenuine(baseUrl, opts);
  return send(baseUrl, path, body, opts);
}

async function send(baseUrl: string, path: string, body: unknown, opts: CallOptions): Promise<Response> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  try {
    return await doFetch(endpointUrl(baseUrl, path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, application/x-ndjson' },
      body: JSON.stringify(body),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (opts.signal?.aborted) throw new CompanionError('aborted', 'stopped', undefined, undefined, undefined, { cause: err });
    throw new CompanionError('unreachable', `The companion does not answer at ${baseUrl}.`, undefined, undefined, undefined, { cause: err });
  }
}

/** Turns a non-2xx answer into a CompanionError carrying the companion's own code and sentence. */
async function failure(res: Response): Promise<CompanionError> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return new CompanionError('protocol', `The companion answered ${res.status} without a JSON body.`, res.status, undefined, undefined, { cause: err });
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return new CompanionError('protocol', `The companion answered ${res.status} with an unexpected body.`, res.status);
  const { code, message, field } = parsed.data.error;
  return new CompanionError('http', message, res.status, code, field);
}

/** POST a JSON body and validate the JSON answer with a shared schema (after the proof, for credentials). */
export async function postJson<S extends z.ZodType>(
  baseUrl: string,
  path: string,
  body: unknown,
  schema: S,
  opts: CallOptions = {},
): Promise<z.output<S>> {
  return readJson(await post(baseUrl, path, body, opts), schema);
}

/** The same without the proof: for the pairing calls themselves, which carry no credential. */
export async function rawPostJson<S extends z.ZodType>(baseUrl: string, path: string, body: unknown, schema: S, opts: CallOptions = {}): Promise<z.output<S>> {
  if (!NO_CREDENTIALS.has(path)) throw new Error(`${path} carries credentials; use postJson`);
  return readJson(await send(baseUrl, path, body, opts), schema);
}

async function readJson<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  if (!res.ok) throw await failure(res);
  let json: unknown;
  try {
    json = await res.json();
  } catch (err) {
    throw new CompanionError('protocol', 'The companion answered with a body that is not JSON.', res.status, undefined, undefined, { cause: err });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new CompanionError('protocol', `The companion's answer does not match the contract: ${parsed.error.issues[0]?.message ?? 'invalid'}`, res.status);
  return parsed.data;
}

/**
 * POST a JSON body and yield the NDJSON lines of the answer, each validated with `schema`.
 * Ends when the server closes the stream; whether a terminal event came is the caller's judgement.
 */
export async function* streamNdjson<S extends z.ZodType>(
  baseUrl: string,
  path: string,
  body: unknown,
  schema: S,
  opts: CallOptions = {},
): AsyncGenerator<z.output<S>> {
  const res = await post(baseUrl, path, body, opts);
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
      throw new CompanionError('protocol', `The companion sent a line that is not JSON: ${line.slice(0, 80)}`, res.status, undefined, undefined, { cause: err });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CompanionError('protocol', `The companion sent an event this extension does not understand: ${line.slice(0, 120)}`, res.status);
    return parsed.data;
  };
  const aborted = () => new CompanionError('aborted', 'stopped');
  // Stop reading at once on abort, whatever the transport does with the signal.
  const onAbort = () => {
    reader.cancel().catch((err: unknown) => console.debug('dnsferry: stream cancel', err));
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (opts.signal?.aborted) throw new CompanionError('aborted', 'stopped', undefined, undefined, undefined, { cause: err });
        throw new CompanionError('unreachable', 'The connection to the companion broke off.', undefined, undefined, undefined, { cause: err });
      }
      if (opts.signal?.aborted) throw aborted();
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
    opts.signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}

