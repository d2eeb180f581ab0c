/*
 * The background's keep-alive: while a job runs, an extension API call now and then keeps Chrome from
 * stopping the service worker; the runner tracks each job it starts here.
 */

/**
 * Chrome stops an extension's service worker after 30 s without an extension API call, even with a
 * stream open; a call every 20 s keeps it alive while a job runs, and lets it sleep once none does.
 */
export const KEEP_ALIVE_MS = 20_000;

/** The jobs in flight: the background stays awake while there are any, and can wait until there are none. */
export interface JobTracker {
  track(job: Promise<void>): void;
  /** Resolves when no job is running, including jobs started while it waits. */
  idle(): Promise<void>;
}

export function createJobTracker(keepAlive?: () => void): JobTracker {
  const running = new Set<Promise<void>>();
  let timer: ReturnType<typeof setInterval> | null = null;

  return {
    track(job) {
      running.add(job);
      if (!timer && keepAlive) {
        keepAlive();
        timer = setInterval(() => keepAlive(), KEEP_ALIVE_MS);
      }
      const ended = () => {
        running.delete(job);
        if (running.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
      // a job reports its own failure in its state; a rejection must still end it here, and not
      // surface as an unhandled rejection in the worker
      job.then(ended, ended);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
