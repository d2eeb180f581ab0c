import type { CodeNotice } from './codes';

/** The lines a person reads in the companion's terminal to pair the browser extension. */
export function pairingCodeLines(notice: CodeNotice): string {
  const until = notice.expiresAt.toISOString().slice(11, 16);
  return `dnsferry pairing code: ${notice.code}  (type it in the extension's popup; valid until ${until} UTC, once)\n`;
}
