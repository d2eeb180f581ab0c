import { Writable } from 'node:stream';
import { styleText } from 'node:util';
import type { LogFormat } from './config';

/**
 * The companion's log as a person reads it in its terminal: one short line per event
 * (`14:05:09  POST /api/migrate  200  1.4 s`), the request's two JSON lines (incoming, completed)
 * made one, warnings and errors marked. It reads the JSON lines the logger writes, after redaction, so
 * it shows nothing the JSON would not; and it prints only chosen fields (message, method, path,
 * status, the error's message), never a body. Written here rather than with pino-pretty, which
 * prints each JSON line on its own and so would print two lines per request, or their objects whole.
 */

/** pino's numbers for its levels, and the word shown for the ones a person should notice. */
const LEVELS: Record<number, string> = { 40: 'warning', 50: 'error', 60: 'fatal' };

/** Requests seen starting and not yet completed; a client that never finishes must not grow this. */
const PENDING_MAX = 1000;

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
  [field: string]: unknown;
}

/** Fields every line has, or that the formats above already show. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

export interface LogLinesOptions {
  /** Colours (a terminal that wants them); the words say the same without. */
  color: boolean;
  /** The terminal's width when the lines go to one (asked for each line: a window can be resized). */
  width?: () => number | undefined;
  /** The clock's time zone offset is the machine's; tests give their own formatter. */
  clock?: (time: number) => string;
}

const localClock = (time: number) => new Date(time).toTimeString().slice(0, 8);

/** `HH:MM:SS` and two spaces: where the text of every line starts. */
const TIME_COLUMN = 10;

// eslint-disable-next-line no-control-regex
const visibleLength = (text: string) => [...text.replace(/\x1b\[[0-9;]*m/g, '')].length;

/** `text` in lines of at most `width` visible columns (colours not counted), broken at spaces. */
function wrapVisible(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && visibleLength(candidate) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  return [...lines, line];
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A short `key value` for each field a line carries besides the usual ones (an address, a proxy). */
function extras(line: LogLine): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(line)) {
    if (SHOWN.has(key) || value === undefined) continue;
    const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
    parts.push(`${key} ${text}`);
  }
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/** Formats JSON log lines into lines a person reads; a line that is not JSON passes through unchanged. */
export class LogLines {
  private readonly pending = new Map<string, string>();
  private readonly clock: (time: number) => string;

  constructor(private readonly opts: LogLinesOptions) {
    this.clock = opts.clock ?? localClock;
  }

  /** The line to print for one JSON log line, or null when it prints nothing yet (a request that started). */
  format(json: string, width?: number): string | null {
    let line: LogLine;
    try {
      line = JSON.parse(json) as LogLine;
    } catch (err) {
      // Not the logger's JSON (a stray write): shown as it came, so nothing is lost.
      void err;
      return json;
    }
    if (typeof line !== 'object' || line === null) return json;
    const request = line.reqId !== undefined ? this.pending.get(line.reqId) : undefined;
    if (line.msg === 'incoming request' && line.reqId !== undefined) {
      if (this.pending.size >= PENDING_MAX) this.pending.delete(this.pending.keys().next().value ?? '');
      this.pending.set(line.reqId, `${line.req?.method ?? '?'} ${line.req?.url ?? '?'}`);
      return null;
    }
    let text: string;
    if (line.msg === 'request completed' && line.reqId !== undefined) {
      this.pending.delete(line.reqId);
      const status = line.res?.statusCode ?? 0;
      const took = typeof line.responseTime === 'number' ? `  ${seconds(line.responseTime)}` : '';
      text = `${request ?? line.reqId}  ${this.status(status)}${took}`;
    } else {
      const error = line.err?.message ? `: ${line.err.message}` : '';
      text = `${request ? `${request}  ` : ''}${line.msg ?? ''}${error}${extras(line)}`;
    }
    const label = LEVELS[line.level ?? 30];
    const time = typeof line.time === 'number' ? this.paint('dim', this.clock(line.time)) : '';
    const level = label ? `${this.paint(label === 'warning' ? 'yellow' : 'red', label)}  ` : '';
    const body = `${level}${oneLine(text)}`;
    if (width === undefined || !time) return `${time}  ${body}`;
    // Wrapped at spaces under the text, the time alone in its column: a terminal breaks no word.
    const [first = '', ...rest] = wrapVisible(body, width - TIME_COLUMN);
    return [`${time}  ${first}`, ...rest.map((l) => `${' '.repeat(TIME_COLUMN)}${l}`)].join('\n');
  }

  private status(code: number): string {
    return this.paint(code >= 500 ? 'red' : code >= 400 ? 'yellow' : 'green', String(code));
  }

  private paint(style: 'dim' | 'red' | 'yellow' | 'green', text: string): string {
    return this.opts.color ? styleText(style, text) : text;
  }
}

/**
 * A stream for the logger's `stream` option: JSON lines in, readable lines out to `out`. pino writes
 * one whole line per call, but a line split over two writes is put back together.
 */
export function logLinesStream(out: NodeJS.WritableStream, opts: LogLinesOptions): Writable {
  const lines = new LogLines(opts);
  let partial = '';
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      const text = partial + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      const shown = parts.flatMap((json) => {
        const columns = opts.width?.();
        const line = json.trim() === '' ? null : lines.format(json, columns === undefined ? undefined : columns - 1);
        return line === null ? [] : [`${line}\n`];
      });
      if (shown.length === 0) done();
      else out.write(shown.join(''), () => done());
    },
  });
}

/**
 * The stream the companion started from a shell logs to: readable lines on `out` when the format asks
 * for them (`pretty`, or `auto` on a terminal), fitted to its width; undefined leaves pino's JSON lines.
 */
export function terminalLogStream(format: LogFormat, out: NodeJS.WriteStream = process.stdout): Writable | undefined {
  if (format !== 'pretty' && !(format === 'auto' && out.isTTY)) return undefined;
  return logLinesStream(out, {
    color: out.isTTY && out.hasColors(),
    width: () => (out.isTTY && out.columns > 0 ? out.columns : undefined),
  });
}
