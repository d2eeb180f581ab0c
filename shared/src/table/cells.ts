import type { TableSeparator } from './schema';

/**
 * One line's cells, for the separator its table's header row uses; null when a comma-separated line
 * has a quote that is not closed (its cell goes on in the next line). With `columns`, the last column
 * takes the rest of the line as written: a value with tabs or wide spaces in it stays one value.
 */
export function splitCells(line: string, separator: TableSeparator, columns?: number): string[] | null {
  if (separator === 'comma') return splitCsv(line);
  const gap = separator === 'tab' ? /\t/g : / {2,}|\t+/g;
  const cells: string[] = [];
  let from = 0;
  const text = separator === 'tab' ? line : line.trim();
  for (const m of text.matchAll(gap)) {
    if (columns !== undefined && cells.length === columns - 1) break;
    cells.push(text.slice(from, m.index));
    from = (m.index ?? 0) + m[0].length;
  }
  cells.push(text.slice(from));
  return cells.map((c) => c.trim());
}

/** RFC 4180: `,` between cells, `"…"` around a cell that holds one, `""` for a quote inside it. */
function splitCsv(line: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (c === ',') {
      cells.push(wasQuoted ? cell : cell.trim());
      cell = '';
      wasQuoted = false;
    } else if (!(wasQuoted && (c === ' ' || c === '\t'))) cell += c;
  }
  if (quoted) return null;
  cells.push(wasQuoted ? cell : cell.trim());
  return cells;
}

/** Where each heading of a space-aligned header row starts. */
export function headingStarts(header: string): number[] {
  const starts: number[] = [];
  const re = /\S+(?: \S+)*/g;
  for (const m of header.matchAll(re)) starts.push(m.index ?? 0);
  return starts;
}

/**
 * A space-aligned row cut at the header's heading positions, so an empty cell keeps its place; null
 * when a cut would fall inside a word (the row is not aligned with its header).
 */
export function splitAtColumns(line: string, starts: readonly number[]): string[] | null {
  for (const p of starts.slice(1)) if (p < line.length && line[p - 1] !== ' ') return null;
  return starts.map((p, i) => line.slice(p, starts[i + 1] ?? line.length).trim());
}
