import { describe, expect, it } from 'vitest';
import { result, startClient } from './helpers';

describe('zone additions per account', () => {
  it('adds 25 zones every 10 minutes, as documented; the 26th waits with a Retry-After of when a place frees', async () => {
    let t = 5_000_000;
    const c = await startClient({ now: () => t });
    try {
      const add = (name: string, accountId = c.seed.accountId) => c.call('POST', '/zones', { name, account: { id: accountId } });
      for (let i = 0; i < 25; i++) {
        result(await add(`added${i}.com`));
        t += 10_000; // one every 10 s: the first leaves the window at 600 s
      }
      const refused = await c.fail(429, 971, 'POST', '/zones', { name: 'added25.com', account: { id: c.seed.accountId } });
      // the first addition was at 5,000,000; now is 5,250,000: it leaves the window in 350 s
      expect(refused.headers.get('retry-after')).toBe('350');
      expect(c.sim.zoneByName('added25.com')).toBeUndefined();
      // another account has its own window
      result(await add('other-account.com', c.seed.accounts[1]?.id));
      t += 350_000;
      result(await add('added25.com'));
    } finally {
      await c.close();
    }
  });
});
