import { API, type CutoverEvent, type CutoverZoneReport } from '@dnsferry/shared';
import { cutoverCheck } from '../operations/cutover-check';
import { parseCommand } from './args';
import { hanging, lineWidth } from './fit';
import { asUsage } from './as-usage';
import { stoppedEvents } from './event-stream';
import { EXIT, usageError, type ExitCode } from './exit-codes';
import { writeLine } from './ndjson-out';
import type { Runtime } from './runtime';
import { requestSources, SOURCE_OPTIONS } from './sources';
import { loginToTarget, targetBody } from './target';

export const CHECK_OPTIONS = {
  ...SOURCE_OPTIONS,
  'request-activation': { type: 'boolean' },
  account: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Mismatches shown per zone on the terminal; --json has the report's full list. */
const SHOWN_MISMATCHES = 10;

/** `dnsferry check ZONE…`: the /api/cutover/check stream — whether each zone is ready for the name server switch. */
export async function checkCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { values: v, positionals: names } = parseCommand('check', args, CHECK_OPTIONS);
  if (names.length === 0) throw usageError('name the zones to check: dnsferry check example.com');
  const zones = await requestSources(rt, names, v, false);
  const login = await loginToTarget(rt, v.account);
  const body = targetBody(rt, API.cutoverCheck.request.schema, login, {
    zones,
    ...(v['request-activation'] ? { requestActivation: true } : {}),
  });
  // The operation /api/cutover/check runs: its limits and the source are checked before the first event.
  const events = asUsage(rt, () => cutoverCheck.run(body, rt, rt.signal));
  const reports: CutoverZoneReport[] = [];
  let finished = false;
  const show = async (e: CutoverEvent) => {
    if (e.type === 'zone-report') reports.push(e);
    if (e.type === 'done') finished = true;
    if (rt.json) await writeLine(rt.stdout, e);
    else if (e.type === 'zone-report') printReport(rt, e);
    else if (e.type !== 'done') for (const line of hanging(`  ${e.zone}  `, e.message, lineWidth(rt.stdout))) rt.stdout.write(`${line}\n`);
  };
  try {
    for await (const e of events) await show(e);
  } catch (err) {
    for (const e of stoppedEvents(rt, cutoverCheck.stopped(err))) await show(e);
  }
  if (finished && reports.length === names.length && reports.every((r) => r.ready)) return EXIT.ok;
  return rt.unreachable() ? EXIT.unreachable : EXIT.failed;
}

function printReport(rt: Runtime, r: CutoverZoneReport): void {
  // Each line wrapped at spaces in a hanging column, so no sentence breaks mid-word.
  const say = (head: string, text = '') => {
    for (const line of hanging(head, text, lineWidth(rt.stdout))) rt.stdout.write(`${line}\n`);
  };
  say('');
  say(`${r.ready ? '✓' : '✗'} ${r.zone}: `, r.message);
  say('    at the target   ', `${r.targetStatus}; name servers ${r.nameServers.join(', ') || '-'}`);
  say('    delegation      ', `${r.delegation.current.join(', ') || 'none found'}${r.delegation.switched ? ' (switched)' : ''}`);
  say('    DNSSEC          ', r.dnssec.message);
  say('    answers         ', `${r.parity.matching} of ${r.parity.checked} ${r.parity.checked === 1 ? 'record' : 'records'} as expected`);
  for (const m of r.parity.mismatches.slice(0, SHOWN_MISMATCHES)) {
    say('      ', `${m.type} ${m.name}: expected ${m.expected.join(', ') || 'nothing'}, answered ${m.actual.join(', ') || 'nothing'}`);
  }
  if (r.parity.mismatches.length > SHOWN_MISMATCHES)
    say(`      … and ${r.parity.mismatches.length - SHOWN_MISMATCHES} more (--json lists them)`);
}
