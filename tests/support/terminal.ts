import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * A command run in a pseudo-terminal (util-linux `script`), as a person runs it at a terminal of
 * `columns` × 40: what it drew, escape codes included, what they type, and how it ended. The
 * terminal's own keys apply (Ctrl+C raises SIGINT in the foreground process group unless the program
 * reads keys itself).
 */
export function inTerminal(command: string, opts: { cwd?: string; env: Record<string, string>; columns?: number }) {
  const child = spawn('script', ['-qfec', `stty cols ${opts.columns ?? 80} rows 40 && ${command}`, '/dev/null'], {
    cwd: opts.cwd,
    env: { TERM: 'xterm-256color', ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // 'close', not 'exit': the last output may still be on its way when the process has exited.
  const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
  return {
    get output() {
      return output;
    },
    /** What it drew without colours, and with the terminal's CR LF as LF. */
    get plain() {
      // eslint-disable-next-line no-control-regex
      return output.replace(/\x1b\[[0-9;]*m/g, '').replace(/\r\n/g, '\n');
    },
    /** Resolves once `pattern` shows on the terminal (fails when the program ends first). */
    seen(pattern: RegExp): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(output);
          if (m) {
            child.stdout.off('data', check);
            resolve(m);
          }
          return m !== null;
        };
        if (check()) return;
        child.stdout.on('data', check);
        void exited.then(() => check() || reject(new Error(`ended before ${pattern}:\n${output}`)));
      });
    },
    /** Keys typed at the terminal (`\x03` is Ctrl+C). */
    type(keys: string): void {
      child.stdin.write(keys);
    },
    exited,
    kill: () => child.kill('SIGKILL'),
  };
}
