import { type Logger, pino } from 'pino';

/** Paths that must never reach a log line: credentials in headers, cookies and bodies. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'passwordHash',
  '*.passwordHash',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options);
}
