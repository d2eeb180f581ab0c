import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The young generation of a fresh process started without flags, as `dnsferry serve` is: its size once
 * the settings are applied (or not), and the largest it reaches while the process allocates as a big
 * migration does (short-lived objects, some kept), in MB.
 */
function youngGenerationMb(withMemorySettings: boolean): { start: number; largest: number } {
  const program = `
    ${withMemorySettings ? "await import('./companion/src/memory.ts');" : ''}
    const { getHeapSpaceStatistics } = await import('node:v8');
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    const start = young();
    let largest = start;
    let batch = [];
    const kept = [];
    for (let i = 0; i < 3e6; i++) {
      batch.push({ i, name: 'host' + i });
      if (batch.length > 20000) batch = [];
      if (i % 20 === 0) kept.push({ i });
      if (i % 100000 === 0) largest = Math.max(largest, young());
    }
    console.log(JSON.stringify({ start: start / 2 ** 20, largest: Math.max(largest, young()) / 2 ** 20 }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out) as { start: number; largest: number };
}

describe('the companion’s memory settings', () => {
  it('keep the young generation at its starting size, however the process was started', () => {
    // without them V8 grows it (to 16 MB semi-spaces at most): a 50,000-record migration peaked 18 MB higher
    const plain = youngGenerationMb(false);
    expect(plain.largest).toBeGreaterThanOrEqual(2 * plain.start);
    const set = youngGenerationMb(true);
    expect(set.largest).toBe(set.start);
    expect(set.largest).toBeLessThanOrEqual(4);
  });
});
