import { once } from 'node:events';

/**
 * Writes one event per line as the API streams it (`JSON.stringify(event)` and a newline, as
 * http/ndjson.ts writes), waiting when the reader is slower: the reader's pace is the backpressure.
 */
export async function writeLine(out: NodeJS.WritableStream, value: unknown): Promise<void> {
  if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
}
