import { createLogUpdate } from 'log-update';

/**
 * A block of the terminal redrawn in place, by log-update (it erases and rewrites the lines; nothing
 * here writes an escape code). log-update fits each frame to the stream's rows and columns; a
 * terminal that reports 0 × 0 (a pseudo-terminal nobody sized) would show nothing, so those get 80 × 24.
 */
export function liveArea(out: NodeJS.WriteStream) {
  const sized = {
    isTTY: true,
    get columns() {
      return out.columns || 80;
    },
    get rows() {
      return out.rows || 24;
    },
    write: (chunk: string) => out.write(chunk),
  };
  return createLogUpdate(sized as unknown as NodeJS.WriteStream);
}
