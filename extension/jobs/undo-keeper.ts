import { storage } from 'wxt/utils/storage';
import { UndoDataSchema, type UndoData } from '@dnsferry/shared';

/**
 * The undo data of the latest runs, in `storage.local`: the companion keeps nothing, so what puts a
 * zone back lives here, and outlives the browser session (a run undone tomorrow is still a run to
 * undo). It holds record ids and contents, the account id and the run's start: no credential (the
 * token an undo needs comes with the command, from the popup's session).
 */
export interface UndoRun {
  /** The id of the migration job that wrote it. */
  id: string;
  /** The account the run wrote to: the undo is sent there. */
  accountId: string;
  startedAt: number;
  /** One entry per zone the run wrote to, in the order they finished. */
  zones: UndoData[];
}

/** Runs kept; the oldest is forgotten first. */
export const UNDO_RUNS_KEPT = 10;

/** Where the runs are kept: `storage.local` in the extension, anything alike in tests. */
export interface UndoArea {
  get(): Promise<unknown>;
  set(runs: UndoRun[]): Promise<void>;
}

export interface UndoKeeper {
  /** Adds a zone's undo data to its run (a zone seen again replaces its entry). */
  keep(run: Omit<UndoRun, 'zones'>, undo: UndoData): Promise<void>;
  get(id: string): Promise<UndoRun | null>;
  forget(id: string): Promise<void>;
}

/** The undo data of the latest runs; what is there is read whatever build wrote it (`readRuns`). */
export const undoItem = storage.defineItem<unknown>('local:dnsferry:undo', { fallback: [] });

export function localUndoArea(): UndoArea {
  return { get: () => undoItem.getValue(), set: (runs) => undoItem.setValue(runs) };
}

/** What was saved, as far as it still reads as undo data (a run saved by another build may not). */
function readRuns(saved: unknown): UndoRun[] {
  if (!Array.isArray(saved)) return [];
  const runs: UndoRun[] = [];
  for (const r of saved as Array<Partial<UndoRun> | null>) {
    if (!r || typeof r.id !== 'string' || typeof r.accountId !== 'string' || !Array.isArray(r.zones)) continue;
    const zones = r.zones.flatMap((z) => {
      const parsed = UndoDataSchema.safeParse(z);
      return parsed.success ? [parsed.data] : [];
    });
    runs.push({ id: r.id, accountId: r.accountId, startedAt: Number(r.startedAt) || 0, zones });
  }
  return runs;
}

export function createUndoKeeper(area: UndoArea = localUndoArea()): UndoKeeper {
  // Zones finish close together: each change waits for the one before it, so none is lost.
  let queue: Promise<unknown> = Promise.resolve();
  const change = (edit: (runs: UndoRun[]) => UndoRun[]): Promise<void> => {
    const next = queue.then(async () => area.set(edit(readRuns(await area.get()))));
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    keep(run, undo) {
      return change((runs) => {
        const mine = runs.find((r) => r.id === run.id) ?? { ...run, zones: [] };
        const zones = [...mine.zones.filter((z) => z.zone !== undo.zone), undo];
        const others = runs.filter((r) => r.id !== run.id);
        return [...others, { ...mine, zones }].slice(-UNDO_RUNS_KEPT);
      });
    },
    async get(id) {
      await queue;
      return readRuns(await area.get()).find((r) => r.id === id) ?? null;
    },
    forget(id) {
      return change((runs) => runs.filter((r) => r.id !== id));
    },
  };
}
