import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { cliPerTest, startCliStack } from './cli-stack';

// Every request takes 50 ms and carries one record: the run lasts long enough to be drawn several times.
const t = cliPerTest({ sim: { latencyMs: 50 } }, (stack) => {
  const hosts = Array.from({ length: 40 }, (_, i) => `h${i + 1} IN A 192.0.2.${i + 1}`);
  writeFileSync(join(stack.dir, 'big.example.zone'), ['$TTL 300', ...hosts, 'bad IN A 300.0.0.1', ''].join('\n'));
  writeFileSync(join(stack.dir, 'a.example.zone'), ['$TTL 300', 'www IN A 192.0.2.1', ''].join('\n'));
});

const ESC = '\u001b';

/** The pieces of text a run wrote between line breaks and cursor moves: what a terminal shows on one row. */
const rows = (screen: string) =>
  screen
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '\n')
    .split(/\r\n|\r|\n/)
    .filter((r) => r !== '');
const env = { DNSFERRY_BATCH_SIZE: '1' };

describe('dnsferry on a terminal', () => {
  it('redraws the zone line in place, then lists the failures, the name servers and the undo file', async () => {
    const run = await t.stack.runInTerminal(['migrate', 'big.example', '--zone-file', 'big.example.zone'], { env });
    expect(run.code).toBe(1);
    const screen = run.stdout;
    const counts = [...screen.matchAll(/(\d+)\/41 records/g)].map((m) => Number(m[1]));
    // the line went through several states, each drawn over the last (log-update erases the line first)
    expect(new Set(counts).size).toBeGreaterThanOrEqual(3);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(41);
    expect(screen.split(`${ESC}[2K`).length - 1).toBeGreaterThanOrEqual(counts.length - 1);
    expect(screen).toMatch(/✗ big\.example {2}41\/41 records · 40 created · 0 skipped · 1 failed/);
    const zone = t.stack.sim.zoneByName('big.example');
    const tail = screen.slice(screen.lastIndexOf('41/41 records'));
    expect(tail).toContain('Failed (1):');
    expect(tail).toContain('big.example  [41/41] line 42');
    expect(tail).toContain(`big.example  ${zone?.nameServers.join('  ')}`);
    expect(tail).toMatch(/Undo data: big\.example\.undo-\d{8}T\d{6}\.json {2}\(dnsferry undo/);
  });

  it('lines up the name servers of several zones as their zone lines', async () => {
    const run = await t.stack.runInTerminal(
      ['migrate', 'a.example', 'big.example', '--zone-file', 'a.example.zone', '--zone-file', 'big.example.zone'],
      { env },
    );
    const tail = run.stdout.slice(run.stdout.indexOf('Set these name servers'));
    const ns = (zone: string) => t.stack.sim.zoneByName(zone)?.nameServers.join('  ');
    // "a.example" is padded to the width of "big.example", as on the zone lines above
    expect(tail).toContain(`  a.example    ${ns('a.example')}`);
    expect(tail).toContain(`  big.example  ${ns('big.example')}`);
  });

  it('shows on the zone line a wait the target imposes', async () => {
    // Half the writes are answered 429 with Retry-After: 2, drawn from a seeded sequence, so the run
    // meets the limit however slow the machine is (a real window of 10 requests per 10 s could pass
    // before a loaded machine had sent ten).
    const limited = await startCliStack(t.cli.command, { sim: { seed: 5 } });
    limited.sim.setFaults({ rate429: 0.5, retryAfterSeconds: 2, only: 'writes' });
    try {
      writeFileSync(join(limited.dir, 'z.zone'), Array.from({ length: 12 }, (_, i) => `h${i} 300 IN A 192.0.2.${i}`).join('\n'));
      const run = await limited.runInTerminal(['migrate', 'limited.example', '--zone-file', 'z.zone'], { env });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /… limited\.example {2}\d+\/12 records · \d+ created · 0 skipped · 0 failed · waiting \d+ s \(rate limit\)/,
      );
      expect(run.stdout).toMatch(/✓ limited\.example {2}12\/12 records · 12 created · 0 skipped · 0 failed\s/);
      expect(limited.sim.counters.rejected429).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('writes no escape code when piped: NDJSON on stdout, plain sentences on stderr', async () => {
    const run = await t.stack.run(['migrate', 'big.example', '--zone-file', 'big.example.zone'], { env });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain(ESC);
    expect(run.stderr).not.toContain(ESC);
    for (const line of run.stdout.trimEnd().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('--json writes the NDJSON events on a terminal too', async () => {
    const run = await t.stack.runInTerminal(['migrate', 'big.example', '--zone-file', 'big.example.zone', '--json', '--dry-run'], { env });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain(`${ESC}[2K`);
    expect(run.stdout.trimEnd().split('\r\n').at(-1)).toMatch(/^\{"type":"done"/);
  });

  it('a dry run lists what would change, RRset by RRset, then the counts', async () => {
    seedOnboardedZone(t.stack.sim, { accountId: t.stack.seed.accountId, name: 'onboarded.example' });
    writeFileSync(join(t.stack.dir, 'onboarded.zone'), sourceZoneFile('onboarded.example'));
    const run = await t.stack.runInTerminal(
      ['migrate', 'onboarded.example', '--zone-file', 'onboarded.zone', '--mode', 'mirror', '--dry-run'],
      {
        columns: 80,
      },
    );
    expect(run.code).toBe(0);
    const screen = rows(run.stdout);
    const list = screen.slice(screen.indexOf('onboarded.example: what the run would do'));
    // The dashboard's onboarding left www at 203.0.113.9 (proxied), the source says 192.0.2.1; every record
    // is proxied or at TTL 1 (automatic) at the target; the old SPF policy gives way to the source's.
    expect(list).toContain('  replace  A     www     203.0.113.9 → 192.0.2.1');
    expect(list).toContain('  update   A     @       192.0.2.1: proxied → DNS only, TTL 1 → 300');
    expect(list).toContain('  update   MX    @       10 mail.onboarded.example: TTL 1 → 3600');
    expect(list.some((r) => r.startsWith('  replace  TXT   @       "v=spf1 include:old.example -all" → '))).toBe(true);
    expect(screen.filter((r) => r.startsWith('✓ onboarded.example')).at(-1)).toBe(
      '✓ onboarded.example  6/6 records · 2 to create · 4 to update · 2 to remove',
    );
    expect(t.stack.sim.requestLog.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('at 80 columns, every line fits: a long zone name, a wait, a long failure; no word is broken', async () => {
    const limited = await startCliStack(t.cli.command, { sim: { seed: 5 } });
    limited.sim.setFaults({ rate429: 0.5, retryAfterSeconds: 2, only: 'writes' });
    const zone = 'a-rather-long-company-name-for-the-newsletter.example';
    try {
      const hosts = Array.from({ length: 12 }, (_, i) => `h${i} 300 IN A 192.0.2.${i}`);
      writeFileSync(join(limited.dir, 'z.zone'), [...hosts, '@ 300 IN TXT "v=spf1 -all"', '@ 300 IN TXT "v=spf1 mx -all"', ''].join('\n'));
      const run = await limited.runInTerminal(['migrate', zone, '--zone-file', 'z.zone', '--undo-file', 'u.json'], { env, columns: 80 });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/waiting \d+ s \(rate limit\)/);
      const tooWide = rows(run.stdout).filter((r) => [...r].length > 79);
      expect(tooWide).toEqual([]);
      // The zone name takes more than half the line: the reason starts below it, indented, cut at spaces.
      expect(rows(run.stdout).join('\n')).toContain(
        `Failed (1):\n  ${zone}\n    [14/14] TXT @ ✗ not added: it would be a second SPF record: two SPF\n    policies`,
      );
    } finally {
      await limited.close();
    }
  });
});
