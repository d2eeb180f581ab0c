import type { z } from 'zod';
import { API, ErrorBodySchema, type Answer, type Endpoint, type ErrorCode } from '@dnsferry/shared';

/*
 * The plain HTTP side of talking to the companion: errors, sending, reading answers. companion.ts adds
 * the proof of identity before credentials; pairing.ts uses this module directly (no cycle).
 */

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

/** An entry of the contract's endpoint table (`API`) that answers one JSON body, or a stream of events. */
export type JsonEndpoint = Endpoint<string, z.ZodType, Extract<Answer, { kind: 'json' }>>;
export type StreamEndpoint = Endpoint<string, z.ZodType, Extract<Answer, { kind: 'ndjson' }>>;
/** What an endpoint takes: the input of its request schema, which the companion parses. */
export type RequestOf<E extends Endpoint> = z.input<E['request']['schema']>;

export function endpointUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** Bodies to these endpoints carry no credential; every other endpoint's does (new ones too). */
export const NO_CREDENTIALS = new Set<string>([API.scan.path, API.pair.path, API.pairConfirm.path, API.pairProof.path]);

export async function send(baseUrl: string, endpoint: Endpoint, body: unknown, opts: CallOptions): Promise<Response> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  try {
    return await doFetch(endpointUrl(baseUrl, endpoint.path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, application/x-ndjson' },
      body: JSON.stringify(body),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (opts.signal?.aborted) throw new CompanionError('aborted', 'stopped', undefined, undefined, undefined, { cause: err });
    throw new CompanionError('unreachable', `The companion does not answer at ${baseUrl}.`, undefined, undefined, undefined, {
      cause: err,
    });
  }
}

/** Turns a non-2xx answer into a CompanionError carrying the companion's own code and sentence. */
export async function failure(res: Response): Promise<CompanionError> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return new CompanionError('protocol', `The companion answered ${res.status} without a JSON body.`, res.status, undefined, undefined, {
      cause: err,
    });
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return new CompanionError('protocol', `The companion answered ${res.status} with an unexpected body.`, res.status);
  const { code, message, field } = parsed.data.error;
  return new CompanionError('http', message, res.status, code, field);
}

/** The same without the proof: for the pairing calls themselves, which carry no credential. */
export async function rawPostJson<E extends JsonEndpoint>(
  baseUrl: string,
  endpoint: E,
  body: RequestOf<E>,
  opts: CallOptions = {},
): Promise<z.output<E['answer']['schema']>> {
  if (!NO_CREDENTIALS.has(endpoint.path)) throw new Error(`${endpoint.path} carries credentials; use postJson`);
  return readJson<E['answer']['schema']>(await send(baseUrl, endpoint, body, opts), endpoint.answer.schema);
}

export async function readJson<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  if (!res.ok) throw await failure(res);
  let json: unknown;
  try {
    json = await res.json();
  } catch (err) {
    throw new CompanionError('protocol', 'The companion answered with a body that is not JSON.', res.status, undefined, undefined, {
      cause: err,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new CompanionError(
      'protocol',
      `The companion's answer does not match the contract: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      res.status,
    );
  return parsed.data;
}
