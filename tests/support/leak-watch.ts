/**
 * Credential leak watch over the whole test run: every test stack registers the credentials it
 * seeded and hands over everything the companion wrote (log lines, response bodies, streamed
 * events); after each test file, leak-setup.ts fails that file if any credential shows up.
 */
import { PassThrough, Readable, Writable } from 'node:stream';
import type { buildApp } from '@dnsferry/companion/app';

const secrets = new Set<string>();
const output: string[] = [];

export function recordSecrets(...values: Array<string | undefined>): void {
  for (const v of values) if (typeof v === 'string' && v.length >= 8) secrets.add(v);
}

export function recordOutput(text: string): void {
  if (text.length > 0) output.push(text);
}

/** The credentials found in what was captured so far (and how much was captured). */
export function leaks(): { leaked: string[]; secrets: number; bytes: number } {
  const all = output.join('');
  return { leaked: [...secrets].filter((s) => all.includes(s)), secrets: secrets.size, bytes: all.length };
}

/** Taps every response the app sends, streamed or not. Call before `ready()`. */
export function watchResponses(app: ReturnType<typeof buildApp>): void {
  app.addHook('onSend', async (_req, _reply, payload) => {
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      recordOutput(payload.toString());
      return payload;
    }
    if (payload instanceof Readable) {
      const tap = new PassThrough();
      tap.on('data', (chunk: Buffer) => recordOutput(chunk.toString()));
      return payload.pipe(tap);
    }
    return payload;
  });
}

/** A log stream for buildApp whose lines are kept (for assertions) and watched for credentials. */
export function captureLogs(): { logs: string[]; logStream: Writable } {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      recordOutput(chunk.toString());
      cb();
    },
  });
  return { logs, logStream };
}
