import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MigrateEventSchema, type MigrateEvent } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { heldLines, parseNdjson } from '../../support/stack';
import { cliPerTest, lines } from './cli-stack';

const t = cliPerTest();

const ZONE_FILE = `$TTL 3600
@    IN SOA ns1.oldhost.example. admin.example.net. 1 7200 900 1209600 300
@    IN NS  ns1.oldhost.example.
@    IN A   192.0.2.1
www  IN A   192.0.2.2
@    IN MX  10 mail.example.net.
mail IN A   192.0.2.25
@    IN TXT "v=spf1 mx -all"
`;
/** What the target holds after ZONE_FILE lands (apex SOA and NS are the target's own). */
const LANDED = [
  'A example.net 192.0.2.1 3600',
  'A mail.example.net 192.0.2.25 3600',
  'A www.example.net 192.0.2.2 3600',
  'MX example.net mail.example.net 3600',
  'TXT example.net "v=spf1 mx -all" 3600',
];

const events = (stdout: string): MigrateEvent[] => lines(stdout).map((l) => MigrateEventSchema.parse(l));
const undoFiles = () => readdirSync(t.stack.dir).filter((f) => /\.undo-\d{8}T\d{6}\.json$/.test(f));

describe('dnsferry migrate', () => {
  it('migrates a zone file, writes the undo data beside it and says where; exit 0', async () => {
    writeFileSync(join(t.stack.dir, 'example.net.zone'), ZONE_FILE);
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', 'example.net.zone']);
    expect(run.code).toBe(0);
    expect(heldLines(t.stack.sim, 'example.net')).toEqual(LANDED);
    const out = events(run.stdout);
    expect(out.at(-1)).toEqual({
      type: 'done',
      results: [{ zone: 'example.net', created: 5, updated: 0, skipped: 2, failed: 0, removed: 0 }],
    });
    const [file] = undoFiles();
    expect(file).toMatch(/^example\.net\.undo-/);
    expect(run.stderr).toContain(`undo data written to ${file}`);
    const written = JSON.parse(readFileSync(join(t.stack.dir, file ?? ''), 'utf8')) as {
      zones: Array<{ name: string; undo: { created: unknown[] } }>;
    };
    expect(written.zones.map((z) => [z.name, z.undo.created.length])).toEqual([['example.net', 5]]);
  });

  it('reads the zone file from standard input with --zone-file -', async () => {
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', '-'], { stdin: ZONE_FILE });
    expect(run.code).toBe(0);
    expect(heldLines(t.stack.sim, 'example.net')).toEqual(LANDED);
    expect(undoFiles()).toHaveLength(1);
  });

  it('migrates several zones in one call, from records files', async () => {
    writeFileSync(join(t.stack.dir, 'a.json'), JSON.stringify([{ type: 'A', name: 'www', content: '192.0.2.10', ttl: 300 }]));
    writeFileSync(join(t.stack.dir, 'b.json'), JSON.stringify({ records: [{ type: 'TXT', name: '@', content: 'hello', ttl: 300 }] }));
    const run = await t.stack.run(['migrate', 'a.example', 'b.example', '--records', 'a.json', '--records', 'b.json']);
    expect(run.code).toBe(0);
    expect(heldLines(t.stack.sim, 'a.example')).toEqual(['A www.a.example 192.0.2.10 300']);
    expect(heldLines(t.stack.sim, 'b.example')).toEqual(['TXT b.example "hello" 300']);
    expect(undoFiles()[0]).toMatch(/^2-zones\.undo-/);
  });

  it('a dry run writes nothing and leaves no undo file', async () => {
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', '-', '--dry-run'], { stdin: ZONE_FILE });
    expect(run.code).toBe(0);
    expect(t.stack.sim.zoneByName('example.net')).toBeUndefined();
    expect(events(run.stdout).filter((e) => e.type === 'record')).toHaveLength(5);
    expect(undoFiles()).toEqual([]);
  });

  it('mirror mode with prune replaces what the target held; exit 1 when a record fails', async () => {
    seedOnboardedZone(t.stack.sim, { accountId: t.stack.seed.accountId, name: 'onboarded.example' });
    const zoneFile = `${sourceZoneFile('onboarded.example')}\nbroken IN A 300.1.1.1\n`;
    const run = await t.stack.run(['migrate', 'onboarded.example', '--zone-file', '-', '--mode', 'mirror', '--prune', '--force'], {
      stdin: zoneFile,
    });
    expect(run.code).toBe(1);
    const done = events(run.stdout).at(-1);
    expect(done).toMatchObject({ type: 'done', results: [{ zone: 'onboarded.example', failed: 1 }] });
    const result = done?.type === 'done' ? done.results[0] : undefined;
    expect((result?.removed ?? 0) + (result?.updated ?? 0)).toBeGreaterThan(0);
    expect(heldLines(t.stack.sim, 'onboarded.example').join('\n')).not.toContain('300.1.1.1');
  });

  it('carries out --replace, --keep and --add per RRset, the rest following the mode', async () => {
    seedOnboardedZone(t.stack.sim, { accountId: t.stack.seed.accountId, name: 'onboarded.example' });
    const run = await t.stack.run(
      ['migrate', 'onboarded.example', '--zone-file', '-', '--replace', 'www A', '--replace', 'onboarded.example. TXT', '--keep', 'mail a'],
      { stdin: sourceZoneFile('onboarded.example') },
    );
    expect(run.code).toBe(0);
    expect(heldLines(t.stack.sim, 'onboarded.example')).toEqual([
      'A mail.onboarded.example 93.184.216.34 1 proxied',
      'A onboarded.example 192.0.2.1 1 proxied',
      'A www.onboarded.example 192.0.2.1 300',
      'MX onboarded.example mail.onboarded.example 1',
      'TXT _dmarc.onboarded.example "v=DMARC1; p=none" 1',
      'TXT onboarded.example "v=spf1 include:new.example -all" 300',
    ]);
    const bad = await t.stack.run(['migrate', 'onboarded.example', '--zone-file', '-', '--replace', 'www'], { stdin: '' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`--replace "www": give one RRset as "NAME TYPE", such as --replace 'www A'`);
  });

  it('fails a zone over its record quota before writing, and with --partial writes what fits; exit 1', async () => {
    const big = ['$TTL 300', ...Array.from({ length: 210 }, (_, i) => `h${i} IN A 192.0.2.${i % 250}`)].join('\n');
    writeFileSync(join(t.stack.dir, 'big.net.zone'), `${big}\n`);
    const refused = await t.stack.run(['migrate', 'big.net', '--zone-file', 'big.net.zone', '--json']);
    expect(refused.code).toBe(1);
    expect(events(refused.stdout).find((e) => e.type === 'error')?.message).toBe(
      'Zone left untouched: this zone may hold 200 records (Free plan); it holds 0 and the run would add 210. Send "partial": true to write the records that fit',
    );
    expect(heldLines(t.stack.sim, 'big.net')).toEqual([]);
    const partial = await t.stack.run([
      'migrate',
      'big.net',
      '--zone-file',
      'big.net.zone',
      '--partial',
      '--json',
      '--undo-file',
      'again.json',
    ]);
    expect(partial.code).toBe(1);
    expect(events(partial.stdout).at(-1)).toMatchObject({ type: 'done', results: [{ zone: 'big.net', created: 200, failed: 10 }] });
    expect(heldLines(t.stack.sim, 'big.net')).toHaveLength(200);
  });

  it('refuses mirror options that need mirror, and a second read of stdin (exit 2, nothing done)', async () => {
    const prune = await t.stack.run(['migrate', 'example.net', '--zone-file', '-', '--prune'], { stdin: ZONE_FILE });
    expect(prune.code).toBe(2);
    expect(prune.stderr).toContain('prune removes what the source does not have, so it works only in mirror mode');
    const twice = await t.stack.run(['migrate', 'a.example', 'b.example', '--zone-file', '-', '--zone-file', '-']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('standard input (-) can be read once');
    expect(t.stack.sim.zoneByName('example.net')).toBeUndefined();
  });

  it('writes the NDJSON events /api/migrate streams for the same request, line for line', async () => {
    const records = [
      { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 },
      { type: 'MX', name: '@', content: 'mail.example.net', priority: 10, ttl: 3600 },
      { type: 'A', name: 'bad', content: 'not-an-address', ttl: 300 },
    ];
    writeFileSync(join(t.stack.dir, 'records.json'), JSON.stringify(records));
    const run = await t.stack.run(['migrate', 'example.net', 'example.org', '--records', 'records.json', '--records', 'records.json']);
    expect(run.code).toBe(1);

    // The same request to the companion, in front of a simulator in the same starting state.
    const sim = await startCloudflareSimulator({ rateLimit: false });
    const seed = seedCloudflareDemo(sim);
    const app = buildApp({ ...DEFAULTS, logLevel: 'silent', cloudflareApi: sim.url, retryBaseMs: 5 });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/migrate',
        payload: {
          targetToken: seed.token,
          targetAccountId: seed.accountId,
          zones: ['example.net', 'example.org'].map((name) => ({ name, records })),
        },
      });
      expect(res.statusCode).toBe(200);
      // The two zones run side by side, each giving way to the other when the event loop is held
      // (the command line shares it fairly too), so how their lines interleave follows the timing of
      // each run: the stream's grammar keeps each zone's own events in order and ends with one done.
      // Every line is the same, byte for byte (but for when each simulator created a record or zone:
      // the undo data says when the target did); each zone's come in the same order; the same done ends both.
      const untimed = (ndjson: string) => ndjson.replace(/"(createdOn|zoneCreatedOn)":"[^"]*"/g, '"$1":"…"');
      const split = (text: string) => untimed(text).split('\n');
      expect(split(run.stdout).sort()).toEqual(split(res.payload).sort());
      const fromCli = parseNdjson(untimed(run.stdout));
      const fromApi = parseNdjson(untimed(res.payload));
      const ofZone = (events: MigrateEvent[], zone: string) => events.filter((e) => 'zone' in e && e.zone === zone);
      for (const zone of ['example.net', 'example.org']) expect(ofZone(fromCli, zone)).toEqual(ofZone(fromApi, zone));
      expect(fromCli.at(-1)?.type).toBe('done');
      expect(fromCli.at(-1)).toEqual(fromApi.at(-1));
    } finally {
      await app.close();
      await sim.close();
    }
  });

  it('does not overwrite an undo file that exists', async () => {
    writeFileSync(join(t.stack.dir, 'undo.json'), '{}');
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', '-', '--undo-file', 'undo.json'], { stdin: ZONE_FILE });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--undo-file .*undo\.json exists already/);
    expect(t.stack.sim.zoneByName('example.net')).toBeUndefined();
    expect(existsSync(join(t.stack.dir, 'undo.json'))).toBe(true);
  });

  it('a token without DNS permission fails the zone with a sentence that says which permissions, exit 1', async () => {
    const run = await t.stack.run(['migrate', 'example.net', '--zone-file', '-'], {
      stdin: ZONE_FILE,
      env: { CLOUDFLARE_API_TOKEN: t.stack.seed.readOnlyToken },
    });
    expect(run.code).toBe(1);
    const errors = events(run.stdout).filter((e) => e.type === 'error');
    expect(errors.map((e) => e.message)).toEqual([
      'Zone failed: Cloudflare 10000: Authentication error — the token is valid but lacks a permission this step needs (Zone:Edit to create a zone, DNS:Edit to write records; Zone:Read and DNS:Read to read them): edit it at My Profile → API Tokens',
    ]);
    expect(t.stack.sim.zoneByName('example.net')).toBeUndefined();
  });
});
