/**
 * Values that arrive on their own time (calls settling, the steps of generators running at once), read
 * in order of arrival by one reader that waits only when none is there. The wait is one promise, woken
 * by the next arrival: a race of everything in flight would leave a reaction on each until it settled
 * (half a kilobyte held per race while a zone's write waits minutes).
 */
export class Inbox<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | null = null;

  put(item: T): void {
    this.items.push(item);
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** The oldest item, at once when one is there (no turn of the event loop), else once one arrives. */
  take(): T | Promise<T> {
    if (this.items.length > 0) return this.items.shift() as T;
    return new Promise<T>((resolve) => {
      this.wake = () => resolve(this.items.shift() as T);
    });
  }
}
