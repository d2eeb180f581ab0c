import type { CodeNotice } from './codes';

/** The lines a person reads in the companion's terminal to pair the browser extension. */
export function pairingCodeLines(notice: CodeNotice): string {
  const until = notice.expiresAt.toISOString().slice(11, 16);
  return `dnsferry pairing code: ${notice.code}  (type it in the extension's popup; valid until ${until} UTC, once)\n`;
}

/**
 * Codes wait until the companion holds its port on every address: a code shown before that could be
 * typed into a browser that reaches whoever holds the port (and then proves itself with that code).
 * If the companion never starts, no code is ever shown.
 */
export function codesAfterListening(show: (notice: CodeNotice) => void): { onCode: (notice: CodeNotice) => void; listening: () => void } {
  let waiting: CodeNotice | null = null;
  let open = false;
  return {
    onCode(notice) {
      if (open) show(notice);
      else waiting = notice; // a later code replaces one never shown
    },
    listening() {
      open = true;
      if (waiting) show(waiting);
      waiting = null;
    },
  };
}
