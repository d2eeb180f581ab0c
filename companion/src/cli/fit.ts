/**
 * Text that fits a terminal's width. A line longer than the terminal is broken by the terminal (or by
 * log-update, at exactly the last column), often mid-word; so every line is made to fit before it is
 * drawn: cut at a space, wrapped at spaces, or with its least needed parts left out.
 */

/** The columns a line may take on `out`: its width less one (a line that reaches the last column makes some terminals wrap). */
export const lineWidth = (out: { columns?: number }): number => (out.columns || 80) - 1;

/** Columns a string takes: one per code point (what dnsferry prints has no wide characters). */
export const columnsOf = (text: string): number => [...text].length;

/** `text` cut to at most `width` columns at a space, ending in `…` when something was left out. */
export function cut(text: string, width: number): string {
  if (columnsOf(text) <= width) return text;
  const chars = [...text].slice(0, Math.max(0, width - 1));
  const space = chars.lastIndexOf(' ');
  // A single word longer than the line is cut where it must be; otherwise at the last space.
  const kept = space > 0 ? chars.slice(0, space) : chars;
  return `${kept.join('').trimEnd()}…`;
}

/** `text` in lines of at most `width` columns, broken at spaces (a word longer than a line is cut). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (word === '') continue;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (columnsOf(candidate) <= width) line = candidate;
    else {
      if (line !== '') lines.push(line);
      line = columnsOf(word) <= width ? word : cut(word, width);
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** One part of a line, and how much it is needed: the least needed go first when the line is too long. */
export interface Part {
  text: string;
  need: number;
}

/**
 * `head` followed by as many of `parts` as fit in `width`, joined by ` · ` in their order; the least
 * needed are left out first. What still does not fit is cut at a space.
 */
export function fitParts(head: string, parts: Part[], width: number, separator = '  '): string {
  const kept = [...parts];
  const line = () => (kept.length > 0 ? `${head}${separator}${kept.map((p) => p.text).join(' · ')}` : head);
  while (kept.length > 1 && columnsOf(line()) > width) {
    const least = kept.reduce((min, p, i) => (p.need < (kept[min]?.need ?? Infinity) ? i : min), 0);
    kept.splice(least, 1);
  }
  return cut(line(), width);
}

/**
 * `head` followed by `text` wrapped in a hanging column: the following lines start under the text.
 * When the head takes more than half the width, the text starts on the next line, indented 4.
 */
export function hanging(head: string, text: string, width: number): string[] {
  const room = width - columnsOf(head);
  if (columnsOf(head) <= width / 2) {
    const [first = '', ...rest] = wrap(text, room);
    return [`${head}${first}`.trimEnd(), ...rest.map((line) => `${' '.repeat(columnsOf(head))}${line}`)];
  }
  return [cut(head.trimEnd(), width), ...wrap(text, width - 4).map((line) => `    ${line}`)];
}

/**
 * Text written for a wide window, reflowed for a terminal of `width` columns. A paragraph (lines that
 * start at the margin, up to a blank or indented line) with a line too long is wrapped again as a
 * whole; an indented line too long is wrapped under its text, after a first column that ends in two
 * spaces (`  migrate ZONE…     copy a zone's records`), or else 4 columns further in.
 */
export function reflow(text: string, width: number): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.some((l) => columnsOf(l) > width)) out.push(...wrap(paragraph.join(' '), width));
    else out.push(...paragraph);
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (line !== '' && !/^\s/.test(line)) {
      paragraph.push(line);
      continue;
    }
    flush();
    if (columnsOf(line) <= width) {
      out.push(line);
      continue;
    }
    const column = /^(\s*\S.*?\s{2,})(\S.*)$/.exec(line);
    if (column?.[1] && column[2] && columnsOf(column[1]) <= width / 2) out.push(...hanging(column[1], column[2], width));
    else {
      // A command in an example goes on indented further, so it does not read as a second command.
      const indent = /^\s*/.exec(line)?.[0] ?? '';
      const [first = '', ...rest] = wrap(line.slice(indent.length), width - indent.length - 4);
      out.push(`${indent}${first}`, ...rest.map((l) => `${indent}    ${l}`));
    }
  }
  flush();
  return out.join('\n');
}
