import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * An AbortSignal that fires when the client goes away before the response finished. Use it rather
 * than `request.signal`: on Node 20 the request's own 'close' fires as soon as its body was read,
 * which would abort every POST; the response's 'close' is what tells that the client left.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ac.abort(new Error('client disconnected'));
  });
  return ac.signal;
}

/**
 * The one NDJSON writer: one JSON object per line, pulled from the iterable at the client's pace.
 * A failure after the first byte cannot become an HTTP error any more, so `onError` turns it into
 * in-stream events (which must include the terminal one).
 */
export function sendNdjson<E>(
  reply: FastifyReply,
  events: AsyncIterable<E>,
  onError: (err: unknown) => E[],
): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    try {
      for await (const event of events) yield `${JSON.stringify(event)}\n`;
    } catch (err) {
      reply.log.error({ err }, 'stream failed');
      for (const event of onError(err)) yield `${JSON.stringify(event)}\n`;
    }
  }
  reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  return reply.send(Readable.from(lines(), { objectMode: false, highWaterMark: 1 }));
}
