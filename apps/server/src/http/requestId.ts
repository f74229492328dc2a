import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { runInRequest } from '../requestContext.js';

/** An incoming X-Request-Id we keep (a proxy's or a client's): a short token that is safe in a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The id a request was given, once requestId() has run (undefined before it). */
export function requestIdOf(res: Response): string | undefined {
  const id: unknown = res.locals.requestId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Gives every request an id: the caller's X-Request-Id when it is a sane token, else a new UUID. It is
 * echoed in the X-Request-Id answer header, carried by every log line written while the request is
 * handled (requestContext.ts) and by every error answer (errors.ts), so a user's report of a failure
 * leads to its log lines.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    const id = incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.set(REQUEST_ID_HEADER, id);
    runInRequest(id, next);
  };
}
