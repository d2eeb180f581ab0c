import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { UndoData } from '@dnsferry/shared';
import { CliError, EXIT } from './exit-codes';
import type { Runtime } from './runtime';

/**
 * Where a run's undo data goes: --undo-file, else beside the (first) zone file, else the current
 * folder; named after the zones and the time, so a second run never overwrites the first one's.
 */
export function undoPath(
  rt: Runtime,
  opts: { flag?: string | undefined; besideFile?: string | undefined; zones: string[]; now: Date },
): string {
  if (opts.flag) return resolve(rt.cwd, opts.flag);
  const folder = opts.besideFile && opts.besideFile !== '-' ? dirname(resolve(rt.cwd, opts.besideFile)) : rt.cwd;
  const stamp = opts.now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const name = opts.zones.length === 1 ? opts.zones[0] : `${opts.zones.length}-zones`;
  return join(folder, `${name}.undo-${stamp}.json`);
}

/**
 * The file `dnsferry undo` reads: `{ "zones": [{ "name", "undo" }] }`, the `zones` of an /api/undo
 * body. It holds record contents and ids, no credential. Created only, never overwritten.
 */
export async function writeUndoFile(path: string, undo: UndoData[]): Promise<void> {
  const body = { zones: undo.map((u) => ({ name: u.zone, undo: u })) };
  try {
    await writeFile(path, `${JSON.stringify(body, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    throw new CliError(EXIT.failed, `the run finished, but its undo data could not be written to ${path}: ${(err as Error).message}`);
  }
}

export const shown = (rt: Runtime, path: string): string => {
  const rel = relative(rt.cwd, path);
  return rel.startsWith('..') ? path : rel || path;
};
