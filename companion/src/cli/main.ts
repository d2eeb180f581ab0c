#!/usr/bin/env node
/**
 * `dnsferry`: the command line over the companion's engine, in this process (no companion needed).
 * Each command builds the body its endpoint takes, parses it with the same contract, and calls the
 * same entry of the operations table as the HTTP app (its limits and fair share with it); only the way
 * the events are shown differs.
 */
import '../memory';
import { sharedAbort } from '../flow/shared-abort';
import { UnreachableError } from '../upstream/unreachable';
import { CliError, EXIT, usageError } from './exit-codes';
import { lineWidth, reflow } from './fit';
import { HELP } from './help';
import { runtime, type Io, type Runtime } from './runtime';

type Command = (rt: Runtime, args: string[]) => Promise<number>;

/** Each command loaded when it runs: `--help` and a usage error answer without loading the engine. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  migrate: () => import('./migrate').then((m) => m.migrateCommand),
  undo: () => import('./undo').then((m) => m.undoCommand),
  check: () => import('./check').then((m) => m.checkCommand),
  scan: () => import('./scan').then((m) => m.scanCommand),
  accounts: () => import('./accounts').then((m) => m.accountsCommand),
  zones: () => import('./zones').then((m) => m.zonesCommand),
};

/** Help reflowed to the terminal's width (no word broken at 80 columns); piped, as written. */
const forTerminal = (out: NodeJS.WriteStream, text: string) => (out.isTTY ? reflow(text, lineWidth(out)) : text);

/** A command's help; own keys only, so `dnsferry constructor` is an unknown command like any other. */
const helpFor = (name: string): string | undefined => (Object.hasOwn(HELP, name) && name !== 'dnsferry' ? HELP[name] : undefined);

/** Exit code of a run stopped by Ctrl-C, as shells report SIGINT (128 + 2). */
const INTERRUPTED = 130;

/** Runs one command; resolves to its exit code, or null when it keeps running (serve). */
async function main(argv: string[], io: Io, signal: AbortSignal, onRuntime: (rt: Runtime) => void): Promise<number | null> {
  const [command, ...args] = argv;
  const helpFlag = (a: string) => a === '--help' || a === '-h';
  if (command === undefined || helpFlag(command) || command === 'help') {
    io.stdout.write(`${forTerminal(io.stdout, helpFor(args[0] ?? 'dnsferry') ?? HELP.dnsferry ?? '')}\n`);
    return EXIT.ok;
  }
  const help = helpFor(command);
  if (!help)
    throw usageError(`unknown command "${command}"; the commands are ${[...Object.keys(COMMANDS), 'serve'].join(', ')} (dnsferry --help)`);
  if (args.some(helpFlag)) {
    io.stdout.write(`${forTerminal(io.stdout, help)}\n`);
    return EXIT.ok;
  }
  if (command === 'serve') {
    if (args.length > 0) throw usageError('serve takes no argument; it is configured by the DNSFERRY_* variables (dnsferry serve --help)');
    // The companion's own entry point: it reads the environment, listens and handles its signals.
    await import('../server');
    return null;
  }
  const rt = runtime(io, { json: args.includes('--json'), signal, atExit });
  onRuntime(rt);
  const load = COMMANDS[command] as () => Promise<Command>;
  const code = await (await load())(rt, args);
  return signal.aborted ? INTERRUPTED : code;
}

// `pnpm dnsferry …` runs in the repository's root; INIT_CWD is the folder it was typed in, where the
// files named on the command line are (npm, pnpm and npx set it; run directly, it is unset).
const cwd = process.env.INIT_CWD || process.cwd();
const io: Io = { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd };
const interrupt = sharedAbort();
const exitHooks = new Set<() => void>();
function atExit(fn: () => void): () => void {
  exitHooks.add(fn);
  return () => exitHooks.delete(fn);
}
process.on('exit', () => {
  for (const fn of exitHooks) {
    try {
      fn();
    } catch (err) {
      io.stderr.write(`dnsferry: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }
});
// `serve` stops on its own terms (server.ts): a companion has no writes in flight to speak of.
if (process.argv[2] !== 'serve')
  process.on('SIGINT', () => {
    if (interrupt.signal.aborted) process.exit(INTERRUPTED);
    io.stderr.write(
      '\ndnsferry: stopping — the writes in flight finish, nothing more is written; running the same command again is safe (Ctrl-C again quits now)\n',
    );
    interrupt.abort();
  });
let rt: Runtime | undefined;
const exit = (code: number) => {
  // Once stdout has taken every line: a pipe's reader gets the whole stream before the exit.
  io.stdout.write('', () => process.exit(code));
};
main(process.argv.slice(2), io, interrupt.signal, (r) => (rt = r)).then(
  (code) => {
    if (code !== null) exit(code);
  },
  (err: unknown) => {
    const scrub = (text: string) => rt?.redactor.scrub(text) ?? text;
    if (err instanceof CliError) {
      io.stderr.write(`${forTerminal(io.stderr, `dnsferry: ${scrub(err.message)}`)}\n`);
      exit(err.exitCode);
    } else if (err instanceof UnreachableError) {
      io.stderr.write(`${forTerminal(io.stderr, `dnsferry: ${scrub(err.message)}`)}\n`);
      exit(EXIT.unreachable);
    } else {
      io.stderr.write(`dnsferry: ${scrub(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`);
      exit(EXIT.failed);
    }
  },
);
