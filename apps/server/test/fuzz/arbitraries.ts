import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { z } from 'zod';
import { UNKNOWN_ID } from '../expectations.js';
import { blankPng } from '../factories/index.js';

// Inputs for the fuzz tests, generated from the contract's zod schemas (through their JSON Schema):
// values that fit each field, then hostile ones in their place: wrong types, missing and extra
// fields, huge and empty strings, unicode and control characters (NUL included), malformed ids; names
// and titles with line breaks, bidirectional controls and zero-width characters, and far dates.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

/** Field values a schema alone cannot guess: real ids, the password that works, a valid email or URL. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/**
 * Names that read as something else or break a line (issue #35): bidirectional overrides and isolates,
 * zero-width characters, C1 controls and Unicode line separators, paths, and mixes of them with text.
 */
export const trickyName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'inv\u202eexe.txt',
    'Ada\nLovelace',
    'Ada\r\nBcc: x@example.test',
    'Ada\u2028Lovelace',
    'Ada\u2029',
    'x\u0085y',
    '\u200b',
    '\u202e\u2066\u2069',
    '\u2067evil\u2069.pdf',
    'Zo\u200de\ufeff',
    '\u061cA\u200eB\u200fC',
    '..\\..\\x.bat',
    '../../etc/passwd',
    'dir/',
    '\u180e',
  ),
  fc
    .tuple(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        '\u202e',
        '\u200b',
        '\u200d',
        '\u2066',
        '\u2069',
        '\ufeff',
        '\n',
        '\t',
        '\u0085',
        '\u2028',
        '\u0000',
      ),
      fc.string({ maxLength: 20 }),
    )
    .map(([a, trick, b]) => `${a}${trick}${b}`),
);

/** The moment `years` from now, give or take a day either way (the edge of the accepted range). */
const yearsAhead = (years: number, days: number) =>
  new Date(Date.now() + years * 365.25 * 86_400_000 + days * 86_400_000).toISOString();

/**
 * Dates at and past the edges of what the API accepts (issue #35): year 9999 late in the day (its
 * session would end in year 10000), year 0, far offsets, and either side of five years from now.
 */
export const farDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '9999-12-31T23:00:00Z',
    '9999-12-31T23:59:59.999+00:00',
    '9999-12-31T12:00:00-14:00',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+14:00',
    '1999-12-31T23:59:59Z',
    '2000-01-01T00:00:00Z',
  ),
  fc.integer({ min: -2, max: 2 }).map((days) => yearsAhead(5, days)),
  fc.integer({ min: 6, max: 7000 }).map((years) => yearsAhead(Math.min(years, 7900), 0)),
);

/** Strings no form would send. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  trickyName,
  fc.constantFrom('', ' ', '\t\n  ', '\u0000', 'a\u0000b', '\u202e\u200b\ufeff', '\ud800', 'x\udfff', '😀'.repeat(3)),
  fc.constantFrom(
    "' OR 1=1 --",
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00',
    '\\',
    '"',
    '{{7*7}}',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  // Longer than any limit, still far under the 1 MB body limit.
  fc
    .tuple(fc.constantFrom('x', 'é', '😀', ' ', '\u0000'), fc.integer({ min: 201, max: 60_000 }))
    .map(([c, n]) => c.repeat(n)),
);

/**
 * Time zone strings (issue #35): valid IANA names, offsets in every spelling (PostgreSQL reads `+05:30`
 * with the sign reversed and refuses `+0530`), names one side knows and the other does not (dropped
 * aliases, PostgreSQL's own files), wrong case, and garbage.
 */
const validZones = Intl.supportedValuesOf('timeZone');
const twoDigits = (n: number) => String(n).padStart(2, '0');
export const timeZoneString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...validZones, 'UTC', 'Etc/GMT+5', 'Etc/GMT-14', 'Asia/Calcutta', 'US/Pacific'),
  fc
    .tuple(fc.constantFrom('+', '-', '\u2212'), fc.integer({ min: 0, max: 18 }), fc.constantFrom(0, 30, 45))
    .chain(([sign, h, m]) =>
      fc.constantFrom(
        `${sign}${twoDigits(h)}:${twoDigits(m)}`,
        `${sign}${twoDigits(h)}${twoDigits(m)}`,
        `${sign}${h}`,
        `UTC${sign}${h}`,
        `GMT${sign}${twoDigits(h)}:${twoDigits(m)}`,
      ),
    ),
  fc.constantFrom(
    'US/Pacific-New',
    'Canada/East-Saskatchewan',
    'SystemV/AST4',
    'Factory',
    'posixrules',
    'localtime',
    'posix/Europe/Paris',
    'right/UTC',
    'EST5EDT',
    'europe/paris',
    'EUROPE/PARIS',
    'Mars/Olympus_Mons',
    'Etc/Unknown',
  ),
  fc.constantFrom(...validZones).map((zone) => `${zone}/`),
  hostileString,
);

