import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@dnsferry/shared';

/** An error that becomes a JSON error body (or, inside a stream, an `error` event). */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { success: false, error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

/** Why an upstream call failed; decides the status we answer with and whether a retry can help. */
export type UpstreamCause = 'auth' | 'permission' | 'rate_limit' | 'not_found' | 'conflict' | 'invalid' | 'upstream' | 'timeout';

const CAUSE_CODE: Record<UpstreamCause, ErrorCode> = {
  auth: 'unauthorized',
  permission: 'forbidden',
  rate_limit: 'rate_limited',
  not_found: 'not_found',
  conflict: 'invalid_request',
  invalid: 'invalid_request',
  upstream: 'upstream',
  timeout: 'upstream_timeout',
};

/** A provider's error with the provider's own code and message kept, e.g. "Cloudflare 81058: An identical record already exists." */
export class UpstreamError extends AppError {
  constructor(
    readonly provider: string,
    readonly kind: UpstreamCause,
    readonly upstreamCode: number | string | undefined,
    readonly upstreamMessage: string,
    readonly httpStatus?: number,
  ) {
    super(CAUSE_CODE[kind], `${provider}${upstreamCode !== undefined ? ` ${upstreamCode}` : ''}: ${upstreamMessage}`);
    this.name = 'UpstreamError';
  }
}

export function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'ABORT_ERR');
}
