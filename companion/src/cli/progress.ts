import { liveArea } from './live-area';
import type { MigrateEvent } from '@dnsferry/shared';
import type { RunSummary } from './run-summary';

interface ZoneLine {
  zone: string;
  phase: string;
  done: number;
  total: number | undefined;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  removed: number;
  /** The wait the target imposed, until the next record lands. */
  waiting: string | undefined;
  complete: boolean;
}

/** Redrawn at most this often while records stream in; a zone's start, waits and end draw at once. */
const REDRAW_MS = 100;
/** Failures listed in full on the terminal; --json has them all. */
const LISTED_FAILURES = 50;

/**
 * The terminal view of a migrate or undo stream: one line per zone redrawn in place (log-update
 * erases and rewrites the block, so nothing here writes escape codes), then the failures and the
 * name servers to set. Only used when stdout is a terminal.
 */
export class ProgressView {
  private readonly lines = new Map<string, ZoneLine>();
  private readonly draw: ReturnType<typeof liveArea>;
  private drawnAt = 0;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly words: { created: string; removed: string },
  ) {
    this.draw = liveArea(out);
  }

  event(e: MigrateEvent): void {
    if (e.type === 'done') return;
    const line = this.lineOf(e.zone);
    let now = false;
    switch (e.type) {
      case 'status':
        line.phase = e.message;
        now = true;
        break;
      case 'info': {
        const wait = /waiting (.+?) before/.exec(e.message)?.[1];
        if (wait) {
          line.waiting = `waiting ${wait} (rate limit)`;
          now = true;
        }
        break;
      }
      case 'record':
        line[e.change === 'update' ? 'updated' : 'created']++;
        break;
      case 'skip':
        line.skipped++;
        break;
      case 'error':
        if (e.index !== undefined) line.failed++;
        break;
      case 'remove':
        line.removed++;
        break;
      case 'zone-complete':
        Object.assign(line, e.result, { complete: true, waiting: undefined });
        line.total ??= line.done;
        now = true;
        break;
    }
    if (e.type === 'record' || e.type === 'skip' || e.type === 'error' || e.type === 'remove') {
      if (e.total !== undefined) line.total = e.total;
      // An undo's removals are steps of its own (they carry a position); mirror's are beyond the records sent.
      if (e.index !== undefined) line.done++;
      line.waiting = undefined;
    }
    if (now || Date.now() - this.drawnAt >= REDRAW_MS) this.redraw();
  }

  /** The last state kept on screen, then what failed and, after a migration, the name servers to set. */
  end(summary: RunSummary, nameServersHeading: string | null): void {
    this.redraw();
    this.draw.done();
    const say = (text = '') => this.out.write(`${text}\n`);
    if (summary.failures.length > 0) {
      say();
      say(`Failed (${summary.failures.length}):`);
      for (const f of summary.failures.slice(0, LISTED_FAILURES)) say(`  ${f.zone || '-'}  ${f.message}`);
      if (summary.failures.length > LISTED_FAILURES)
        say(`  … and ${summary.failures.length - LISTED_FAILURES} more (--json lists every event)`);
    }
    const withNs = [...summary.zones].filter(([, r]) => r.nameServers.length > 0);
    if (nameServersHeading && withNs.length > 0) {
      say();
      say(nameServersHeading);
      for (const [zone, r] of withNs) say(`  ${zone}  ${r.nameServers.join('  ')}`);
    }
  }

  private lineOf(zone: string): ZoneLine {
    let line = this.lines.get(zone);
    if (!line) {
      line = {
        zone,
        phase: '',
        done: 0,
        total: undefined,
        created: 0,
        updated: 0,
        skipped: 0,
        failed: 0,
        removed: 0,
        waiting: undefined,
        complete: false,
      };
      this.lines.set(zone, line);
    }
    return line;
  }

  private redraw(): void {
    this.drawnAt = Date.now();
    const width = Math.max(...[...this.lines.keys()].map((z) => z.length));
    this.draw([...this.lines.values()].map((l) => this.render(l, width)).join('\n'));
  }

  private render(l: ZoneLine, width: number): string {
    const mark = !l.complete ? '…' : l.failed > 0 ? '✗' : '✓';
    const head = `${mark} ${l.zone.padEnd(width)}`;
    if (l.total === undefined && !l.complete) return `${head}  ${l.phase}`;
    const counts = [
      `${l.done}/${l.total ?? l.done} records`,
      `${l.created} ${this.words.created}`,
      ...(l.updated > 0 ? [`${l.updated} updated`] : []),
      `${l.skipped} skipped`,
      `${l.failed} failed`,
      ...(l.removed > 0 ? [`${l.removed} ${this.words.removed}`] : []),
      ...(l.waiting ? [l.waiting] : []),
    ];
    return `${head}  ${counts.join(' · ')}`;
  }
}
