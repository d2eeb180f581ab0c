import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { addUndoPiece, emptyUndoData, undoSteps, type MigrateEvent, type UndoData } from '@dnsferry/shared';
import { CliError, EXIT, usageError } from './exit-codes';
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

export const shown = (rt: Runtime, path: string): string => {
  const rel = relative(rt.cwd, path);
  return rel.startsWith('..') ? path : rel || path;
};

/** Saved at most this often while pieces arrive (and never more often than four times a save's own time). */
const SAVE_EVERY_MS = 250;

/**
 * The undo file of a run, kept as the writes land: `{ "zones": [{ "name", "undo" }] }`, the `zones`
 * of an /api/undo body (record contents and ids, no credential). Each event's undo piece is added to
 * its zone (a zone's `zone-complete` then gives the whole of it), and the file is saved every quarter
 * second by writing a temporary file beside it and renaming it over: whenever the run stops, the file
 * is whole JSON holding what had landed a moment before, and at the end all of it.
 */
export class UndoFile {
  private readonly zones = new Map<string, { zoneId: string | undefined; undo: UndoData | null }>();
  private timer: NodeJS.Timeout | undefined;
  private savedAt = 0;
  private saveMs = 0;
  private dirty = false;
  /** The last save that failed, kept for the end of the run. */
  failure: Error | null = null;
  private readonly temp: string;

  private constructor(readonly path: string) {
    this.temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  }

  /**
   * Creates the file now, before anything is written at the target, exactly where it will be: a path
   * that exists in any form (a file, a folder, a link, one that leads nowhere) is refused, and so is
   * a folder that is missing or not writable. It starts as whole JSON holding no zone.
   */
  static create(path: string): UndoFile {
    let fd: number;
    try {
      // O_CREAT | O_EXCL: never follows a link, never opens what is there
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why =
        code === 'EEXIST'
          ? 'exists already (a file, a folder or a link); name a new file'
          : code === 'ENOENT' || code === 'ENOTDIR'
            ? `cannot be created: the folder ${dirname(path)} does not exist`
            : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
              ? `cannot be created: ${dirname(path)} is not writable`
              : `cannot be created: ${(err as Error).message}`;
      throw usageError(`--undo-file ${path} ${why}`);
    }
    try {
      writeSync(fd, EMPTY);
    } finally {
      closeSync(fd);
    }
    return new UndoFile(path);
  }

  /** Takes an event's undo: the zone id of its `success`, a landed change's piece, a finished zone's whole data. */
  add(e: MigrateEvent): void {
    if (e.type === 'success' && e.zoneId) {
      const z = this.zoneOf(e.zone);
      z.zoneId = e.zoneId;
      if (e.undo) this.addPiece(e.zone, e.undo);
    } else if ((e.type === 'record' || e.type === 'remove') && e.undo) {
      this.addPiece(e.zone, e.undo);
    } else if (e.type === 'zone-complete' && e.result.undo) {
      this.zoneOf(e.zone).undo = e.result.undo;
      this.changed();
    }
  }

  /** True once some undo is held (a run that wrote nothing leaves no file). */
  get holdsAny(): boolean {
    return [...this.zones.values()].some((z) => z.undo && (undoSteps(z.undo) > 0 || z.undo.zoneCreated));
  }

  /** Saves what is held now, at once (also from an exit handler: nothing here waits). */
  saveNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty) return;
    const started = Date.now();
    const body = {
      zones: [...this.zones.values()].flatMap((z) =>
        z.undo && undoSteps(z.undo) + Number(z.undo.zoneCreated) > 0 ? [{ name: z.undo.zone, undo: z.undo }] : [],
      ),
    };
    try {
      // A temporary file of our own (a leftover, or a link put in its place, is removed first: unlink never follows).
      try {
        unlinkSync(this.temp);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      // On disk before it takes the file's name: after a power loss the file is the old whole or the new.
      const fd = openSync(this.temp, 'wx', 0o600);
      try {
        writeFileSync(fd, `${JSON.stringify(body)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(this.temp, this.path);
    } catch (err) {
      throw new CliError(EXIT.failed, `the undo data could not be saved to ${this.path}: ${(err as Error).message}`);
    }
    this.dirty = false;
    this.savedAt = Date.now();
    this.saveMs = this.savedAt - started;
  }

  /** The end of the run: saved whole, or removed when nothing landed. Returns whether a file is left. */
  close(): boolean {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.holdsAny) {
      try {
        unlinkSync(this.path);
      } catch (err) {
        // already gone: nothing to remove, which is what was wanted
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      return false;
    }
    this.saveNow();
    return true;
  }

  private zoneOf(zone: string) {
    let z = this.zones.get(zone);
    if (!z) {
      z = { zoneId: undefined, undo: null };
      this.zones.set(zone, z);
    }
    return z;
  }

  private addPiece(zone: string, piece: NonNullable<Extract<MigrateEvent, { type: 'record' }>['undo']>): void {
    const z = this.zoneOf(zone);
    if (z.zoneId === undefined) return; // every write comes after its zone's success, which names the zone id
    z.undo ??= emptyUndoData(zone, z.zoneId);
    addUndoPiece(z.undo, piece);
    this.changed();
  }

  private changed(): void {
    this.dirty = true;
    if (this.timer) return;
    const wait = Math.max(0, this.savedAt + Math.max(SAVE_EVERY_MS, 4 * this.saveMs) - Date.now());
    this.timer = setTimeout(() => {
      try {
        this.saveNow();
      } catch (err) {
        // told at the end: close() saves again, and fails the command if it still cannot
        this.failure = err as Error;
      }
    }, wait);
    this.timer.unref();
  }
}

const EMPTY = `${JSON.stringify({ zones: [] })}\n`;
