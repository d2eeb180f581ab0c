import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root: where the bench's child processes run (their paths are relative to it). */
export const root = fileURLToPath(new URL('../../', import.meta.url));
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on every Linux this runs on). */
const CLOCK_TICKS = 100;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The companion as people run it (the bundle in companion/dist, with no flags: `dnsferry serve` takes
 * none, and `pnpm companion` passes none), in its own process so its memory is its own. `dist` names
 * another build (to compare with an earlier one).
 */
export async function spawnCompanion(env: Record<string, string>, dist = 'companion/dist') {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [`${dist}/server.mjs`], {
    cwd: root,
    env: { ...process.env, DNSFERRY_PORT: String(port), DNSFERRY_LOG_LEVEL: 'warn', ...env },
    // its output is kept and shown only if it fails to start (the table stays readable)
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`companion exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/target/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status === 400) break;
    } catch (err) {
      if (performance.now() - started > 20_000) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const startupMs = performance.now() - started;
  return {
    url,
    startupMs,
    /** Peak resident set size so far (VmHWM), in MB. */
    peakRssMb(): number {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    /** CPU time (user + system) the process has used so far, in ms (10 ms steps): what it cost, whatever else ran beside it. */
    cpuMs(): number {
      // the fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
