import { loadConfig, type Config } from '../config';
import { upstreamFetch } from '../upstream/proxy';
import { UnreachableError } from '../upstream/unreachable';
import { Redactor } from '../redactor';
import { usageError } from './exit-codes';

/** Where a command reads and writes; main.ts gives it the process's, a test could give its own. */
export interface Io {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  cwd: string;
}

/** What every command runs with: the companion's configuration, its fetch, and what must not be printed. */
export interface Runtime extends Io {
  config: Config;
  fetch: typeof fetch;
  /** Aborted by Ctrl-C: a migration finishes the write in flight and writes nothing more. */
  signal: AbortSignal;
  /** Holds every credential the command was given: whatever it prints goes through it. */
  redactor: Redactor;
  /** True once an upstream could not be reached (exit code 3 rather than 1). */
  unreachable(): boolean;
  /** Events as NDJSON (piped, or --json) rather than drawn for a person. */
  json: boolean;
  /**
   * Runs `fn` when the process exits, however it exits (a second Ctrl-C quits at once): for what must
   * not be lost, done without waiting. Returns what takes it back.
   */
  atExit(fn: () => void): () => void;
}

/**
 * The same configuration as the companion (DNSFERRY_* base URLs, limits, HTTPS_PROXY/NO_PROXY) and the
 * same fetch, which notes when an upstream could not be reached so the exit code can say so.
 */
export function runtime(io: Io, opts: { json: boolean; signal: AbortSignal; atExit: Runtime['atExit'] }): Runtime {
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    throw usageError((err as Error).message);
  }
  let unreachable = false;
  const upstream = upstreamFetch(config.proxy);
  const noting: typeof fetch = async (input, init) => {
    try {
      return await upstream(input, init);
    } catch (err) {
      if (err instanceof UnreachableError) unreachable = true;
      throw err;
    }
  };
  return {
    ...io,
    config,
    fetch: noting,
    signal: opts.signal,
    redactor: new Redactor(),
    unreachable: () => unreachable,
    json: opts.json || !io.stdout.isTTY,
    atExit: opts.atExit,
  };
}
