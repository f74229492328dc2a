import { isAxiosError } from 'axios';
import { localMoments } from '../components/formatters';

export interface FieldError {
  path: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * What to tell the person when a call failed: the server's `message` when it sent one (API.md: errors are
 * always `{message}`), otherwise the screen's own fallback from SPEC.md section 8. Errors the UI throws
 * itself (such as 'Invalid response format') keep their message. A moment in the server's message (a
 * sanction's end) is shown as the app shows dates.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isAxiosError(error)) {
    const data: unknown = error.response?.data;
    if (isRecord(data) && typeof data.message === 'string' && data.message.trim() !== '') {
      return localMoments(data.message);
    }
    return fallback;
  }
  if (error instanceof ResponseFormatError) return error.message;
  return fallback;
}

/** The HTTP status of a failed call, if the server answered at all. */
export function errorStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The per-field problems of a 400 answer (`errors: [{path, message}]`), if any. */
export function fieldErrors(error: unknown): FieldError[] {
  if (!isAxiosError(error)) return [];
  const data: unknown = error.response?.data;
  if (!isRecord(data) || !Array.isArray(data.errors)) return [];
  return data.errors.flatMap((item: unknown) =>
    isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string'
      ? [{ path: item.path, message: item.message }]
      : [],
  );
}

/** A response that arrived but does not have the shape the contract promises. */
export class ResponseFormatError extends Error {}
