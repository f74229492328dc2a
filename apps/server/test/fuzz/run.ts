import { cleanName, errorResponseSchema, hasControlCharacters } from '@mentora/contract';
import { API_ROUTES, type ApiAnswer, callName } from '@mentora/contract/api';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../authorization/world.js';
import { PNG_BYTES } from '../factories/index.js';
import { startTestServer, type TestServer } from '../harness.js';
import { extremePicture, hostileString, malformedEncoding, objectFor, pathId, trickyName } from './arbitraries.js';
import type { FuzzResponse, FuzzTarget } from './catalogue.js';

// The fuzz property, the same for every API call: whatever arrives, the answer is never a 5xx; a
// refusal (4xx) has API.md's error shape and leaves the database as it was; an acceptance (2xx)
// matches the contract's response schema. `pnpm fuzz` runs it long (FUZZ_RUNS); CI runs it short.

/** Runs per call: short in CI, FUZZ_RUNS for the long run. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Columns a request may touch without changing anything the user owns (a session's last use). */
const VOLATILE_COLUMNS = new Set(['last_seen_at']);

/** One query that sums up every table: its row count and a hash of its rows. */
async function checksumQuery(t: TestServer): Promise<string> {
  const { rows } = await t.ctx.db.execute(sql`
    select table_name as "table", string_agg(quote_ident(column_name), ', ' order by ordinal_position) as cols
    from information_schema.columns
    where table_schema = 'public'
    group by table_name order by table_name`);
  return (rows as { table: string; cols: string }[])
    .map(({ table, cols }) => {
      const kept = cols
        .split(', ')
        .filter((col) => !VOLATILE_COLUMNS.has(col.replace(/"/g, '')))
        .join(', ');
      const row = `row(${kept})::text`;
      return `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from ${JSON.stringify(table)}`;
    })
    .join(' union all ');
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
}

type BodyForm = 'json' | 'text' | 'form' | 'latin1' | 'broken';

interface Input {
  id: string | undefined;
  /** Sent as is in place of the id: percent-encoding that does not decode. */
  rawSegment: string | null;
  body: unknown;
  bodyForm: BodyForm;
  query: unknown;
  rawQuery: string | null;
  auth: 'caller' | 'none' | 'garbage';
  garbageToken: string;
  /** For an upload: the file sent as multipart (its bytes, name and field), or null to send `body` instead. */
  file: { bytes: Uint8Array; name: string; field: string } | null;
  /** How the path is written: rules hang on the route, so no spelling may reach a handler without them. */
  spelling: 'plain' | 'trailing' | 'double' | 'upper';
}

function spelled(path: string, spelling: Input['spelling']): string {
  switch (spelling) {
    case 'plain':
      return path;
    case 'trailing':
      return `${path}/`;
    case 'double':
      return `${path}//`;
    case 'upper':
      return path.toUpperCase();
  }
}

/** Files for uploads: random bytes, a picture, or a real format's first bytes followed by random ones, under any name. */
const fileInput = fc.record({
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 5000 }),
    // A whole picture, so that uploads that take only pictures get past their checks too.
    fc.constant(new Uint8Array(PNG_BYTES)),
    extremePicture,
    fc
      .tuple(
        fc.constantFrom(
          '%PDF-1.4\n',
          '\x89PNG\r\n\x1a\n',
          'MZ',
          'PK\x03\x04',
          '<svg onload=alert(1)>',
          'plain words\n',
        ),
        fc.uint8Array({ maxLength: 2000 }),
      )
      .map(([head, tail]) => new Uint8Array([...Buffer.from(head, 'latin1'), ...tail])),
  ),
  name: fc.oneof(
    fc.constantFrom('notes.pdf', '../../etc/passwd', 'a.exe', ''),
    trickyName,
    fc.string({ maxLength: 300 }),
  ),
  field: fc.oneof(
    { weight: 5, arbitrary: fc.constant('file') },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  ),
});

function formOf(file: NonNullable<Input['file']>): FormData {
  const form = new FormData();
  form.append(file.field, new Blob([Buffer.from(file.bytes)]), file.name);
  return form;
}

/**
 * Longest text put in a URL: past Node's 16 KB limit on the request line, so that refusal (431, see
 * src/http/clientErrors.ts) is fuzzed too, yet short enough to keep runs quick.
 */
const URL_TEXT_MAX = 20_000;
const clip = (text: string) => text.slice(0, URL_TEXT_MAX);

