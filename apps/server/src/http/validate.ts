import { LIMITS, MESSAGES } from '@mentora/contract';
import express, { type RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest, fieldErrors, notFound } from './errors.js';

/** Reads a JSON body of at most LIMITS.bodyBytes (larger is a 413, malformed a 400: errors.ts). */
export const jsonBody = (): RequestHandler => express.json({ limit: LIMITS.bodyBytes });

/** Parses client input with a contract schema; a failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw badRequest(errors[0]?.message ?? MESSAGES.server.invalidInput, errors);
  }
  return result.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients; a malformed one cannot name anything, so it is a 404 (API.md). */
export function parseId(raw: unknown, notFoundMessage: string = MESSAGES.server.notFound): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw notFound(notFoundMessage);
  return raw.toLowerCase();
}

export function isId(raw: unknown): raw is string {
  return typeof raw === 'string' && UUID.test(raw);
}
