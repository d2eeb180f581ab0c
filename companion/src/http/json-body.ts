import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { AppError } from '../errors';
import { eventLoop, sliced } from '../flow/fair-share';
import { parsingJson } from '../flow/json-steps';

/**
 * A request body read as JSON.parse reads it, in steps: a 16 MB body is one block of a few hundred
 * milliseconds for JSON.parse (and as much again to gather and decode its bytes), during which no
 * other caller is answered. Here the bytes are decoded as they arrive and parsed in slices
 * (flow/json-steps.ts).
 */
export async function readJsonBody(payload: Readable, declaredLength: number, limit: number): Promise<unknown> {
  const text = await bodyText(payload, declaredLength, limit);
  try {
    return await sliced(parsingJson(text), eventLoop.slice(BODIES));
  } catch (err) {
    throw new AppError('invalid_request', `the request body is not valid JSON: ${(err as Error).message}`, undefined, { cause: err });
  }
}

/**
 * The body as text, decoded chunk by chunk as it arrives (UTF-8 as Buffer#toString reads it: a bad
 * sequence becomes U+FFFD, a BOM stays and JSON refuses it), never gathered into one buffer; a 413
 * as soon as it is known to pass `limit` bytes.
 */
export function bodyText(payload: Readable, declaredLength: number, limit: number): Promise<string> {
  const tooLarge = () => new AppError('payload_too_large', 'the request body is larger than this companion accepts');
  if (declaredLength > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    let text = '';
    let received = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) {
        stop();
        reject(tooLarge());
        return;
      }
      text += decoder.write(bytes);
    };
    const onEnd = () => {
      stop();
      resolve(text + decoder.end());
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

/** The event loop's key for reading and checking request bodies: before it is read a body's token is unknown. */
export const BODIES = 'request bodies';
