import { MESSAGES } from '@mentora/contract';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { requestIdOf } from './requestId.js';

export interface FieldError {
  path: string;
  message: string;
}

/** An answer the client should see: status, message and, for field problems, which fields. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.server.notSignedIn) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.server.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.server.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

/** PostgreSQL error codes we answer on purpose; anything else is a 500. */
const PG_UNIQUE_VIOLATION = '23505';
/** Text PostgreSQL cannot store (a NUL character, an invalid byte sequence): the client's input. */
const PG_UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
const PG_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', '53300']);
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The first error in the cause chain that matches: drizzle wraps the driver's error. */
function findCause(error: unknown, matches: (e: DriverError) => boolean): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as DriverError;
    if (matches(e)) return e;
    current = e.cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findCause(error, (c) => c.code === PG_UNIQUE_VIOLATION);
  if (!e) return false;
  if (!constraint) return true;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

export function isUnstorableText(error: unknown): boolean {
  return findCause(error, (c) => typeof c.code === 'string' && PG_UNSTORABLE_TEXT_CODES.has(c.code)) !== undefined;
}

const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i;

/** True when the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    findCause(
      error,
      (c) =>
        (typeof c.code === 'string' && (PG_CONNECTION_CODES.has(c.code) || NET_CODES.has(c.code))) ||
        (c instanceof Error && UNAVAILABLE_MESSAGES.test(c.message)),
    ) !== undefined
  );
}

/** An SQLSTATE: five digits or capitals (a Node network code such as EPIPE looks the same: NET_CODES). */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/**
 * SQLSTATE classes after which a statement may have committed all the same: a connection exception
 * (08, "transaction resolution unknown" 08007 among them) and an operator's intervention (57P).
 */
const MAY_HAVE_COMMITTED = /^(?:08|57P)/;

/**
 * True when PostgreSQL itself refused the statement (it answered with an error code, other than a lost
 * connection's): a statement on its own is then rolled back, nothing of it written.
 */
export function isStatementRefused(error: unknown): boolean {
  return (
    !isDatabaseUnavailable(error) &&
    findCause(
      error,
      (c) =>
        typeof c.code === 'string' &&
        SQLSTATE.test(c.code) &&
        !NET_CODES.has(c.code) &&
        !MAY_HAVE_COMMITTED.test(c.code),
    ) !== undefined
  );
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(notFound(MESSAGES.server.noSuchEndpoint));
};

/** A 4xx raised by Express's own middleware (http-errors, e.g. a missing static file). */
function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

interface BodyParserError {
  type?: string;
  status?: number;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (res.headersSent) return;
    const requestId = requestIdOf(res);
    let answer: HttpError;
    const parserType = (error as BodyParserError)?.type;
    if (error instanceof HttpError) {
      answer = error;
    } else if (error instanceof ZodError) {
      answer = badRequest(MESSAGES.server.invalidInput, fieldErrors(error));
    } else if (parserType === 'entity.parse.failed') {
      answer = badRequest(MESSAGES.server.malformedJson);
    } else if (parserType === 'entity.too.large') {
      answer = new HttpError(413, MESSAGES.server.bodyTooLarge);
    } else if (parserType === 'encoding.unsupported' || parserType === 'charset.unsupported') {
      answer = new HttpError(415, 'Unsupported request encoding');
    } else if (parserType === 'request.aborted') {
      answer = badRequest('The request was aborted');
    } else if (clientErrorStatus(error)) {
      // Their messages can carry file paths: say only what kind of failure it was.
      const status = clientErrorStatus(error) as number;
      answer = new HttpError(status, status === 404 ? MESSAGES.server.notFound : MESSAGES.server.invalidInput);
    } else if (isUnstorableText(error)) {
      answer = badRequest(MESSAGES.server.unstorableText);
    } else if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, requestId }, 'database unavailable');
      answer = new HttpError(503, MESSAGES.server.unavailable, undefined, { 'Retry-After': '5' });
    } else {
      logger.error({ err: error, requestId }, 'unhandled error');
      answer = new HttpError(500, MESSAGES.server.internal);
    }
    if (answer.headers) res.set(answer.headers);
    res
      .status(answer.status)
      .json(
        answer.errors
          ? { message: answer.message, errors: answer.errors, requestId }
          : { message: answer.message, requestId },
      );
  };
}
