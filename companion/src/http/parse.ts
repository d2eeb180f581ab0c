import type { z } from 'zod';
import { AppError } from '../errors';

/** Parse a body with a shared schema; the first problem becomes a 400 naming its field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalid_request', 'the request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'invalid request';
  throw new AppError('invalid_request', message, field);
}
