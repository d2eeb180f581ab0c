import { AppError } from '../errors';
import { usageError } from './exit-codes';
import type { Runtime } from './runtime';

/**
 * Runs the checks an endpoint runs on a body (the contract's schema, the operation's limits, the source credentials):
 * what they refuse with a 400 or 413 is, on the command line, a usage error (exit 2) with the same sentence.
 */
export function asUsage<T>(rt: Runtime, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof AppError) throw usageError(rt.redactor.scrub(err.message));
    throw err;
  }
}
