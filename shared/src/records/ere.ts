/**
 * Whether a POSIX extended regular expression (a NAPTR regexp's first part, RFC 3403 §3.2) is one BIND
 * accepts, and how many groups it has: null when BIND refuses it. The rules are BIND's, checked line by
 * line against named-compilezone: a repetition (`*`, `+`, `?`, `{n,m}`) needs something before it and
 * cannot follow another one or an anchor; a bound is digits up to 255, the lower not above the upper;
 * no empty alternative; groups and brackets closed; a bracket's classes known and its ranges in order.
 */
export function ereGroups(ere: string): number | null {
  if (ere === '') return null;
  let groups = 0;
  let open = 0;
  /** Something a repetition can apply to was just read; the last thing read was a repetition or an anchor. */
  let atom = false;
  let repeated = false;
  /** A group was just opened: `()` is allowed, `(|` is not. */
  let emptyOk = false;
  for (let i = 0; i < ere.length; i++) {
    const c = ere[i] as string;
    if (c === '\\') {
      const next = ere[++i];
      if (next === undefined) return null;
      if (next >= '1' && next <= '9' && Number(next) > groups) return null;
      [atom, repeated] = [true, false];
    } else if (c === '[') {
      const end = bracketEnd(ere, i + 1);
      if (end < 0) return null;
      i = end;
      [atom, repeated] = [true, false];
    } else if (c === '{' && /\d/.test(ere[i + 1] ?? '')) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(ere.slice(i));
      if (!m || !atom || repeated) return null;
      const [low, high] = [Number(m[1]), m[3] ? Number(m[3]) : null];
      if (low > 255 || (high !== null && (high > 255 || low > high))) return null;
      i += m[0].length - 1;
      [atom, repeated] = [true, true];
    } else if (c === '(') {
      groups++;
      open++;
      [atom, repeated, emptyOk] = [false, false, true];
    } else if (c === ')') {
      if (open > 0 && !atom && !emptyOk) return null;
      if (open > 0) open--;
      [atom, repeated] = [true, false];
    } else if (c === '|') {
      if (!atom) return null;
      [atom, repeated, emptyOk] = [false, false, false];
    } else if (c === '^' || c === '$') [atom, repeated] = [true, true];
    else if (c === '*' || c === '+' || c === '?') {
      if (!atom || repeated) return null;
      repeated = true;
    } else [atom, repeated] = [true, false];
  }
  return open === 0 && atom ? groups : null;
}

const CLASSES = new Set(['alnum', 'digit', 'punct', 'alpha', 'graph', 'space', 'blank', 'lower', 'upper', 'cntrl', 'print', 'xdigit']);

/** The index of the `]` that closes the bracket expression opened before `from`; -1 when it is not valid. */
function bracketEnd(ere: string, from: number): number {
  let i = from;
  if (ere[i] === '^') i++;
  if (ere[i] === ']') i++; // a `]` first is a member
  let previous = -1;
  for (; i < ere.length; i++) {
    const c = ere[i] as string;
    if (c === ']') return i;
    if (c === '[' && (ere[i + 1] === ':' || ere[i + 1] === '.' || ere[i + 1] === '=')) {
      const kind = ere[i + 1] as string;
      const close = ere.indexOf(`${kind}]`, i + 2);
      if (close < 0 || close === i + 2) return -1;
      if (kind === ':' && !CLASSES.has(ere.slice(i + 2, close))) return -1;
      previous = kind === '.' && close === i + 3 ? ere.charCodeAt(i + 2) : -1;
      i = close + 1;
      continue;
    }
    if (c === '-' && previous >= 0 && ere[i + 1] !== undefined && ere[i + 1] !== ']') {
      if (ere.charCodeAt(i + 1) < previous) return -1;
      previous = -1;
      i++;
      continue;
    }
    previous = ere.charCodeAt(i);
  }
  return -1;
}
