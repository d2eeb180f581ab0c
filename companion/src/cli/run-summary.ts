import type { MigrateEvent, UndoData, ZoneResult } from '@dnsferry/shared';
import { EXIT, type ExitCode } from './exit-codes';

type ZoneOutcome = ZoneResult & { nameServers: string[]; undo?: UndoData };

/** What a migrate or undo stream came to: each zone's outcome, the failures, and the exit code it means. */
export class RunSummary {
  readonly zones = new Map<string, ZoneOutcome>();
  readonly failures: Array<{ zone: string; message: string }> = [];
  finished = false;

  add(e: MigrateEvent): void {
    if (e.type === 'error') this.failures.push({ zone: e.zone, message: e.message });
    else if (e.type === 'zone-complete') this.zones.set(e.zone, e.result);
    else if (e.type === 'done') this.finished = true;
  }

  get undo(): UndoData[] {
    return [...this.zones.values()].flatMap((z) => (z.undo ? [z.undo] : []));
  }

  /** 0 when nothing failed; 3 when something failed and an upstream could not be reached; else 1. */
  exitCode(unreachable: boolean): ExitCode {
    if (this.finished && this.failures.length === 0) return EXIT.ok;
    return unreachable ? EXIT.unreachable : EXIT.failed;
  }
}
