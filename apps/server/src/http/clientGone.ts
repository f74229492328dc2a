import type { ServerResponse } from 'node:http';

/**
 * Aborts when the connection closes before the answer has been sent: the client has gone, and work
 * done for it (a picture to decode) can stop. An answer sent in full closes the response too, but
 * finished, so it aborts nothing.
 */
export function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}
