import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MigrateEventSchema, type MigrateEvent } from '@dnsferry/shared';
import { heldLines } from '../../support/stack';
import { cliPerTest, lines } from './cli-stack';

const t = cliPerTest();

// GoDaddy's DNS Records table as copied from the browser: tab-separated, icon columns empty.
const TABLE = [
  'Type\tName\tData\tTTL\tDelete\tEdit',
  'A\t@\t192.0.2.1\t600 seconds\t\t',
  'CNAME\twww\t@\t1 Hour\t\t',
  'MX\t@\tsmtp.secureserver.net (Priority: 10)\t1 Hour\t\t',
  'TXT\t@\tv=spf1 include:secureserver.net -all\t1/2 Hour\t\t',
  'A\tbroken\t300.1.1.1\t1 Hour\t\t',
].join('\n');
const LANDED = [
  'A example.net 192.0.2.1 600',
  'CNAME www.example.net example.net 3600',
  'MX example.net smtp.secureserver.net 3600',
  'TXT example.net "v=spf1 include:secureserver.net -all" 1800',
];
const events = (stdout: string): MigrateEvent[] => lines(stdout).map((l) => MigrateEventSchema.parse(l));

describe('dnsferry migrate --table', () => {
  it('migrates a table copied from a dashboard; a row that is no record fails naming its row (exit 1)', async () => {
    writeFileSync(join(t.stack.dir, 'godaddy.tsv'), TABLE);
    const run = await t.stack.run(['migrate', 'example.net', '--table', 'godaddy.tsv']);
    expect(run.code).toBe(1);
    expect(heldLines(t.stack.sim, 'example.net')).toEqual(LANDED);
    const out = events(run.stdout);
    const errors = out.filter((e) => e.type === 'error').map((e) => ('message' in e ? e.message : ''));
    expect(errors).toEqual([expect.stringMatching(/^\[5\/5\] row 5 ✗ .*300\.1\.1\.1.*\(line 6: A broken 300\.1\.1\.1 1 Hour\)$/)]);
    expect(out.at(-1)).toMatchObject({ type: 'done', results: [{ zone: 'example.net', created: 4, failed: 1 }] });
  });

  it('reads the table from standard input with --table -', async () => {
    const run = await t.stack.run(['migrate', 'example.net', '--table', '-', '--dry-run'], { stdin: TABLE });
    expect(run.code).toBe(1);
    expect(events(run.stdout).filter((e) => e.type === 'record')).toHaveLength(4);
    expect(t.stack.sim.zoneByName('example.net')).toBeUndefined();
  });

  it('takes one table per zone, and one source per run (exit 2, nothing done)', async () => {
    const count = await t.stack.run(['migrate', 'a.example', 'b.example', '--table', '-'], { stdin: TABLE });
    expect(count.code).toBe(2);
    expect(count.stderr).toContain('2 zone(s) and 1 --table: give one --table per zone, in the same order');
    const mixed = await t.stack.run(['migrate', 'a.example', '--table', '-', '--zone-file', 'a.zone'], { stdin: TABLE });
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--zone-file and --table: the records come from one source per run');
    const missing = await t.stack.run(['migrate', 'a.example', '--table', 'nowhere.tsv']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--table nowhere.tsv: no such file');
  });
});
