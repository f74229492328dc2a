import { type Logger, pino, stdSerializers } from 'pino';
import { currentRequestId } from './requestContext.js';

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

interface ErrorLike {
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
  routine?: unknown;
}

/** An SQLSTATE: five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function causeChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let current = error; current && typeof current === 'object' && chain.length < 5; ) {
    const e = current as ErrorLike;
    if (chain.includes(e)) break;
    chain.push(e);
    current = e.cause;
  }
  return chain;
}

/** Drizzle's "Failed query" error: its message, and its own fields, hold the statement's parameters. */
const isFailedQuery = (e: ErrorLike) => typeof e.query === 'string' && 'params' in e;
/** The server's answer (pg or PGlite): detail, where and even message can quote the row's values. */
const isServerError = (e: ErrorLike) => typeof e.code === 'string' && SQLSTATE.test(e.code) && 'severity' in e;

/** "insert users", "select classes": what the statement did and to which table, no values. */
export function statementName(query: string): string {
  const head = query.slice(0, 500);
  const verb = /^\s*(\w+)/.exec(head)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\b(?:into|update|from)\s+"?(\w+)/i.exec(head)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The call stack alone: an Error's stack starts with its message, which for a failed query has the values. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .join('\n')
    : undefined;

/** What may be said of a database error, or undefined for any other error. */
function databaseFacts(error: unknown) {
  const chain = causeChain(error);
  const failed = chain.find(isFailedQuery);
  const server = chain.find(isServerError);
  if (!failed && !server) return undefined;
  // What the driver said when no server answered (a lost connection): its own words, no values.
  const other = chain.find((e) => e !== error && !isFailedQuery(e) && !isServerError(e));
  return {
    statement: failed ? statementName(failed.query as string) : undefined,
    sqlState: server ? (server.code as string) : undefined,
    code: server ? undefined : text(chain.find((e) => text(e.code))?.code),
    constraint: text(server?.constraint),
    table: text(server?.table),
    column: text(server?.column),
    schema: text(server?.schema),
    routine: text(server?.routine),
    cause: text(other?.message),
  };
}

/**
 * How an `err` is logged. A database error keeps what tells an operator what failed (the SQLSTATE,
 * the constraint, table and column names, the statement's verb and table) and drops everything that
 * can carry the row's values: drizzle's message and params (a password hash during registration),
 * the SQL text, and the server's message, detail and context. Other errors are logged as pino does.
 */
export function serializeError(error: unknown): unknown {
  const facts = databaseFacts(error);
  if (!facts) return error instanceof Error ? stdSerializers.err(error) : error;
  return {
    type: error instanceof Error ? error.constructor.name : typeof error,
    message: 'a database statement failed',
    ...facts,
    stack: framesOf((error as ErrorLike).stack),
  };
}

/**
 * An error in one line, for a command's or start-up's last words on stderr, with the care of
 * serializeError: a database error by its statement, SQLSTATE and constraint, never its values.
 */
export function describeError(error: unknown): string {
  const facts = databaseFacts(error);
  if (!facts) return error instanceof Error ? error.message : String(error);
  const said = [
    facts.statement,
    facts.sqlState && `SQLSTATE ${facts.sqlState}`,
    facts.code,
    facts.constraint && `constraint ${facts.constraint}`,
    facts.cause,
  ].filter(Boolean);
  return `a database statement failed (${said.join(', ')})`;
}

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    // Every line written while a request is handled names it (http/requestId.ts).
    mixin: () => {
      const requestId = currentRequestId();
      return requestId === undefined ? {} : { requestId };
    },
  };
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options);
}