function queryString(query: unknown, raw: string | null): string {
  const params = new URLSearchParams();
  if (query !== null && typeof query === 'object' && !Array.isArray(query)) {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        params.append(clip(key), clip(typeof item === 'string' ? item : (JSON.stringify(item) ?? '')));
      }
    }
  } else if (query !== undefined) {
    params.append(clip(JSON.stringify(query) ?? ''), '');
  }
  let text: string;
  try {
    text = params.toString();
  } catch {
    text = '';
  }
  if (raw) text += `${text ? '&' : ''}search=${clip(raw)}`;
  return text ? `?${text}` : '';
}

// Percent-encoded, every id reaches the route as one path segment, except "." and "..", which the URL
// parser resolves in any spelling (another call, not a malformed id): those get a character more.
function encodeSegment(id: string): string {
  try {
    const segment = encodeURIComponent(clip(id));
    return /^(\.|%2e){1,2}$/i.test(segment) ? `${segment}~` : segment;
  } catch {
    // A lone surrogate cannot be percent-encoded: send bytes that are not valid UTF-8 instead.
    return '%ED%A0%80';
  }
}

function bodyOf(body: unknown, form: BodyForm): { text: string | undefined; type: string | undefined } {
  if (body === undefined) return { text: undefined, type: undefined };
  const json = JSON.stringify(body);
  switch (form) {
    case 'json':
      return { text: json, type: 'application/json' };
    case 'text':
      return { text: json, type: 'text/plain' };
    case 'form':
      return { text: 'title=a&content=b', type: 'application/x-www-form-urlencoded' };
    case 'latin1':
      return { text: json, type: 'application/json; charset=latin1' };
    case 'broken':
      return { text: json.slice(0, Math.max(1, json.length - 1)), type: 'application/json' };
  }
}

async function send(request: Sent): Promise<{ status: number; type: string; text: string; nosniff: string | null }> {
  const res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const type = res.headers.get('content-type') ?? '';
  const nosniff = res.headers.get('x-content-type-options');
  if (type.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, type, text: '', nosniff };
  }
  return { status: res.status, type, text: await res.text(), nosniff };
}

/** What a 2xx of the call must be, from its row's answer: a schema, or the kind of body it is. */
function expectedAnswer(answer: ApiAnswer | undefined): FuzzResponse | undefined {
  if (answer === undefined || !('contentType' in answer)) return answer;
  switch (answer.contentType) {
    case 'text/event-stream':
      return 'stream';
    case 'text/html':
      return 'html';
    case 'text/calendar':
      return 'calendar';
    case 'application/octet-stream':
    case 'image/webp':
      return 'file';
  }
}

/**
 * A target with what the contract's row says of its call (body, query, upload, answer), unless the
 * catalogue says otherwise.
 */
function withContract(target: FuzzTarget) {
  const row = API_ROUTES.find((r) => callName(r) === target.call);
  if (!row) throw new Error(`${target.call} is not in the contract's API_ROUTES`);
  const response = target.response ?? expectedAnswer(row.responses[200] ?? row.responses[201]);
  if (!response) throw new Error(`${target.call}: no answer to check a 2xx against`);
  return {
    ...target,
    body: target.body ?? row.body,
    query: target.query ?? row.query,
    upload: target.upload ?? (row.upload ? true : undefined),
    response,
  };
}

