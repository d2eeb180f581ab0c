import { describe, expect, it } from 'vitest';
import { Inbox } from '@dnsferry/companion/flow/inbox';

describe('Inbox', () => {
  it('hands over what is there at once, oldest first, without a promise', () => {
    const inbox = new Inbox<string>();
    inbox.put('a');
    inbox.put('b');
    expect(inbox.take()).toBe('a');
    expect(inbox.take()).toBe('b');
    expect(inbox.take()).toBeInstanceOf(Promise);
  });

  it('wakes a waiting reader with the next arrival; what arrives meanwhile waits its turn', async () => {
    const inbox = new Inbox<number>();
    const first = inbox.take();
    let got: number | undefined;
    void Promise.resolve(first).then((n) => (got = n));
    await Promise.resolve();
    expect(got).toBeUndefined();
    inbox.put(1);
    inbox.put(2);
    expect(await first).toBe(1);
    expect(got).toBe(1);
    expect(inbox.take()).toBe(2);
  });

  it('a reader that waits again is woken by the next arrival, not an earlier one', async () => {
    const inbox = new Inbox<number>();
    const first = inbox.take();
    inbox.put(1);
    expect(await first).toBe(1);
    const second = inbox.take();
    expect(second).toBeInstanceOf(Promise);
    inbox.put(2);
    expect(await second).toBe(2);
  });
});
