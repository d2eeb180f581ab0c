import type { ChangeList } from './change-list';
import { columnsOf, cut, fitParts, hanging, lineWidth, type Part } from './fit';
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
    private readonly words: { created: string; updated: string; removed: string },
    /** A dry run's list of changes, printed above the zone's line once the zone is planned. */
    private readonly changes: ChangeList | null = null,
  ) {
    this.draw = liveArea(out);
  }

  event(e: MigrateEvent): void {
    if (e.type === 'done') return;
    this.changes?.add(e);
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
      case 'zone-complete': {
        Object.assign(line, e.result, { complete: true, waiting: undefined });
        line.total ??= line.done;
        now = true;
        const listed = this.changes?.lines(e.zone, this.columns) ?? [];
        if (listed.length > 1) this.draw.persist(`${listed.join('\n')}\n`);
        break;
      }
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
      // Wrapped at spaces beside its zone, so a long reason never breaks mid-word.
      for (const f of summary.failures.slice(0, LISTED_FAILURES))
        for (const line of hanging(`  ${f.zone || '-'}  `, f.message, this.columns)) say(line);
      if (summary.failures.length > LISTED_FAILURES)
        say(`  … and ${summary.failures.length - LISTED_FAILURES} more (--json lists every event)`);
    }
    const withNs = [...summary.zones].filter(([, r]) => r.nameServers.length > 0);
    if (nameServersHeading && withNs.length > 0) {
      say();
      say(nameServersHeading);
      // lined up as the zone lines above; a longer name is written whole (it is there to be copied)
      const width = this.zoneWidth(withNs.map(([zone]) => zone));
      for (const [zone, r] of withNs) {
        const name = zone.padEnd(width);
        const line = `  ${name}  ${r.nameServers.join('  ')}`;
        for (const l of columnsOf(line) <= this.columns ? [line] : hanging(`  ${name}  `, r.nameServers.join(' '), this.columns)) say(l);
      }
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

  private get columns(): number {
    return lineWidth(this.out);
  }

  private redraw(): void {
    this.drawnAt = Date.now();
    const width = this.zoneWidth([...this.lines.keys()]);
    this.draw([...this.lines.values()].map((l) => this.render(l, width)).join('\n'));
  }

  /** Zone names line up at the longest, up to what leaves room for the counts and a wait. */
  private zoneWidth(zones: string[]): number {
    return Math.min(Math.max(...zones.map(columnsOf)), Math.max(16, this.columns - 50));
  }

  /** One zone's line, made to fit the terminal: the least needed counts left out first (zeros before the rest). */
  private render(l: ZoneLine, width: number): string {
    const mark = !l.complete ? '…' : l.failed > 0 ? '✗' : '✓';
    const zone = columnsOf(l.zone) > width ? cut(l.zone, width) : l.zone.padEnd(width);
    const head = `${mark} ${zone}`;
    if (l.total === undefined && !l.complete) return cut(`${head}  ${l.phase}`, this.columns);
    const count = (n: number, word: string, need: number): Part => ({ text: `${n} ${word}`, need: n > 0 ? need : need - 10 });
    const parts: Part[] = [
      { text: `${l.done}/${l.total ?? l.done} ${l.total === 1 ? 'record' : 'records'}`, need: 100 },
      count(l.created, this.words.created, 7),
      ...(l.updated > 0 ? [count(l.updated, this.words.updated, 6)] : []),
      count(l.skipped, 'skipped', 5),
      count(l.failed, 'failed', 8),
      ...(l.removed > 0 ? [count(l.removed, this.words.removed, 6)] : []),
      ...(l.waiting ? [{ text: l.waiting, need: 9 }] : []),
    ];
    return fitParts(head, parts, this.columns);
  }
}
