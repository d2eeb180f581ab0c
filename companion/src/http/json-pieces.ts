/** An array at least this long is written a slice of this many elements at a time. */
const LONG = 512;
/** How deep through plain objects a long array is looked for (a zone's undo data: `result.undo.created`). */
const DEPTH = 4;

type Plain = Record<string, unknown>;

/** An object JSON.stringify writes as its own enumerable properties: no `toJSON`, no class of its own. */
function isPlain(value: unknown): value is Plain {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as Plain).toJSON !== 'function';
}

/**
 * Whether `value` holds an array of at least `LONG` elements, reached through plain objects only.
 * Only what a zone's last event can carry (the undo data of every record written) is that long; the
 * hundred thousand events of one record each look at a dozen fields and are written whole.
 */
export function holdsLongArray(value: unknown, depth = DEPTH): boolean {
  if (Array.isArray(value)) return value.length >= LONG;
  if (depth === 0 || !isPlain(value)) return false;
  for (const key in value) if (holdsLongArray(value[key], depth - 1)) return true;
  return false;
}

/**
 * `JSON.stringify(value)`, character for character, in pieces: the long arrays a slice at a time. A
 * zone of 50,000 records written ends with an event of 7 MB; as one string, and again as the bytes
 * the socket is handed, it was the peak of the companion's memory for the whole migration.
 */
export function* jsonPieces(value: unknown, depth = DEPTH): Generator<string> {
  if (Array.isArray(value) && value.length >= LONG) {
    yield '[';
    for (let start = 0; start < value.length; start += LONG) {
      const end = Math.min(value.length, start + LONG);
      let slice = start === 0 ? '' : ',';
      for (let i = start; i < end; i++) slice += `${i === start ? '' : ','}${(JSON.stringify(value[i]) as string | undefined) ?? 'null'}`;
      yield slice;
    }
    yield ']';
    return;
  }
  if (depth === 0 || !isPlain(value) || !holdsLongArray(value, depth)) {
    yield JSON.stringify(value);
    return;
  }
  let sep = '{';
  for (const key of Object.keys(value)) {
    const field = value[key];
    // what JSON.stringify leaves out of an object
    if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
    yield `${sep}${JSON.stringify(key)}:`;
    yield* jsonPieces(field, depth - 1);
    sep = ',';
  }
  yield sep === '{' ? '{}' : '}';
}
