import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const FLUSH_BYTES = 16 * 1024;
const TICK = Symbol('tick');
const nextTurn = () => new Promise<typeof TICK>((resolve) => setImmediate(() => resolve(TICK)));

/**
 * Lines of NDJSON from an async iterable. Events that are ready together (a batch of 200 records
 * landing at once) go out as one chunk; as soon as the source has to wait, what is buffered is sent,
 * so a client still sees each event when it happens.
 */
export async function* coalesce<E>(events: AsyncIterable<E>): AsyncGenerator<string> {
  const it = events[Symbol.asyncIterator]();
  let buffered = '';
  let pending = it.next();
  try {
    for (;;) {
      const step = buffered === '' ? await pending : await Promise.race([pending, nextTurn()]);
      if (step === TICK) {
        yield buffered;
        buffered = '';
        continue;
      }
      if (step.done) break;
      buffered += `${JSON.stringify(step.value)}\n`;
      if (buffered.length >= FLUSH_BYTES) {
        yield buffered;
        buffered = '';
      }
      pending = it.next();
    }
    if (buffered !== '') yield buffered;
  } finally {
    await it.return?.();
  }
}

/**
 * The one NDJSON writer: one JSON object per line, pulled from the iterable at the client's pace.
 * A failure after the first byte cannot become an HTTP error any more, so `onError` turns it into
 * in-stream events (which must include the terminal one).
 */
export function sendNdjson<E>(reply: FastifyReply, events: AsyncIterable<E>, onError: (err: unknown) => E[]): FastifyReply {
  async function* guarded(): AsyncGenerator<E> {
    try {
      yield* events;
    } catch (err) {
      reply.log.error({ err }, 'stream failed');
      yield* onError(err);
    }
  }
  reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  return reply.send(Readable.from(coalesce(guarded()), { objectMode: false, highWaterMark: 1 }));
}
