import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EventBatches } from '../flow/event-batches';
import { holdsLongArray, jsonPieces } from './json-pieces';

const FLUSH_BYTES = 16 * 1024;
const TICK = Symbol('tick');

/**
 * Lines of NDJSON from an async iterable of events, or of batches of them (arrays, in order: a
 * source that tells a hundred thousand events at once hands them over a few hundred at a time).
 * Events that are ready together (a batch of 200 records landing at once) go out as one chunk; as
 * soon as the source has to wait, what is buffered is sent, so a client still sees each event when
 * it happens.
 */
export async function* coalesce<E>(events: AsyncIterable<E | E[]>): AsyncGenerator<string> {
  const it = events[Symbol.asyncIterator]();
  let buffered = '';
  let pending = it.next();
  // The next turn of the event loop, one for all the events ready before it (not one per event:
  // a hundred thousand events would leave a hundred thousand callbacks queued behind them).
  let turn: Promise<typeof TICK> | null = null;
  const nextTurn = () =>
    (turn ??= new Promise((resolve) =>
      setImmediate(() => {
        turn = null;
        resolve(TICK);
      }),
    ));
  try {
    for (;;) {
      const step = buffered === '' ? await pending : await Promise.race([pending, nextTurn()]);
      if (step === TICK) {
        yield buffered;
        buffered = '';
        continue;
      }
      if (step.done) break;
      for (const e of Array.isArray(step.value) ? step.value : [step.value]) {
        if (holdsLongArray(e)) {
          // a zone's last event, with the undo data of every record written: sent a slice at a time
          for (const piece of jsonPieces(e)) {
            buffered += piece;
            if (buffered.length >= FLUSH_BYTES) {
              yield buffered;
              buffered = '';
            }
          }
          buffered += '\n';
        } else buffered += `${JSON.stringify(e)}\n`;
        if (buffered.length >= FLUSH_BYTES) {
          yield buffered;
          buffered = '';
        }
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
export function sendNdjson<E>(reply: FastifyReply, events: AsyncIterable<E | E[]>, onError: (err: unknown) => E[]): FastifyReply {
  async function* guarded(): AsyncGenerator<E | E[]> {
    try {
      // a stream that can be read in batches is (one pass of each layer per batch, not per event)
      yield* events instanceof EventBatches ? (events as EventBatches<E>).batches() : events;
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
