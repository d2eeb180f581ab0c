import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { API, ENDPOINTS, type Api } from '@dnsferry/shared';
import type { Config } from './config';
import { AppError } from './errors';
import { registerGuard } from './http/guard';
import { readJsonBody } from './http/json-body';
import { createPairing } from './pairing/pairing';
import type { CodeNotice } from './pairing/codes';
import { clientErrorHandler, frameworkErrorHandler } from './http/client-error';
import { upstreamFetch } from './upstream/proxy';
import { CREDENTIAL_FIELDS, redactorFor, scrubbedError } from './redactor';
import { serve } from './http/endpoint';
import { OPERATIONS } from './operations/index';
import type { AppDeps } from './operations/operation';

/** Request body fields that hold credentials; the logger never prints them (listed with the scrubber). */
export { CREDENTIAL_FIELDS };

export interface AppOptions {
  /** Where log lines go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /** Replaces the global fetch for upstream calls (never used to pick a URL). */
  fetch?: typeof fetch;
  /** Shows each new pairing code to the person running the companion (never through the log). */
  onPairingCode?: (notice: CodeNotice) => void;
  /** Receives the function that shows a fresh pairing code, for the person who asks for one. */
  askForCodes?: (newCode: () => void) => void;
}

export function buildApp(config: Config, options: AppOptions = {}): FastifyInstance {
  const logger: FastifyServerOptions['logger'] = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...CREDENTIAL_FIELDS.flatMap((f) => [f, `*.${f}`, `body.${f}`, `err.${f}`]),
        'body.zones[*].axfr.tsig.secret',
        'body.zones[*].cloudflare.token',
        'body.zones[*].from.tsig.secret',
        'body.zones[*].from.token',
        ...CREDENTIAL_FIELDS.map((f) => `body.zones[*].from.credentials.${f}`),
      ],
      censor: '[redacted]',
    },
    ...(options.logStream ? { stream: options.logStream } : {}),
  };
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    forceCloseConnections: true,
    // A body that does not arrive in time is dropped (408), checked every second rather than Node's 30 s.
    // Node applies requestTimeout to bodies only when given at construction, hence in `http` too.
    requestTimeout: config.requestTimeoutMs,
    http: { requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs) },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });

  // JSON only: no text/plain (and so no CORS-simple-request) bodies.
  app.removeAllContentTypeParsers();
  // Read as it arrives and parsed in slices: a 16 MB body would hold the event loop for a second.
  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) =>
    readJsonBody(payload, Number(request.headers['content-length']), config.bodyLimitBytes),
  );

  app.setErrorHandler((err, request, reply) => {
    const appErr = toAppError(err);
    // Adapters scrub what they know; this last pass hides the request's own credentials in any form.
    const redactor = redactorFor(request.body, CREDENTIAL_FIELDS);
    if (appErr.status >= 500) request.log.error({ err: scrubbedError(err, redactor) }, 'request failed');
    const body = appErr.toBody();
    void reply.status(appErr.status).send({ ...body, error: { ...body.error, message: redactor.scrub(body.error.message) } });
  });

  const pairing = createPairing({
    home: config.home,
    allowedOrigins: config.allowedOrigins,
    onCode: options.onPairingCode ?? (() => undefined),
    log: app.log,
  });
  options.askForCodes?.(() => pairing.newCode());
  // The identity is read (or made) before the first request, so a damaged file stops the start.
  app.addHook('onReady', () => pairing.start());
  registerGuard(app, {
    allowedHosts: config.allowedHosts,
    allowedOrigins: config.allowedOrigins,
    isPaired: (origin) => pairing.isPaired(origin),
    pairingPaths: [ENDPOINTS.pair, ENDPOINTS.pairConfirm],
  });
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
  });

  const known = new Set<string>(Object.values(ENDPOINTS));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const err = known.has(path)
      ? new AppError('method_not_allowed', `${path} accepts only POST with a JSON body`)
      : new AppError('not_found', `no endpoint at ${path}; the endpoints are ${[...known].join(', ')}`);
    if (known.has(path)) void reply.header('allow', 'POST');
    void reply.status(err.status).send(err.toBody());
  });

  // Every endpoint of the contract's table, served from the one operations table.
  const deps: AppDeps = { config, fetch: options.fetch ?? upstreamFetch(config.proxy), pairing };
  for (const key of Object.keys(API) as Array<keyof Api>) serve(app, API[key], OPERATIONS[key], deps);
  return app;
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('unsupported_media_type', 'send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_request', 'the request body is empty; send a JSON object');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'the request body is larger than this companion accepts');
  }
  if (e.statusCode === 413) return new AppError('payload_too_large', 'the request body is larger than this companion accepts');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError('invalid_request', e.message ?? 'bad request');
  }
  return new AppError('internal', 'the companion failed unexpectedly; see its log');
}
