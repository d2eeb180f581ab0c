import { API } from '@dnsferry/shared';
import { undo } from '../operations/undo';
import { parseCommand } from './args';
import { asUsage } from './as-usage';
import { playStream } from './event-stream';
import { usageError, type ExitCode } from './exit-codes';
import { readJson } from './input-files';
import type { Runtime } from './runtime';
import { loginToTarget, targetBody } from './target';

export const UNDO_OPTIONS = {
  'dry-run': { type: 'boolean' },
  'delete-zone': { type: 'boolean' },
  account: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `dnsferry undo UNDO.json`: the /api/undo stream for the undo data a `dnsferry migrate` wrote. */
export async function undoCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { values: v, positionals } = parseCommand('undo', args, UNDO_OPTIONS);
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw usageError('name one undo file: dnsferry undo example.com.undo-20260101T120000.json');
  const data = await readJson(rt, file, 'undo');
  const zones = data !== null && typeof data === 'object' && 'zones' in data ? data.zones : undefined;
  if (!Array.isArray(zones)) throw usageError(`${file}: not the undo data dnsferry migrate writes (an object with "zones")`);
  const login = await loginToTarget(rt, v.account);
  const body = targetBody(rt, API.undo.request.schema, login, {
    zones,
    ...(v['dry-run'] ? { dryRun: true } : {}),
    ...(v['delete-zone'] ? { deleteZone: true } : {}),
  });
  // The operation /api/undo runs: its limits are checked before the first event.
  const events = asUsage(rt, () => undo.run(body, rt, rt.signal));
  const dryRun = body.dryRun ?? false;
  const summary = await playStream(rt, events, {
    stopped: undo.stopped,
    nameServersHeading: null,
    words: dryRun
      ? { created: 'to restore', updated: 'to update', removed: 'to remove' }
      : { created: 'restored', updated: 'updated', removed: 'removed' },
  });
  return summary.exitCode(rt.unreachable());
}
