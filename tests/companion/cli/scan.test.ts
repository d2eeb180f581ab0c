import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DnsRecordSchema, ScanEventSchema } from '@dnsferry/shared';
import { dohEndpoints } from '../../support/dns/endpoints';
import { CAFE_TEST_RECORDS } from '../../support/dns/expected-zone';
import { heldLines } from '../../support/stack';
import { cliPerTest, lines } from './cli-stack';

const t = cliPerTest();

const key = (r: unknown) => JSON.stringify(DnsRecordSchema.parse(r));

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('dnsferry scan', () => {
  it('--quick scans quickly, --name asks for names no list holds, and a bad name is a usage error naming it', async () => {
    const env = { DNSFERRY_DOH_URL: dohEndpoints().httpUrl };
    const run = await t.stack.run(['scan', 'dnsferry.test', '--quick', '--name', 'hidden-host', '--name', 'deep.private,api'], { env });
    expect(run.code).toBe(0);
    const done = lines(run.stdout)
      .map((l) => ScanEventSchema.parse(l))
      .at(-1);
    if (done?.type !== 'done') throw new Error('no done');
    expect(done.coverage?.depth).toBe('quick');
    // dnsferry.test.zone: hidden-host and deep.private are in no list; api is, and was given first
    expect(done.subdomainsFound).toEqual(expect.arrayContaining(['hidden-host', 'deep.private']));
    expect(done.coverage?.methods.given).toBe(3);
    const bad = await t.stack.run(['scan', 'dnsferry.test', '--name', 'www.elsewhere.example.'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"www.elsewhere.example." is not inside dnsferry.test');
  });

  it('streams the scan events through DNSFERRY_DOH_URL, and --out feeds migrate --records', async () => {
    const env = { DNSFERRY_DOH_URL: dohEndpoints().httpUrl };
    const run = await t.stack.run(['scan', 'Café.test', '--out', 'cafe.json'], { env });
    expect(run.code).toBe(0);
    const events = lines(run.stdout).map((l) => ScanEventSchema.parse(l));
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done');
    expect(done.records.map(key).sort()).toEqual(CAFE_TEST_RECORDS.map(key).sort());
    // deep unless told otherwise, as the popup scans
    expect(done.coverage?.depth).toBe('deep');
    expect(run.stderr).toContain('records written to cafe.json (dnsferry migrate xn--caf-dma.test --records cafe.json)');
    const saved = JSON.parse(readFileSync(join(t.stack.dir, 'cafe.json'), 'utf8')) as { records: unknown[] };
    expect(saved.records.map(key).sort()).toEqual(CAFE_TEST_RECORDS.map(key).sort());

    const migrated = await t.stack.run(['migrate', 'xn--caf-dma.test', '--records', 'cafe.json']);
    expect(migrated.code).toBe(0);
    expect(heldLines(t.stack.sim, 'xn--caf-dma.test')).toContain('A www.xn--caf-dma.test 192.0.2.150 300');
  });

  it('on a terminal of 80 columns, the records found and what was not seen break no word', async () => {
    const run = await t.stack.runInTerminal(['scan', 'dnsferry.test', '--quick', '--name', 'hidden-host'], {
      env: { DNSFERRY_DOH_URL: dohEndpoints().httpUrl },
      columns: 80,
    });
    expect(run.code).toBe(0);
    // what the terminal shows, without the live area's cursor moves; a record's row is its value whole
    const cursorMoves = new RegExp(`${String.fromCharCode(27)}\\[[?\\d;]*[A-Za-z]`, 'g');
    const rows = run.stdout
      .replace(cursorMoves, '\n')
      .split(/\r?\n/)
      .filter((r) => !r.startsWith('  '));
    const text = rows.join(' ').replace(/\s+/g, ' ');
    // the sentences are there, whole; no progress or sentence row runs past the last column (where the terminal would break a word)
    expect(text).toMatch(/\d+ records found at dnsferry\.test \(names below it: [^)]*hidden-host/);
    expect(text).toContain('A scan cannot list a zone: it sees only the names it can guess or is told.');
    expect(rows.filter((r) => [...r].length > 79)).toEqual([]);
  });

  it('exits 3 when the resolver cannot be reached', async () => {
    const run = await t.stack.run(['scan', 'example.net'], {
      env: { DNSFERRY_DOH_URL: `http://127.0.0.1:${await closedPort()}/dns-query` },
    });
    expect(run.code).toBe(3);
    const events = lines(run.stdout).map((l) => ScanEventSchema.parse(l));
    expect(events.at(-1)).toMatchObject({ type: 'done', total: 0 });
  });
});
