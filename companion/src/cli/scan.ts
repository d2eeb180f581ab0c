import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { liveArea } from './live-area';
import { API, coverageSentences, type DnsRecord, type ScanEvent } from '@dnsferry/shared';
import { parseBody } from '../operations/parse';
import { scan } from '../operations/scan';
import { parseCommand } from './args';
import { asUsage } from './as-usage';
import { stoppedEvents } from './event-stream';
import { CliError, EXIT, usageError, type ExitCode } from './exit-codes';
import { cut, lineWidth, wrap } from './fit';
import { writeLine } from './ndjson-out';
import type { Runtime } from './runtime';
import { shown } from './undo-file';

/** The scanner's error when not one query was answered (scan/scanner.ts). */
const NO_RESOLVER = /^The DoH resolver .* gave no usable answer/;

export const SCAN_OPTIONS = {
  out: { type: 'string' },
  quick: { type: 'boolean' },
  'no-ct': { type: 'boolean' },
  name: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `dnsferry scan DOMAIN`: the /api/dns/scan stream, through the configured resolver (DNSFERRY_DOH_URL). */
export async function scanCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { values: v, positionals } = parseCommand('scan', args, SCAN_OPTIONS);
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) throw usageError('name one domain: dnsferry scan example.com');
  // deep unless told otherwise, as the popup scans
  const depth = v.quick ? 'quick' : 'deep';
  const given = (v.name ?? []).flatMap((n) => n.split(',')).filter((n) => n.trim() !== '');
  const body = asUsage(rt, () =>
    parseBody(API.scan.request.schema, {
      domain: name,
      depth,
      ...(given.length > 0 ? { names: given } : {}),
      ...(v['no-ct'] === true ? { ct: false } : {}),
    }),
  );
  const { domain } = body;
  // The operation /api/dns/scan runs: the companion's resolver, its pace and its certificate-log search.
  const events = scan.run(body, rt, rt.signal);

  const draw = rt.json ? null : liveArea(rt.stdout);
  const errors: string[] = [];
  let done: Extract<ScanEvent, { type: 'done' }> | undefined;
  try {
    for await (const e of events) {
      if (e.type === 'error') errors.push(e.message);
      if (e.type === 'done') done = e;
      if (!draw) await writeLine(rt.stdout, e);
      // one row, cut at a space: a row the terminal wraps is left behind when the next one is drawn
      else if (e.type === 'progress') draw(cut(`… ${e.message}`, lineWidth(rt.stdout)));
    }
  } catch (err) {
    // As the HTTP app ends a stream that failed: the operation's error event, then done with nothing found.
    for (const e of stoppedEvents(rt, scan.stopped(err))) {
      if (e.type === 'error') errors.push(e.message);
      if (e.type === 'done') done = e;
      if (!draw) await writeLine(rt.stdout, e);
    }
  }
  if (draw) {
    draw.clear();
    for (const message of errors) rt.stdout.write(`! ${message}\n`);
    if (done) printRecords(rt, domain, done.records, done.subdomainsFound);
    if (done?.coverage) {
      rt.stdout.write('\n');
      for (const sentence of coverageSentences(done.coverage, done.records.length, done.subdomainsFound.length)) writeWrapped(rt, sentence);
    }
  }
  if (v.out && done) {
    const path = resolve(rt.cwd, v.out);
    try {
      await writeFile(path, `${JSON.stringify({ records: done.records }, null, 2)}\n`);
    } catch (err) {
      throw new CliError(EXIT.failed, `the records could not be written to ${path}: ${(err as Error).message}`);
    }
    const where = shown(rt, path);
    (rt.json ? rt.stderr : rt.stdout).write(
      `${rt.json ? 'dnsferry: ' : '\n'}records written to ${where} (dnsferry migrate ${domain} --records ${where})\n`,
    );
  }
  if (!done) return EXIT.failed;
  if (errors.length === 0) return EXIT.ok;
  // The scanner's DoH client keeps its own HTTP/2 connection, so the fetch cannot tell; its error says it.
  return rt.unreachable() || errors.some((m) => NO_RESOLVER.test(m)) ? EXIT.unreachable : EXIT.failed;
}

function printRecords(rt: Runtime, domain: string, records: DnsRecord[], subdomains: string[]): void {
  const rows = records.map((r) => [
    r.type,
    r.name,
    String(r.ttl),
    'priority' in r && r.priority !== undefined ? `${r.priority} ${r.content}` : r.content,
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(0, ...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of rows) rt.stdout.write(`  ${row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell)).join('  ')}\n`);
  rt.stdout.write('\n');
  const below = subdomains.length > 0 ? ` (names below it: ${subdomains.join(', ')})` : '';
  writeWrapped(rt, `${records.length} record${records.length === 1 ? '' : 's'} found at ${domain}${below}`);
}

/** A sentence in lines that fit the terminal, broken at spaces (the terminal would break it mid-word). */
function writeWrapped(rt: Runtime, text: string): void {
  for (const line of wrap(text, lineWidth(rt.stdout))) rt.stdout.write(`${line}\n`);
}
