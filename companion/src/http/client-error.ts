import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Errors Node's HTTP parser raises before a request exists (malformed HTTP, headers too large, a
 * request that did not arrive in time) bypass Fastify's error handler. They get the documented error
 * body too, written straight to the socket, and the connection is closed: its framing is lost.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: Error & { code?: string }, socket: Socket): void {
  // A reset client is gone; there is no one to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const appErr =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('request_timeout', 'the request did not arrive in time; send the headers and the whole body at once')
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('headers_too_large', 'the request headers are larger than this companion accepts')
        : new AppError('invalid_request', `malformed HTTP request (${err.code ?? 'parse error'})`);
  this.log.debug({ code: err.code }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(appErr.toBody());
  // end, then destroy once written: a client still sending its body must not keep the socket open.
  socket.end(
    `HTTP/1.1 ${appErr.status} ${STATUS_TEXT[appErr.status] ?? 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `x-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Errors Fastify raises before routing (a URL it cannot decode, FST_ERR_BAD_URL) go to its
 * `frameworkErrors` hook rather than the error handler; they get the documented error body too.
 */
export function frameworkErrorHandler(err: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const appErr = new AppError(
    'invalid_request',
    err.code === 'FST_ERR_BAD_URL' ? 'the URL cannot be decoded' : `bad request (${err.code ?? err.name})`,
  );
  void reply.status(appErr.status).send(appErr.toBody());
}
