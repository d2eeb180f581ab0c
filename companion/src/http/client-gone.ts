import type { FastifyReply } from 'fastify';
import { sharedAbort } from '../flow/shared-abort';

/**
 * An AbortSignal that fires when the client goes away before the response finished. Use it rather
 * than `request.signal`: on Node 20 the request's own 'close' fires as soon as its body was read,
 * which would abort every POST; the response's 'close' is what tells that the client left.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const ac = sharedAbort();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ac.abort(new Error('client disconnected'));
  });
  return ac.signal;
}
