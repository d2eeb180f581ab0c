/**
 * The Cloudflare simulator in a process of its own, so a load on it does not slow the bench's own
 * clock: prints one JSON line `{ url, accountId, tokens }` and serves until it is killed. Each line it
 * reads on stdin is answered with one line: its request counters so far (`counters`), after which
 * they start again from zero.
 *
 *   npx tsx tests/bench/simulator-process.ts <tokens> <latencyMs>
 */
import { createInterface } from 'node:readline';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';

const tokens = Number(process.argv[2] ?? 1);
const latencyMs = Number(process.argv[3] ?? 0);
const sim = await startCloudflareSimulator({ latencyMs, zoneAdditionLimit: false, recordQuotas: false });
const account = sim.addAccount({ name: 'Bench' });
// The account holds the quota (as an Enterprise account does), far above any bench zone: the companion
// reads it before writing, and would otherwise plan a new zone on a new Free zone's 200 records.
sim.setAccountRecordQuota(account.id, 10_000_000);
const values = Array.from({ length: tokens }, () => sim.addToken({ accountIds: [account.id] }));
process.stdout.write(`${JSON.stringify({ url: sim.url, accountId: account.id, tokens: values })}\n`);
createInterface({ input: process.stdin }).on('line', () => {
  process.stdout.write(`${JSON.stringify(sim.counters)}\n`);
  sim.resetCounters();
});
