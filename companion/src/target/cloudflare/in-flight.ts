/**
 * At most `limit` requests to the target at once for one request's token, whatever asks: the batches
 * of a zone and the zones of a request share them. A permit is held only for the HTTP exchange itself
 * (never across a retry's wait for a list), so nothing can wait on itself.
 */
export class InFlight {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(limit: number) {
    this.free = Math.max(1, limit);
  }

  async acquire(signal: AbortSignal): Promise<() => void> {
    if (this.free > 0) {
      this.free--;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next)
        next(); // the permit passes straight on
      else this.free++;
    };
  }
}
