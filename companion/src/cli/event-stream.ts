import type { MigrateEvent } from '@dnsferry/shared';
import { writeLine } from './ndjson-out';
import { ProgressView } from './progress';
import { RunSummary } from './run-summary';
import type { Runtime } from './runtime';

/**
 * Plays a migrate or undo stream out: NDJSON exactly as the API sends it (piped, or --json), or the
 * progress view on a terminal. A failure of the stream ends it as the route ends it, with an `error`
 * event and `done`, so a script reads the same lines from both.
 */
export async function playStream(
  rt: Runtime,
  events: AsyncIterable<MigrateEvent>,
  opts: {
    stopped: string;
    words: { created: string; removed: string };
    /** The line above the zones' name servers on a terminal; null: not shown (an undo). */
    nameServersHeading: string | null;
  },
): Promise<RunSummary> {
  const summary = new RunSummary();
  const view = rt.json ? null : new ProgressView(rt.stdout, opts.words);
  async function* guarded(): AsyncGenerator<MigrateEvent> {
    try {
      yield* events;
    } catch (err) {
      yield { type: 'error', zone: '', message: rt.redactor.scrub(`${opts.stopped}: ${err instanceof Error ? err.message : String(err)}`) };
      yield { type: 'done', results: [] };
    }
  }
  for await (const e of guarded()) {
    summary.add(e);
    if (view) view.event(e);
    else await writeLine(rt.stdout, e);
  }
  view?.end(summary, opts.nameServersHeading);
  return summary;
}
