import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { usageError } from './exit-codes';
import type { Runtime } from './runtime';

/**
 * A file the command reads (`-`: standard input), bounded as the companion bounds a request body
 * (DNSFERRY_BODY_LIMIT_BYTES): past the limit it stops reading and says so.
 */
export async function readInput(rt: Runtime, path: string, flag: string): Promise<string> {
  const limit = rt.config.bodyLimitBytes;
  const tooLarge = () => usageError(`${flag} ${path}: larger than ${limit} bytes (DNSFERRY_BODY_LIMIT_BYTES)`);
  const chunks: Buffer[] = [];
  let size = 0;
  if (path === '-') {
    if (rt.stdin.isTTY) throw usageError(`${flag} -: standard input is a terminal; pipe the file in (… | dnsferry …) or name it`);
    for await (const chunk of rt.stdin as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  let file;
  try {
    file = await open(resolve(rt.cwd, path), 'r');
  } catch (err) {
    throw usageError(`${flag} ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  try {
    if ((await file.stat()).size > limit) throw tooLarge();
    return await file.readFile('utf8');
  } finally {
    await file.close();
  }
}

/** A JSON file: the records of a zone (an array, or an object with `records`, as `dnsferry scan --out` writes). */
export async function readJson(rt: Runtime, path: string, flag: string): Promise<unknown> {
  const text = await readInput(rt, path, flag);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw usageError(`${flag} ${path}: not JSON (${(err as Error).message})`);
  }
}
