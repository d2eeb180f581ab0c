/**
 * The keys a person presses in the companion's terminal: Enter for a new pairing code, Ctrl+C (or
 * Ctrl+D, Ctrl+\) to stop.
 *
 * The terminal is put in raw mode, so Ctrl+C arrives here as a key rather than as a SIGINT to the
 * whole foreground process group. With the signal, the programs that started the companion die of it
 * while the companion is still closing: `pnpm start` printed "ELIFECYCLE Command failed" and npx
 * exited 130, although the companion itself stopped cleanly. Read as a key, only the companion acts:
 * it closes, exits 0, and every program above it exits 0 after it. Node puts the terminal back as it
 * was when the process exits.
 */

const STOP_KEYS = new Set(['\x03', '\x04', '\x1c']);

/** Listens to the keys of `stdin` when it is a terminal; returns false (and does nothing) when it is not. */
export function listenToKeys(stdin: NodeJS.ReadStream, keys: { enter(): void; stop(): void }): boolean {
  if (!stdin.isTTY) return false;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.on('data', (typed: string) => {
    // A paste or a fast typist can bring several keys at once.
    for (const key of typed) {
      if (STOP_KEYS.has(key)) return keys.stop();
      if (key === '\r' || key === '\n') keys.enter();
    }
  });
  return true;
}
