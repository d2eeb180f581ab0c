import type { MigrateEvent } from '@dnsferry/shared';
import { ChangeList } from './change-list';
import { writeLine } from './ndjson-out';
import { ProgressView } from './progress';
import { RunSummary } from './run-summary';
import type { Runtime } from './runtime';

/** The events an operation ends a failed stream with, their messages scrubbed of the command's credentials. */
export function stoppedEvents<E extends object>(rt: Pick<Runtime, 'redactor'>, events: E[]): E[] {
  return events.map((e) => ('message' in e && typeof e.message === 'string' ? { ...e, message: rt.redactor.scrub(e.message) } : e));
}

/**
 * Plays a migrate or undo stream out: NDJSON exactly as the API sends it (piped, or --json), or the
 * progress view on a terminal. A failure of the stream ends it as the HTTP app ends it (the operation's
 * `stopped` events: an `error` and `done`), so a script reads the same lines from both.
 */
export async function playStream(
  rt: Runtime,
  events: AsyncIterable<MigrateEvent>,
  opts: {
    /** The operation's events for a stream that failed after its first one. */
    stopped: (err: unknown) => MigrateEvent[];
    words: { created: string; updated: string; removed: string };
    /** The line above the zones' name servers on a terminal; null: not shown (an undo). */
    nameServersHeading: string | null;
    /** Sees each event before it is shown (the undo file keeps each landed write's undo). */
    onEvent?: (e: MigrateEvent) => void;
    /** On a terminal, list each RRset's change above the counts (a dry run). */
    listChanges?: boolean;
  },
): Promise<RunSummary> {
  const summary = new RunSummary();
  const view = rt.json ? null : new ProgressView(rt.stdout, opts.words, opts.listChanges ? new ChangeList() : null);
  async function* guarded(): AsyncGenerator<MigrateEvent> {
    try {
      yield* events;
    } catch (err) {
      yield* stoppedEvents(rt, opts.stopped(err));
    }
  }
  for await (const e of guarded()) {
    opts.onEvent?.(e);
    summary.add(e);
    if (view) view.event(e);
    else await writeLine(rt.stdout, e);
  }
  view?.end(summary, opts.nameServersHeading);
  return summary;
}
