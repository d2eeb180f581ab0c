import { storage } from 'wxt/utils/storage';
import { addUndoPiece, emptyUndoData, UndoDataSchema, type UndoData, type UndoPiece } from '@dnsferry/shared';

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
  /** Adds a zone's undo data to its run (a zone seen again replaces its entry): a finished zone's whole undo. */
  keep(run: Omit<UndoRun, 'zones'>, undo: UndoData): Promise<void>;
  /**
   * Adds one landed write's undo to its zone's entry (`zoneId` from the zone's `success`), as the
   * stream brings it: whatever happens to the stream next, what landed can be undone.
   */
  add(run: Omit<UndoRun, 'zones'>, zone: { name: string; zoneId: string }, piece: UndoPiece): Promise<void>;
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
  // Each change waits for the one before it, so none is lost; the changes that come while one is
  // written (a batch's pieces arrive together) go in the next write together, one write for them all.
  let queue: Promise<unknown> = Promise.resolve();
  let gathered: Array<(runs: UndoRun[]) => UndoRun[]> = [];
  let next: Promise<void> | null = null;
  const change = (edit: (runs: UndoRun[]) => UndoRun[]): Promise<void> => {
    gathered.push(edit);
    next ??= queue.then(async () => {
      next = null;
      const edits = gathered;
      gathered = [];
      let runs = readRuns(await area.get());
      for (const e of edits) runs = e(runs);
      await area.set(runs);
    });
    const write = next;
    queue = write.catch(() => undefined);
    return write;
  };
  const inRun = (runs: UndoRun[], run: Omit<UndoRun, 'zones'>, edit: (zones: UndoData[]) => UndoData[]): UndoRun[] => {
    const mine = runs.find((r) => r.id === run.id) ?? { ...run, zones: [] };
    const others = runs.filter((r) => r.id !== run.id);
    return [...others, { ...mine, zones: edit(mine.zones) }].slice(-UNDO_RUNS_KEPT);
  };

  return {
    keep(run, undo) {
      return change((runs) => inRun(runs, run, (zones) => [...zones.filter((z) => z.zone !== undo.zone), undo]));
    },
    add(run, zone, piece) {
      return change((runs) =>
        inRun(runs, run, (zones) => {
          const kept = zones.find((z) => z.zone === zone.name && z.zoneId === zone.zoneId);
          if (kept) {
            addUndoPiece(kept, piece);
            return zones;
          }
          return [...zones.filter((z) => z.zone !== zone.name), addUndoPiece(emptyUndoData(zone.name, zone.zoneId), piece)];
        }),
      );
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
