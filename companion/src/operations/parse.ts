import { z } from 'zod';
import { AppError } from '../errors';
import { sliced, type Slice } from '../flow/fair-share';

/** Parse a body with a shared schema; the first problem becomes a 400 naming its field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalid_request', 'the request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalid(result.error.issues[0], []);
}

/** Arrays longer than this are checked element by element, giving way between them. */
const LONG = 256;

/**
 * The same parse, giving way to other callers: 100,000 records checked at once hold the event loop
 * for a second. The long arrays (a zone's records, an undo's entries) are taken out, the rest of the
 * body is parsed by the schema as a whole, then each element of them by the array's element schema,
 * in slices, and put back. Only arrays whose schema has no rule of its own (no min/max) are taken
 * out, and a refinement above one sees it empty while the body is checked, so none may look into one.
 */
export async function parseBodySliced<S extends z.ZodType>(schema: S, body: unknown, slice: Slice): Promise<z.output<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalid_request', 'the request body must be a JSON object');
  }
  const long: LongArray[] = [];
  await sliced(takingOut(schema, body, [], long), slice);
  const result = schema.safeParse(body);
  if (!result.success) throw invalid(result.error.issues[0], []);
  for (const at of long) {
    const items = await sliced(checking(at), slice);
    putBack(result.data, at.path, items);
  }
  return result.data;
}

interface LongArray {
  path: Array<string | number>;
  items: unknown[];
  element: z.ZodType;
}

/** Finds the long arrays the schema allows to be checked alone, and leaves them empty in the body. */
function* takingOut(schema: z.ZodType, value: unknown, path: Array<string | number>, long: LongArray[]): Generator<void> {
  const inner = schema instanceof z.ZodOptional || schema instanceof z.ZodNullable ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodObject && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const fields = value as Record<string, unknown>;
    const shape: Record<string, z.ZodType> = inner.shape;
    for (const [key, field] of Object.entries(shape)) {
      if (Object.hasOwn(fields, key)) yield* takingOut(field, fields[key], [...path, key], long);
    }
  } else if (inner instanceof z.ZodDiscriminatedUnion && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    // the member the value names (a zone's `from`), looked into as an object is
    const member = memberNamed(inner, value as Record<string, unknown>);
    if (member) yield* takingOut(member, value, path, long);
  } else if (inner instanceof z.ZodArray && Array.isArray(value)) {
    const element = inner.element as z.ZodType;
    if (value.length > LONG && (inner._zod.def.checks ?? []).length === 0) {
      long.push({ path, items: value.splice(0), element });
      return;
    }
    for (const [i, item] of value.entries()) {
      if (i % LONG === LONG - 1) yield;
      yield* takingOut(element, item, [...path, i], long);
    }
  }
}

/** The object member of a discriminated union whose discriminator the value gives, if one does. */
function memberNamed(union: z.ZodDiscriminatedUnion, value: Record<string, unknown>): z.ZodObject | undefined {
  const key = union._zod.def.discriminator;
  for (const option of union._zod.def.options) {
    if (!(option instanceof z.ZodObject)) continue;
    const tag: unknown = option.shape[key];
    if (tag instanceof z.ZodLiteral && tag.values.has(value[key] as z.core.util.Literal)) return option;
  }
  return undefined;
}

function* checking({ path, items, element }: LongArray): Generator<void, unknown[]> {
  const out: unknown[] = [];
  for (const [i, item] of items.entries()) {
    if (i % LONG === LONG - 1) yield;
    const result = element.safeParse(item);
    if (!result.success) throw invalid(result.error.issues[0], [...path, i]);
    out.push(result.data);
  }
  return out;
}

function putBack(data: unknown, path: Array<string | number>, items: unknown[]): void {
  let holder = data as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  holder[path.at(-1) as string | number] = items;
}

function invalid(issue: z.core.$ZodIssue | undefined, prefix: Array<string | number>): AppError {
  const path = [...prefix, ...(issue?.path ?? [])];
  const field = path.length > 0 ? path.map(String).join('.') : undefined;
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'invalid request';
  return new AppError('invalid_request', message, field);
}
