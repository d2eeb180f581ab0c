import { describe, expect, it } from 'vitest';
import { merge } from '@dnsferry/companion/cutover/merge';

/** A generator that yields `n` values, each after the test lets it (a gate per step), and records what it did. */
function gated(name: string, n: number, log: string[]) {
  return async function* (): AsyncGenerator<string> {
    try {
      for (let i = 0; i < n; i++) {
        await new Promise((r) => setImmediate(r));
        log.push(`${name}${i}`);
        yield `${name}${i}`;
      }
    } finally {
      log.push(`${name} closed`);
    }
  };
}

describe('merge', () => {
  it("keeps each source's order, runs at most `width` at once, and tags values with their source", async () => {
    const log: string[] = [];
    const out: Array<{ index: number; value: string }> = [];
    for await (const v of merge([gated('a', 3, log), gated('b', 2, log), gated('c', 2, log)], 2)) out.push(v);
    expect(out.filter((v) => v.index === 0).map((v) => v.value)).toEqual(['a0', 'a1', 'a2']);
    expect(out.filter((v) => v.index === 1).map((v) => v.value)).toEqual(['b0', 'b1']);
    expect(out.filter((v) => v.index === 2).map((v) => v.value)).toEqual(['c0', 'c1']);
    // c starts only once a or b has finished
    const firstC = log.indexOf('c0');
    expect(log.slice(0, firstC).some((l) => l === 'a closed' || l === 'b closed')).toBe(true);
  });

  it('closes the sources still running when the consumer stops early', async () => {
    const log: string[] = [];
    for await (const v of merge([gated('a', 5, log), gated('b', 5, log)], 2)) if (v.value === 'a1') break;
    expect(log).toContain('a closed');
    expect(log).toContain('b closed');
  });

  it("passes a source's failure on, and closes the others", async () => {
    const log: string[] = [];
    async function* failing(): AsyncGenerator<string> {
      await new Promise((r) => setImmediate(r));
      yield 'b0';
      throw new Error('zone broke');
    }
    const run = async () => {
      for await (const v of merge([gated('a', 50, log), failing], 2)) void v;
    };
    await expect(run()).rejects.toThrow('zone broke');
    expect(log).toContain('a closed');
  });
});
