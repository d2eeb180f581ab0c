/**
 * A stream of events that can be read one event at a time (the command line, tests) or as it is made,
 * in batches of events told at once (arrays, in order): what the NDJSON writer takes. A hundred
 * thousand events read one at a time cost a promise or two each at every layer they pass; a batch
 * costs that once. It is read once, either way.
 */
export class EventBatches<E> implements AsyncIterable<E> {
  private opened = false;

  constructor(private readonly source: () => AsyncIterable<E | E[]>) {}

  /** The events as they are made: single events and batches. */
  batches(): AsyncIterable<E | E[]> {
    if (this.opened) throw new Error('this stream of events was read already');
    this.opened = true;
    return this.source();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<E> {
    for await (const told of this.batches()) {
      if (Array.isArray(told)) yield* told;
      else yield told;
    }
  }
}
