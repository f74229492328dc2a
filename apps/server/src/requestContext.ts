import { AsyncLocalStorage } from 'node:async_hooks';

// The request being handled, wherever in its async work the code is: the logger's mixin (logger.ts)
// reads it so that every line written for a request carries its id, with no logger passed around.

export interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs fn, and everything it starts, as part of the request with this id. */
export function runInRequest<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

/** The id of the request whose work is running, or undefined outside any request. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}
