import type { Config } from '../config';

/**
 * What every route receives from buildApp: the configuration and the fetch used for upstream calls.
 * It lives in its own module so that routes (and the source factory they call) do not import app.ts,
 * which imports them.
 */
export type RouteDeps = { config: Config; fetch: typeof fetch };
