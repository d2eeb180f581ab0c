import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EventBatches } from '../flow/event-batches';
import { holdsLongArray, jsonPieces } from './json-pieces';

/** A chunk is sent once it holds this many bytes (or as soon as the source has to wait). */
const FLUSH_BYTES = 16 * 1024;
/**
 * Room in a chunk: a line of up to (ROOM - FLUSH_BYTES) / 3 characters always fits after a chunk under
 * FLUSH_BYTES (UTF-8 takes at most 3 bytes per UTF-16 unit); a longer one goes out as a chunk of its own.
 */
const ROOM = 64 * 1024;
const TICK = Symbol('tick');
const NEWLINE = 10;

/**
 * Lines of NDJSON written as UTF-8 straight into a chunk. Each line is encoded once, as it is made:
 * a hundred thousand lines joined into a string first made a chain of strings that was copied flat
 * (twice the bytes: the record lines hold a two-byte arrow) and encoded again when handed to the socket.
 */
class Chunk {
  /** Where lines are encoded; what goes out is a copy of its used part, so it serves the whole stream. */
  private readonly bytes = Buffer.allocUnsafe(ROOM);
  private used = 0;

  get size(): number {
    return this.used;
  }

  /**
   * Adds `text`, and hands back what must go out first (usually nothing): the chunk so far when the
   * text does not fit beside it, and the text itself, encoded alone, when it fits in no chunk. A byte
   * is always left for the line's newline.
   */
  add(text: string): Buffer[] | undefined {
    if (text.length * 3 < ROOM - this.used) {
      this.used += this.bytes.write(text, this.used);
      return undefined;
    }
    const held = this.take();
    if (text.length * 3 < ROOM) {
      this.used = this.bytes.write(text, 0);
      return held;
    }
    held.push(Buffer.from(text));
    return held;
  }

  newline(): void {
    this.bytes[this.used++] = NEWLINE;
  }

  /** What is held (none when empty); the chunk starts afresh. */
  take(): Buffer[] {
    if (this.used === 0) return [];
    const out = [Buffer.copyBytesFrom(this.bytes, 0, this.used)];
    this.used = 0;
    return out;
  }
}

/**
 * Lines of NDJSON from an async iterable of events, or of batches of them (arrays, in order: a
 * source that tells a hundred thousand events at once hands them over a few hundred at a time).
 * Events that are ready together (a batch of 200 records landing at once) go out as one chunk; as
 * soon as the source has to wait, what is buffered is sent, so a client still sees each event when
 * it happens.
 */
export async function* coalesce<E>(events: AsyncIterable<E | E[]>): AsyncGenerator<Buffer> {
  const it = events[Symbol.asyncIterator]();
  const chunk = new Chunk();
  let pending = it.next();
  // The next turn of the event loop, one for all the events ready before it (not one per event:
  // a hundred thousand events would leave a hundred thousand callbacks queued behind them). It wakes
  // only the wait in progress: a promise of the turn, raced against each batch, would keep every batch
  // ready before the turn (each race's answer) alive until it came.
  let wake: ((tick: typeof TICK) => void) | null = null;
  let queued = false;
  const turn = () => {
    queued = false;
    const w = wake;
    wake = null;
    w?.(TICK);
  };
  const nextOrTurn = () =>
    new Promise<IteratorResult<E | E[]> | typeof TICK>((resolve, reject) => {
      wake = resolve;
      if (!queued) {
        queued = true;
        setImmediate(turn);
      }
      pending.then(resolve, reject);
    });
  try {
    for (;;) {
      const step = chunk.size === 0 ? await pending : await nextOrTurn();
      wake = null;
      if (step === TICK) {
        yield* chunk.take();
        continue;
      }
      if (step.done) break;
      for (const e of Array.isArray(step.value) ? step.value : [step.value]) {
        if (holdsLongArray(e)) {
          // a zone's last event, with the undo data of every record written: written a slice at a time
          for (const piece of jsonPieces(e)) {
            const first = chunk.add(piece);
            if (first) yield* first;
            if (chunk.size >= FLUSH_BYTES) yield* chunk.take();
          }
        } else {
          const first = chunk.add(JSON.stringify(e));
          if (first) yield* first;
        }
        chunk.newline();
        if (chunk.size >= FLUSH_BYTES) yield* chunk.take();
      }
      pending = it.next();
    }
    yield* chunk.take();
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