/** Any JSON value of a type a field may not expect. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, [], {}, [null], { $gt: '' }, '1', 'true'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Ids for a path: real ones come from the route (undefined here stands for "the route's real id"). */
export const pathId: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 1,
    arbitrary: fc.constantFrom('abc', '0', '-1', 'null', 'undefined', `${UNKNOWN_ID}x`, UNKNOWN_ID.toUpperCase()),
  },
  // Not empty: /api/classes/ is another call (the list), not a malformed id.
  { weight: 2, arbitrary: hostileString.filter((s) => s !== '') },
);

/** Raw path or query fragments that are not valid percent-encoding. */
export const malformedEncoding = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%80', '%ff%fe', '%u0000');

const asCursor = (time: string, id: string) => Buffer.from(`${time}|${id}`, 'utf8').toString('base64url');

/**
 * Page cursors shaped like the server's own (base64url of "iso|id"), with times across the whole range
 * a JavaScript Date holds, far past what PostgreSQL reads (+275760, -271821, year 0), then any text.
 */
export const cursorValue: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '0000-01-01T00:00:00.000Z'),
      fc.uuid(),
    )
    .map(([time, id]) => asCursor(time, id)),
  fc.tuple(fc.date({ noInvalidDate: true }), fc.uuid()).map(([date, id]) => asCursor(date.toISOString(), id)),
  fc.tuple(fc.string({ maxLength: 30 }), fc.uuid()).map(([time, id]) => asCursor(time, id)),
  fc.string({ maxLength: 40 }),
);

function stringFor(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  if (hints[name]) return hints[name];
  if (name === 'cursor') return cursorValue;
  if (schema.format === 'date-time') {
    return fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      farDate,
    );
  }
  // fast-check's addresses use every character RFC 5322 allows, which most sites (and zod) refuse.
  if (/email/i.test(name)) return fc.oneof(fc.stringMatching(/^[a-z0-9.]{1,12}@[a-z]{1,10}\.test$/), fc.emailAddress());
  if (/url|picture/i.test(name)) return fc.oneof(fc.webUrl(), fc.constant(''));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  if (/^(name|title)$/i.test(name)) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength: Math.max(minLength, 1), maxLength }) },
      { weight: 2, arbitrary: trickyName },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
  );
}

/** Values that fit a JSON Schema made from a contract schema (z.toJSONSchema, input side). */
export function validValue(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  if (hints[name]) return hints[name];
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, name, hints)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, name, hints);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1000) }),
        fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(properties)) fields[key] = validValue(sub, key, hints);
      return fc.record(fields, { requiredKeys: Object.keys(fields).filter((key) => required.has(key)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

type Mutation =
  | { kind: 'none' }
  | { kind: 'drop'; pick: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'replace'; pick: number; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'drop' as const, pick })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '_id', 'role', 'verified', 'mentorId')),
        wrongType,
      )
      .map(([key, value]) => ({ kind: 'extra' as const, key, value })),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.nat(), fc.oneof(hostileString, wrongType))
      .map(([pick, value]) => ({ kind: 'replace' as const, pick, value })),
  },
);

function mutate(value: unknown, change: Mutation): unknown {
  if (change.kind === 'none' || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (change.kind === 'extra') {
    // A key such as __proto__ must be an own property of the JSON text, as an attacker would send it.
    Object.defineProperty(copy, change.key, {
      value: change.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }
  if (keys.length === 0) return copy;
  const key = keys[change.pick % keys.length] as string;
  if (change.kind === 'drop') delete copy[key];
  else copy[key] = change.value;
  return copy;
}

/** A JSON body or query for a schema: fitting values, one of them then spoiled, or something else entirely. */
export function objectFor(schema: z.ZodType | undefined, hints: Hints): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), fc.constant({}), fc.jsonValue({ maxDepth: 2 }));
  const valid = validValue(jsonSchemaOf(schema), '', hints);
  return fc.oneof(
    { weight: 8, arbitrary: fc.tuple(valid, mutation, mutation).map(([v, a, b]) => mutate(mutate(v, a), b)) },
    { weight: 1, arbitrary: wrongType },
  );
}

/** A PNG whose header says `width` by `height` (any 32-bit numbers) over the one pixel it holds. */
function pngClaiming(width: number, height: number): Uint8Array {
  const png = Buffer.from(blankPng(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}

/**
 * Pictures whose size is the danger, not their bytes (issue #35): valid PNGs of a few kilobytes that
 * are extremely long (what filling a square would enlarge to gigapixels) or have too many pixels,
 * valid ones near the limits, and headers that claim any dimensions, zero and 2^32-1 included.
 */
export const extremePicture: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc
    .constantFrom<[number, number]>(
      [100_000, 10],
      [10, 100_000],
      [2_000_000, 20],
      [7000, 7000],
      [1000, 50],
      [1001, 50],
      [6000, 6000],
    )
    .map(([width, height]) => new Uint8Array(blankPng(width, height))),
  fc
    .tuple(fc.integer({ min: 1, max: 300_000 }), fc.integer({ min: 1, max: 40 }), fc.boolean())
    .map(([long, short, tall]) => new Uint8Array(tall ? blankPng(short, long) : blankPng(long, short))),
  fc
    .tuple(
      fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(0, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1)),
      fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(0, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1)),
    )
    .map(([width, height]) => pngClaiming(width, height)),
);
