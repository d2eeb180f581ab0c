import { access } from 'node:fs/promises';
import { MigrateRequestSchema } from '@dnsferry/shared';
import { migrate } from '../engine/migrate';
import { parseBody } from '../http/parse';
import { recordsSent, withinLimits } from '../routes/limits';
import { sourceFor } from '../source/from-request';
import { createCloudflareTarget } from '../target/cloudflare/index';
import { parseCommand } from './args';
import { asUsage } from './as-usage';
import { azureServicePrincipal } from './credentials';
import { playStream } from './event-stream';
import { usageError, type ExitCode } from './exit-codes';
import { readInput, readJson } from './input-files';
import type { Runtime } from './runtime';
import { loginToTarget } from './target';
import { shown, undoPath, writeUndoFile } from './undo-file';

export const MIGRATE_OPTIONS = {
  'zone-file': { type: 'string', multiple: true },
  records: { type: 'string', multiple: true },
  azure: { type: 'string' },
  'resource-group': { type: 'string' },
  'dry-run': { type: 'boolean' },
  mode: { type: 'string' },
  prune: { type: 'boolean' },
  force: { type: 'boolean' },
  account: { type: 'string' },
  'undo-file': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `dnsferry migrate ZONE…`: the /api/migrate stream of the same request, run in this process. */
export async function migrateCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { values: v, positionals: names } = parseCommand('migrate', args, MIGRATE_OPTIONS);
  if (names.length === 0) throw usageError('name the zone to migrate: dnsferry migrate example.com --zone-file example.com.zone');
  const files = v['zone-file'] ?? [];
  const recordFiles = v.records ?? [];
  for (const [flag, list] of [
    ['--zone-file', files],
    ['--records', recordFiles],
  ] as const) {
    if (list.length > 0 && list.length !== names.length) {
      throw usageError(`${names.length} zone(s) and ${list.length} ${flag}: give one ${flag} per zone, in the same order`);
    }
  }
  if (files.length > 0 && recordFiles.length > 0) throw usageError('a zone comes from --zone-file or from --records, not both');
  if ([...files, ...recordFiles].filter((f) => f === '-').length > 1) throw usageError('standard input (-) can be read once');
  if (files.length === 0 && recordFiles.length === 0 && !v.azure) {
    throw usageError('say where the records come from: --zone-file FILE (or - for stdin), --records FILE.json, or --azure SUBSCRIPTION_ID');
  }
  if (v.mode !== undefined && v.mode !== 'add' && v.mode !== 'mirror') throw usageError('--mode is add or mirror');
  const dryRun = v['dry-run'] === true;
  const undoFile = dryRun ? undefined : undoPath(rt, { flag: v['undo-file'], besideFile: files[0], zones: names, now: new Date() });
  if (undoFile && (await exists(undoFile))) throw usageError(`--undo-file ${undoFile} exists already; name a new file`);

  const zones: Array<Record<string, unknown>> = [];
  for (const [i, name] of names.entries()) {
    const file = files[i];
    const recordFile = recordFiles[i];
    const content = file
      ? { zoneFile: await readInput(rt, file, '--zone-file') }
      : recordFile
        ? { records: recordsOf(await readJson(rt, recordFile, '--records'), recordFile) }
        : {};
    zones.push({ name, ...content, ...(v['resource-group'] ? { resourceGroup: v['resource-group'] } : {}) });
  }
  const source = v.azure ? { subscriptionId: v.azure, ...(await azureServicePrincipal(rt)) } : {};
  const login = await loginToTarget(rt, v.account);
  const body = asUsage(rt, () => {
    const request = parseBody(MigrateRequestSchema, {
      targetToken: login.token,
      targetAccountId: login.accountId,
      zones,
      ...(dryRun ? { dryRun } : {}),
      ...(v.mode ? { mode: v.mode } : {}),
      ...(v.prune ? { prune: true } : {}),
      ...(v.force ? { force: true } : {}),
      ...source,
    });
    withinLimits(rt.config, request.zones, recordsSent);
    return request;
  });
  const fromSource = asUsage(rt, () => sourceFor(body, rt));

  // From here on, as routes/migrate.ts runs it.
  const { target } = createCloudflareTarget(rt.config, rt.fetch, body.targetToken, body.targetAccountId);
  const events = migrate(
    {
      zones: body.zones,
      dryRun: body.dryRun ?? false,
      mode: body.mode,
      prune: body.prune,
      force: body.force,
      maxRecords: rt.config.maxRecordsPerRequest,
      zonesAtOnce: rt.config.concurrency,
    },
    { target, ...(fromSource ? { source: fromSource } : {}) },
    { signal: rt.signal },
  );
  const summary = await playStream(rt, events, {
    stopped: 'Migration stopped',
    nameServersHeading: dryRun
      ? 'The name servers the zones have at the target:'
      : 'Set these name servers at the registrar (then run dnsferry check):',
    words: dryRun ? { created: 'to create', removed: 'to remove' } : { created: 'created', removed: 'removed' },
  });

  const undo = summary.undo;
  if (undoFile && undo.length > 0) {
    await writeUndoFile(undoFile, undo);
    const where = shown(rt, undoFile);
    if (rt.json) rt.stderr.write(`dnsferry: undo data written to ${where} (dnsferry undo ${where} puts the zones back)\n`);
    else rt.stdout.write(`\nUndo data: ${where}  (dnsferry undo ${where} puts the zones back)\n`);
  }
  return summary.exitCode(rt.unreachable());
}

/** A records file: the array itself, or an object holding `records` (what `dnsferry scan --out` writes). */
function recordsOf(json: unknown, file: string): unknown {
  if (Array.isArray(json)) return json;
  if (json !== null && typeof json === 'object' && 'records' in json) return json.records;
  throw usageError(`--records ${file}: expected a JSON array of records, or an object with "records"`);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
