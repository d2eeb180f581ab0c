import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MigrateEventSchema, undoSteps, type MigrateEvent, type UndoData } from '@dnsferry/shared';
import { heldLines } from '../../support/stack';
import { cliPerTest, lines, type CliRun } from './cli-stack';

// Every response 20 ms late, so a mirror run of 400 changes in batches of 5 is in the middle when it is
// stopped; writes are held from the Ctrl-C on: the test waits for the events, never for a time.
const t = cliPerTest({ sim: { latencyMs: 20 } });
const ZONE = 'interrupted.example';

const ZONE_FILE = '$TTL 300\nwww IN A 192.0.2.1\n';

/**
 * A zone at the target of 300 records: 100 the source keeps, 100 it gives another address, 100 it no
 * longer has. Mirrored with prune, that is 100 replacements (a removal and a create each), 100 new
 * records, then 100 removals: 400 changes.
 */
function seedTarget(): { source: string } {
  const zone = t.stack.sim.addZone({ accountId: t.stack.seed.accountId, name: ZONE, plan: 'pro' });
  for (let i = 0; i < 100; i++) {
    t.stack.sim.addRecord(zone.id, { type: 'A', name: `keep${i}.${ZONE}`, content: `192.0.2.${i}`, ttl: 300 });
    t.stack.sim.addRecord(zone.id, { type: 'A', name: `chg${i}.${ZONE}`, content: `198.51.100.${i}`, ttl: 300 });
    t.stack.sim.addRecord(zone.id, { type: 'TXT', name: `old${i}.${ZONE}`, content: `"old ${i}"`, ttl: 300 });
  }
  const source = ['$TTL 300'];
  for (let i = 0; i < 100; i++) source.push(`keep${i} IN A 192.0.2.${i}`, `chg${i} IN A 203.0.113.${i}`, `new${i} IN TXT "new ${i}"`);
  return { source: `${source.join('\n')}\n` };
}

describe('the undo file', () => {
  it('is refused before anything is written when it cannot be made exactly where it goes (exit 2)', async () => {
    symlinkSync(join(t.stack.dir, 'nowhere', 'undo.json'), join(t.stack.dir, 'dangling.json'));
    mkdirSync(join(t.stack.dir, 'folder.json'));
    const cases: Array<[string, RegExp]> = [
      ['dangling.json', /--undo-file .*dangling\.json exists already \(a file, a folder or a link\); name a new file/],
      ['folder.json', /--undo-file .*folder\.json exists already/],
      ['missing/undo.json', /--undo-file .*missing\/undo\.json cannot be created: the folder .*missing does not exist/],
    ];
    for (const [path, message] of cases) {
      const run = await t.stack.run(['migrate', 'fresh.example', '--zone-file', '-', '--undo-file', path], { stdin: ZONE_FILE });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    expect(t.stack.sim.zoneByName('fresh.example')).toBeUndefined();
    expect(t.stack.sim.requestLog).toEqual([]);
  });

  it('is whole JSON from the start, and a run that writes nothing leaves none', async () => {
    writeFileSync(join(t.stack.dir, 'same.zone'), ZONE_FILE);
    const first = await t.stack.run(['migrate', 'same.example', '--zone-file', 'same.zone', '--undo-file', 'first.json']);
    expect(first.code).toBe(0);
    const again = await t.stack.run(['migrate', 'same.example', '--zone-file', 'same.zone', '--undo-file', 'again.json']);
    expect(again.code).toBe(0);
    expect(readdirSync(t.stack.dir).filter((f) => f.endsWith('.json'))).toEqual(['first.json']);
  });

  it('holds what landed when Ctrl-C stops a mirror + prune run: saved, told, exit 130, and it restores the zone exactly', async () => {
    const { source } = seedTarget();
    writeFileSync(join(t.stack.dir, `${ZONE}.zone`), source);
    const before = heldLines(t.stack.sim, ZONE);
    const args = [
      'migrate',
      ZONE,
      '--zone-file',
      `${ZONE}.zone`,
      '--mode',
      'mirror',
      '--prune',
      '--force',
      '--json',
      '--undo-file',
      'stop.json',
    ];
    const child = spawn(t.cli.command[0] ?? '', [...t.cli.command.slice(1), ...args], {
      cwd: t.stack.dir,
      env: { ...t.stack.env, DNSFERRY_BATCH_SIZE: '5', DNSFERRY_CONCURRENCY: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    let stopped = false;
    // From the Ctrl-C until the CLI says it is stopping, writes wait at the simulator: however slow the
    // machine, the run cannot finish first (only the writes already sent land, once let go)
    let release = () => {};
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      out.stderr += d;
      if (out.stderr.includes('dnsferry: stopping')) release();
    });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out.stdout += d;
      const pruned = out.stdout.split('\n').filter((l) => /"type":"remove".*"name":"old\d+".*"undo":\{/.test(l)).length;
      // Ctrl-C once the prune is under way: replacements, new records and 10 removals landed, 90 removals to go
      if (!stopped && pruned >= 10) {
        stopped = true;
        release = t.stack.sim.holdWrites();
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve)).finally(() => release());
    const run: CliRun = { code, ...out };
    expect(stopped).toBe(true);
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('dnsferry: stopping — the writes in flight finish');
    expect(run.stderr).toContain(
      'dnsferry: undo data of what landed before the stop written to stop.json (dnsferry undo stop.json puts the zones back)',
    );
    const events = lines(run.stdout).map((l) => MigrateEventSchema.parse(l));
    expect(events.some((e) => e.type === 'done')).toBe(false);
    const pieces = events.filter(
      (e): e is Extract<MigrateEvent, { type: 'record' | 'remove' }> =>
        (e.type === 'record' || e.type === 'remove') && e.undo !== undefined,
    );
    // stopped in the middle: replacements, new records and removals landed, and some removals were left unwritten
    expect(pieces.filter((e) => e.type === 'remove' && e.record?.type === 'TXT').length).toBeGreaterThanOrEqual(10);
    expect(pieces.length).toBeLessThan(400);
    const saved = JSON.parse(readFileSync(join(t.stack.dir, 'stop.json'), 'utf8')) as { zones: Array<{ name: string; undo: UndoData }> };
    expect(saved.zones.map((z) => z.name)).toEqual([ZONE]);
    // every landed change's undo, each once: what the events carried is what the file holds
    expect(undoSteps(saved.zones[0]!.undo)).toBe(pieces.length);
    expect(heldLines(t.stack.sim, ZONE)).not.toEqual(before);

    const back = await t.stack.run(['undo', 'stop.json', '--json']);
    expect(back.code).toBe(0);
    expect(heldLines(t.stack.sim, ZONE)).toEqual(before);
  });
});
