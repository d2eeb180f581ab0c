import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@dnsferry/shared';
import { parseBodySliced } from './parse';
import { BODIES } from './json-body';
import { eventLoop } from '../flow/fair-share';

/**
 * Registers a handler for one entry of the contract's endpoint table: POST at its path, the body
 * parsed once with its request schema (a 400 naming the field otherwise), in slices. The raw body is let go
 * once parsed: the typed copy is all a route needs, and a large request then holds half as much.
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
