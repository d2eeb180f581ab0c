import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@dnsferry/shared';
import { parseBodySliced } from '../operations/parse';
import { BODIES } from './json-body';
import { eventLoop } from '../flow/fair-share';
import { clientGone } from './client-gone';
import { sendNdjson } from './ndjson';

/**
 * Registers a handler for one entry of the contract's endpoint table: POST at its path, the body
 * parsed once with its request schema (a 400 naming the field otherwise), in slices. The raw body is let go
 * once parsed: the typed copy is all a handler needs, and a large request then holds half as much.
 */
export function handle<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  handler: (body: z.output<E['request']['schema']>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.post(entry.path, async (request, reply) => {
    // the entry's own schema parsed it, so the body is that schema's output
    const body = (await parseBodySliced(entry.request.schema, request.body, eventLoop.slice(BODIES))) as z.output<E['request']['schema']>;
    request.body = null;
    return handler(body, request, reply);
  });
}

/** An entry of the operations table as the app serves it: a stream of events, or one answer. */
export type Served<D> =
  | { kind: 'ndjson'; run(body: unknown, deps: D, signal: AbortSignal): AsyncIterable<unknown>; stopped(err: unknown): unknown[] }
  | {
      kind: 'json';
      run(body: unknown, deps: D, signal: AbortSignal, caller: { origin: string | undefined; port: number }): Promise<unknown>;
    };

/**
 * Serves one operation at its endpoint's path, thin: the body parsed (`handle`), the operation called
 * with the signal of the client going away, and its events sent as NDJSON, or its answer as JSON. What
 * is HTTP's alone stays here: the caller's Origin and the port it reached, for the pairing endpoints.
 */
export function serve<D>(app: FastifyInstance, entry: Endpoint, op: Served<D>, deps: D): void {
  handle(app, entry, async (body, request, reply) => {
    const signal = clientGone(reply);
    if (op.kind === 'ndjson') return sendNdjson(reply, op.run(body, deps, signal), (err) => op.stopped(err));
    return op.run(body, deps, signal, { origin: request.headers.origin, port: request.socket.localPort ?? 0 });
  });
}
