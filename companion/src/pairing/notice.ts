import type { CodeNotice, CodeReason } from './codes';

const WHY: Record<CodeReason, string | null> = {
  start: null,
  paired: 'The last code paired a browser; this one pairs the next.',
  asked: 'A new code, as asked; the last one no longer pairs.',
  expired: 'The last code expired.',
  guessed: 'Many wrong codes were tried (by another program on this computer?), so this code is longer.',
};

/** The widest line of text inside the frame: the frame then fits an 80-column terminal. */
const TEXT_WIDTH = 76;

/** `text` cut into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/**
 * The lines a person reads in the companion's terminal to pair the browser extension: framed, on
 * their own, so the code stands apart from the log lines around it, and no wider than 80 columns.
 */
export function pairingCodeLines(notice: CodeNotice): string {
  const until = notice.expiresAt.toISOString().slice(11, 16);
  const why = WHY[notice.why];
  const text = [
    `dnsferry pairing code: ${notice.code}`,
    `Type it in the extension's popup; valid until ${until} UTC, once.`,
    ...(why ? [why] : []),
    'Another code, for another browser: press Enter here (or send SIGUSR2).',
  ].flatMap((l) => wrap(l, TEXT_WIDTH));
  const width = Math.max(...text.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...text.map((l) => `| ${l.padEnd(width)} |`), rule, ''].join('\n') + '\n';
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
