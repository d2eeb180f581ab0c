/**
 * `$GENERATE start-stop[/step] lhs [ttl] [class] type rhs` (BIND's master.c `generate`/`genname`):
 * in `lhs` and `rhs`, `$` is the counter, `${offset,width,base}` formats it (base d, o, x, X, or n/N
 * for reverse nibbles), `$$` is a `$`, and `\$` stays `\$` for the RDATA parser to read as `$`.
 */

/** More than this from one file would freeze a browser tab; BIND has no limit, so it is an issue. */
export const MAX_GENERATED = 100_000;

export interface GenerateRange {
  start: number;
  stop: number;
  step: number;
}

/** `start-stop[/step]` as BIND's `sscanf("%u-%u%1[/]%u")` reads it. */
export function parseRange(token: string): GenerateRange | string {
  const m = /^(\d+)-(\d+)(?:\/(\d+))?$/.exec(token);
  if (!m) return `"${token}" is not a $GENERATE range (start-stop or start-stop/step)`;
  const [start, stop, step] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3])];
  if (start > 0xffffffff || stop > 0xffffffff || step > 0xffffffff) return `the $GENERATE range ${token} is out of range`;
  if (stop < start) return `the $GENERATE range ${token} ends before it starts`;
  if (step === 0) return 'a $GENERATE step is at least 1';
  return { start, stop, step };
}

/** BIND's `nibbles`: the value's hex digits, lowest first, dot-separated; `width` counts digits and dots. */
function nibbles(value: number, width: number, upper: boolean): string {
  const hex = upper ? '0123456789ABCDEF' : '0123456789abcdef';
  let out = '';
  let v = value;
  let w = width;
  do {
    out += hex[v & 0x0f];
    v = Math.floor(v / 16);
    if (w > 0) w--;
    if (w > 0 || v !== 0) {
      out += '.';
      if (w > 0) w--;
    }
  } while (v !== 0 || w > 0);
  return out;
}

function formatted(value: number, width: number, base: string): string {
  if (base === 'n' || base === 'N') return nibbles(value, width, base === 'N');
  const radix = base === 'o' ? 8 : base === 'x' || base === 'X' ? 16 : 10;
  // printf's %x/%o print a negative int as its unsigned 32-bit value; %d keeps the sign
  const digits = (radix === 10 ? Math.abs(value) : value >>> 0).toString(radix);
  const sign = radix === 10 && value < 0 ? '-' : '';
  const text = sign + digits.padStart(Math.max(0, width - sign.length), '0');
  return base === 'X' ? text.toUpperCase() : text;
}

const MODIFIER = /^\{([+-]?\d+)(?:,(\d+)(?:,([doxXnN]))?)?\}/;

/** One side of a `$GENERATE` (owner or rdata) for the counter value `it`. */
export function expandTemplate(template: string, it: number): { text: string } | { error: string } {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c === '\\') {
      out += template.slice(i, i + 2);
      i++;
    } else if (c !== '$') out += c;
    else if (template[i + 1] === '$') {
      out += '$';
      i++;
    } else if (template[i + 1] === '{') {
      const m = MODIFIER.exec(template.slice(i + 1));
      if (!m) return { error: `"${template}": a $GENERATE modifier is written \${offset[,width[,base]]} (base d, o, x, X, n or N)` };
      const width = m[2] === undefined ? 0 : Number(m[2]);
      if (width > 255) return { error: `the $GENERATE width ${width} is too large` };
      out += formatted(it + Number(m[1]), width, m[3] ?? 'd');
      i += m[0].length;
    } else out += String(it);
  }
  return { text: out };
}
