import { API, type MigrateEvent } from '@dnsferry/shared';
import { migrate } from '../operations/migrate';
import { parseCommand } from './args';
import { asUsage } from './as-usage';
import { playStream } from './event-stream';
import { usageError, type ExitCode } from './exit-codes';
import type { Runtime } from './runtime';
import { RRSET_OPTIONS, rrsetsByZone } from './rrset-flags';
import { requestSources, SOURCE_OPTIONS } from './sources';
import { loginToTarget, targetBody } from './target';
import { shown, undoPath, UndoFile } from './undo-file';
import { lineWidth } from './fit';

export const MIGRATE_OPTIONS = {
  ...SOURCE_OPTIONS,
  'dry-run': { type: 'boolean' },
  mode: { type: 'string' },
  prune: { type: 'boolean' },
  force: { type: 'boolean' },
  ...RRSET_OPTIONS,
  partial: { type: 'boolean' },
  account: { type: 'string' },
  'undo-file': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `dnsferry migrate ZONE…`: the /api/migrate stream of the same request, run in this process. */
export async function migrateCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { values: v, positionals: names } = parseCommand('migrate', args, MIGRATE_OPTIONS);
  if (names.length === 0) throw usageError('name the zone to migrate: dnsferry migrate example.com --zone-file example.com.zone');
  if (v.mode !== undefined && v.mode !== 'add' && v.mode !== 'mirror') throw usageError('--mode is add or mirror');
  const dryRun = v['dry-run'] === true;
  const chosen = rrsetsByZone(v, names);
  // Made now, where it will stay, before anything is read or written: a path it cannot be made at
  // stops the command here rather than after the writes.
  const kept = dryRun
    ? undefined
    : UndoFile.create(
        undoPath(rt, { flag: v['undo-file'], besideFile: v['zone-file']?.[0] ?? v.table?.[0], zones: names, now: new Date() }),
      );
  const forget = kept && rt.atExit(() => kept.saveNow());
  try {
    const summary = await run(rt, v, names, chosen, dryRun, kept);
    if (kept?.close()) {
      const where = shown(rt, kept.path);
      const what = rt.signal.aborted ? 'Undo data of what landed before the stop' : 'Undo data';
      if (rt.json) rt.stderr.write(`dnsferry: ${what.toLowerCase()} written to ${where} (dnsferry undo ${where} puts the zones back)\n`);
      else {
        // One line when it fits the terminal; a path is never cut, so a long one gets lines of its own.
        const line = `${what}: ${where}  (dnsferry undo ${where} puts the zones back)`;
        const fits = line.length <= lineWidth(rt.stdout);
        rt.stdout.write(fits ? `\n${line}\n` : `\n${what}: ${where}\nPut the zones back with: dnsferry undo ${where}\n`);
      }
    }
    return summary.exitCode(rt.unreachable());
  } finally {
    forget?.();
    // a command stopped before its stream (a usage error) leaves no file; one stopped in it keeps what landed
    kept?.close();
  }
}

async function run(
  rt: Runtime,
  v: ParsedMigrate,
  names: string[],
  chosen: ReturnType<typeof rrsetsByZone>,
  dryRun: boolean,
  kept: UndoFile | undefined,
) {
  const zones = await requestSources(rt, names, v, true);

  const login = await loginToTarget(rt, v.account);
  const body = targetBody(rt, API.migrate.request.schema, login, {
    zones: zones.map((z, i) => {
      const rrsets = chosen.get(names[i] ?? '') ?? [];
      return rrsets.length ? { ...z, rrsets } : z;
    }),
    ...(dryRun ? { dryRun } : {}),
    ...(v.mode ? { mode: v.mode } : {}),
    ...(v.prune ? { prune: true } : {}),
    ...(v.force ? { force: true } : {}),
    ...(v.partial ? { partial: true } : {}),
  });
  // The operation /api/migrate runs: its limits and the source are checked before the first event.
  const events = asUsage(rt, () => migrate.run(body, rt, rt.signal));
  return playStream(rt, events, {
    stopped: migrate.stopped,
    nameServersHeading: dryRun
      ? 'The name servers the zones have at the target:'
      : 'Set these name servers at the registrar (then run dnsferry check):',
    words: dryRun
      ? { created: 'to create', updated: 'to update', removed: 'to remove' }
      : { created: 'created', updated: 'updated', removed: 'removed' },
    listChanges: dryRun,
    // each landed write's undo, kept as it comes
    ...(kept ? { onEvent: (e: MigrateEvent) => kept.add(e) } : {}),
  });
}

type ParsedMigrate = ReturnType<typeof parseCommand<typeof MIGRATE_OPTIONS>>['values'];
