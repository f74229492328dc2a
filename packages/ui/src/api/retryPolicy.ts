import { errorStatus } from './errors';

// How a failed read is tried again. People wait on it: one more try, soon, and only where asking again
// can help (the network, a gateway or an overloaded server: 502, 503, 504). A 4xx will not change, and a
// 500 is the server's own fault, likely again: both show at once, with the page's retry button.

const RETRIED_STATUSES = new Set([502, 503, 504]);

export function shouldRetryRead(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  const status = errorStatus(error);
  return status === undefined || RETRIED_STATUSES.has(status);
}

/** Half a second before the one retry: the error, if it stays, shows within about a second. */
export const READ_RETRY_DELAY_MS = 500;