/** Fuzzes each target on one real server with one world; every answer is checked as the file header says. */
export function fuzz(targets: FuzzTarget[]): void {
  let t: TestServer;
  let world: World;
  let checksumSql: string;
  const checksum = async () => JSON.stringify((await t.ctx.db.execute(sql.raw(checksumSql))).rows);
  /** Waits until nothing more is written (some calls finish their work after answering). */
  const settled = async () => {
    let last = await checksum();
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const now = await checksum();
      if (now === last) return now;
      last = now;
    }
    return last;
  };

  beforeAll(async () => {
    t = await startTestServer();
    world = await buildWorld(t);
    checksumSql = await checksumQuery(t);
  });
  afterAll(() => t?.close());

  describe.each(targets.map((target) => [target.call, withContract(target)] as const))('%s', (call, target) => {
    it(
      `answers any input with a 4xx in API.md's shape or a contract-shaped 2xx, never a 5xx (${FUZZ_RUNS} runs)`,
      async () => {
        const [method, template] = call.split(' ') as [string, string];
        const hints = target.hints?.(world) ?? {};
        const input: fc.Arbitrary<Input> = fc.record({
          id: pathId,
          rawSegment: sometimes(malformedEncoding),
          body: method === 'GET' ? fc.constant(undefined) : objectFor(target.body, hints),
          bodyForm: fc.oneof(
            { weight: 12, arbitrary: fc.constant<BodyForm>('json') },
            { weight: 1, arbitrary: fc.constantFrom<BodyForm>('text', 'form', 'latin1', 'broken') },
          ),
          query: target.query ? objectFor(target.query, hints) : fc.constant(undefined),
          rawQuery: sometimes(fc.oneof(malformedEncoding, hostileString.map(encodeURIComponentSafe))),
          auth: fc.oneof(
            { weight: 10, arbitrary: fc.constant<Input['auth']>('caller') },
            { weight: 1, arbitrary: fc.constantFrom<Input['auth']>('none', 'garbage') },
          ),
          garbageToken: fc.stringMatching(/^[\x21-\x7e]{0,300}$/),
          file: target.upload
            ? fc.oneof({ weight: 4, arbitrary: fileInput }, { weight: 1, arbitrary: fc.constant(null) })
            : fc.constant(null),
          spelling: fc.oneof(
            { weight: 8, arbitrary: fc.constant<Input['spelling']>('plain') },
            { weight: 1, arbitrary: fc.constantFrom<Input['spelling']>('trailing', 'double', 'upper') },
          ),
        });

        const statuses = new Map<number, number>();

        await fc.assert(
          fc.asyncProperty(input, async (i) => {
            const caller = await target.caller(t, world);
            const real = target.target ? await target.target(t, world) : '';
            const idOf = (name: string) => i.id ?? (typeof real === 'string' ? real : (real[name] ?? ''));
            const path = template.replace(/:(\w+)/g, (_, name: string) => i.rawSegment ?? encodeSegment(idOf(name)));
            const { text, type } = bodyOf(i.body, i.bodyForm);
            const headers: Record<string, string> = {};
            if (type) headers['Content-Type'] = type;
            if (i.auth === 'caller' && caller) headers.Authorization = `Bearer ${caller.token}`;
            if (i.auth === 'garbage') headers.Authorization = `Bearer ${i.garbageToken}`;
            if (i.file) delete headers['Content-Type'];
            const request: Sent = {
              method,
              url: `${t.baseUrl}${spelled(path, i.spelling)}${queryString(i.query, i.rawQuery)}`,
              headers,
              body: i.file ? formOf(i.file) : text,
            };

            const before = await checksum();
            const answer = await send(request);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const sentBody = i.file
              ? `[file ${JSON.stringify(i.file.name)} in ${JSON.stringify(i.file.field)}, ${i.file.bytes.length} bytes]`
              : String(request.body);
            const shown = `${request.method} ${request.url.slice(0, 300)} ${sentBody.slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
            expect(answer.status, shown).toBeLessThan(500);
            if (answer.status >= 400) {
              expect(answer.type, shown).toMatch(/^application\/json/);
              expect(errorResponseSchema.strict().safeParse(JSON.parse(answer.text)).success, shown).toBe(true);
              expect(await checksum(), `a refused request changed the database: ${shown}`).toBe(before);
            } else {
              if (target.response === 'stream') expect(answer.type, shown).toMatch(/^text\/event-stream/);
              else if (target.response === 'html') expect(answer.type, shown).toMatch(/^text\/html/);
              else if (target.response === 'calendar') {
                expect(answer.type, shown).toMatch(/^text\/calendar/);
                // Every start and end in four-digit years: one in year 10000 broke every subscriber's feed.
                for (const stamp of answer.text.match(/^DT(?:START|END)[^:\r\n]*:[^\r\n]*/gm) ?? []) {
                  expect(stamp, shown).toMatch(/:\d{8}(T\d{6}Z?)?$/);
                }
              } else if (target.response === 'file') expect(answer.nosniff, shown).toBe('nosniff');
              else {
                const parsed = target.response.safeParse(JSON.parse(answer.text));
                expect(parsed.success, `${shown}\n${parsed.error?.message ?? ''}`).toBe(true);
                for (const [key, name] of namesIn(JSON.parse(answer.text))) {
                  expect(
                    hasControlCharacters(name) || name !== cleanName(name),
                    `${key} ${JSON.stringify(name)}: ${shown}`,
                  ).toBe(false);
                }
              }
              await settled();
            }
          }),
          { numRuns: FUZZ_RUNS },
        );
        // The long run says how deep it got: how many inputs were accepted, and which refusals came.
        if (process.env.FUZZ_RUNS) console.info(`${call}: ${JSON.stringify(Object.fromEntries(statuses))}`);
      },
      60_000 + FUZZ_RUNS * 1000,
    );
  });
}

/** Every name and title in an answer (issue #35: one line, no invisible formatting, whatever was sent). */
function namesIn(value: unknown, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) for (const item of value) namesIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'name' || key === 'title') && typeof inner === 'string') found.push([key, inner]);
      else namesIn(inner, found);
    }
  }
  return found;
}

/** A value one time in six, else null. */
function sometimes<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });
}

function encodeURIComponentSafe(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
