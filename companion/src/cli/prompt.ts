import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { usageError } from './exit-codes';
import type { Io } from './runtime';

/** A prompt is possible only when a person is at both ends: typing on stdin, reading stderr. */
export const canPrompt = (io: Io): boolean => io.stdin.isTTY === true && io.stderr.isTTY === true;

/**
 * Asks on the terminal; what is typed is not echoed when `hidden` (a secret must not stay on screen
 * or in a terminal's scrollback). The question goes to stderr so stdout stays the command's output.
 */
export async function ask(io: Io, question: string, { hidden }: { hidden: boolean }): Promise<string> {
  let muted = false;
  const echo = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) io.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: io.stdin, output: echo, terminal: true });
  try {
    const answer = new Promise<string>((resolve, reject) => {
      rl.once('line', resolve);
      rl.once('close', () => reject(usageError('no answer was given')));
    });
    io.stderr.write(question);
    muted = hidden;
    return (await answer).trim();
  } finally {
    muted = false;
    if (hidden) io.stderr.write('\n');
    rl.close();
  }
}
