import { PassThrough } from 'node:stream';
import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enrol,
  makeClass,
  makeDiscussion,
  makeLearner,
  makePost,
  makeVerifiedMentor,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { scheduleSession } from '../classes/sessions.js';
import { type ClassRow, chatMessages, users } from '../db/schema.js';
import { createLogger } from '../logger.js';
import { upstreamStatus } from './gemini.js';
import { EMPTY_ANSWER } from './service.js';
import { type GeminiStub, type StubRequest, startGeminiStub, UPSTREAM_DETAIL } from './testing/geminiStub.js';
import { postStream } from './testing/sse.js';

// The real @google/genai client against a stub of the Gemini REST API on loopback: what the request
// carries (and must not), how failures and timeouts answer, and streaming.

const KEY = 'AIzaSy-test-key-that-must-never-leak-0042';
const MODEL = 'gemini-test-model';
const TIMEOUT_MS = 1500;

let stub: GeminiStub;
let t: TestServer;
let logged = '';
/** Every body and header set the server answered, to prove the key never leaves it. */
const answered: string[] = [];

let asker: TestUser;
let classmate: TestUser;
let outsider: TestUser;
let ownClass: ClassRow;
let foreignClass: ClassRow;

beforeAll(async () => {
  stub = await startGeminiStub();
  const sink = new PassThrough();
  sink.on('data', (chunk) => {
    logged += String(chunk);
  });
  t = await startTestServer({
    env: {
      GEMINI_API_KEY: KEY,
      GEMINI_BASE_URL: stub.baseUrl,
      GEMINI_MODEL: MODEL,
      GEMINI_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    logger: createLogger('trace', sink),
  });

  // The asker is enrolled in one class; a discussion there and a community post match the question.
  // Another class they do not belong to has a discussion matching the question even better.
  const mentor = await makeVerifiedMentor(t, { name: 'Marta Mentor', email: 'marta.mentor@example.test' });
  asker = await makeLearner(t, { name: 'Asha Asker', email: 'asha.asker@example.test' });
  classmate = await makeLearner(t, { name: 'Cory Classmate', email: 'cory.classmate@example.test' });
  outsider = await makeLearner(t, { name: 'Olga Outsider', email: 'olga.outsider@example.test' });
  ownClass = await makeClass(t, mentor, {
    title: 'Kotlin Coroutines in Practice',
    description: 'Structured concurrency, cancellation and flows for Android developers.',
    tags: ['kotlin', 'coroutines'],
  });
  foreignClass = await makeClass(t, mentor, {
    title: 'Gardening for Beginners',
    description: 'Soil, seeds and patience.',
  });
  await enrol(t, ownClass, asker);
  await enrol(t, ownClass, classmate);
  await enrol(t, foreignClass, outsider);
  await makeDiscussion(t, classmate, ownClass, {
    title: 'Coroutine cancellation question',
    content: 'When a coroutine is cancelled, do its children stop too?',
  });
  await makeDiscussion(t, outsider, foreignClass, {
    title: 'Secret Kotlin coroutine cancellation cancellation notes',
    content: 'Kotlin coroutines cancellation cancellation cancellation: private notes of the gardening class.',
  });
  await makePost(t, outsider, {
    title: 'Kotlin coroutines study group',
    content: 'Anyone learning Kotlin coroutines? Write to me at olga.outsider@example.test to join.',
    category: 'question',
  });
});

afterAll(async () => {
  await t.close();
  await stub.close();
});

beforeEach(() => {
  stub.reset();
});

function remember(res: { text?: string; headers: Record<string, unknown> }) {
  answered.push(res.text ?? '', JSON.stringify(res.headers));
}

const ask = async (who: TestUser, message: unknown) => {
  const res = await t.http.post('/api/gemini/chat').set(who.auth).send({ message });
  remember(res);
  return res;
};

const lastTurnText = (request: StubRequest | undefined) =>
  request?.body.contents
    ?.at(-1)
    ?.parts?.map((p) => p.text ?? '')
    .join('') ?? '';

const historyOf = (who: TestUser) => t.ctx.db.select().from(chatMessages).where(eq(chatMessages.userId, who.user.id));

describe('the Gemini provider', () => {
  it('reports itself and its model in the status, never the key', async () => {
    const res = await t.http.get('/api/gemini/status').set(asker.auth);
    remember(res);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'gemini', model: MODEL });
  });

  it('sends the key in a header, a mentor system instruction and the asker’s context with link paths', async () => {
    stub.queue.push({ kind: 'answer', pieces: ['Try [Kotlin Coroutines in Practice](/classes/x).'] });
    const res = await ask(asker, 'How does Kotlin coroutine cancellation work?');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: 'Try [Kotlin Coroutines in Practice](/classes/x).' });

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.method).toBe('generateContent');
    expect(request?.model).toBe(MODEL);
    expect(request?.headers['x-goog-api-key']).toBe(KEY);

    const system = request?.body.systemInstruction?.parts?.map((p) => p.text).join('') ?? '';
    expect(system).toMatch(/mentor assistant of Mentora/);
    expect(system).toMatch(/Never invent classes/);
    expect(system).toContain('Start a discussion (/discussions/create)');

    const text = lastTurnText(request);
    expect(text).toContain('Asker: Asha Asker (role: learner)');
    expect(text).toContain(`[Kotlin Coroutines in Practice](/classes/${ownClass.id})`);
    const discussion = (await t.http.get(`/api/discussions?classId=${ownClass.id}`).set(asker.auth)).body[0];
    expect(text).toContain(`[Coroutine cancellation question](/discussions/${discussion._id})`);
    expect(text).toMatch(/\[Kotlin coroutines study group\]\(\/community#post-[0-9a-f-]{36}\)/);
    expect(text).toContain('How does Kotlin coroutine cancellation work?');
  });

  it('never carries another user’s email or a discussion of a class the asker is not in', async () => {
    await ask(asker, 'Kotlin coroutine cancellation notes of the gardening class?');
    const [request] = stub.requests;
    const raw = request?.raw ?? '';
    // Public content matched (the post and the other class itself), so the search did reach it…
    expect(raw).toContain('Kotlin coroutines study group');
    expect(raw).toContain('Gardening for Beginners');
    // …but no email address (not the post author's, not one written inside the post, not the asker's)…
    expect(raw).not.toMatch(/@example\.test/);
    expect(raw).toContain('[email hidden]');
    // …and nothing of the other class's discussion, although it matches best.
    expect(raw).not.toContain('Secret Kotlin');
    expect(raw).not.toContain('private notes of the gardening class');
    const foreign = await t.http.get(`/api/discussions?classId=${foreignClass.id}`).set(outsider.auth);
    expect(foreign.body).toHaveLength(1);
    expect(raw).not.toContain(foreign.body[0]._id);

    // The same question from a member of that class does bring the discussion: membership decides.
    stub.reset();
    await ask(outsider, 'Kotlin coroutine cancellation notes of the gardening class?');
    expect(stub.requests[0]?.raw).toContain(
      `[Secret Kotlin coroutine cancellation cancellation notes](/discussions/${foreign.body[0]._id})`,
    );
    expect(stub.requests[0]?.raw).not.toMatch(/@example\.test/);
  });

  it('grounds schedule questions in the asker’s own sessions, with times in the asker’s time zone', async () => {
    // 08:00 UTC three days ahead: 17:00 in Tokyo (UTC+9 all year).
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    startsAt.setUTCHours(8, 0, 0, 0);
    const mentor = (await t.ctx.db.select().from(users).where(eq(users.id, ownClass.mentorId)))[0];
    if (!mentor) throw new Error('the class has no mentor');
    await scheduleSession(t.ctx, mentor, ownClass.id, {
      title: 'Flows deep dive',
      startsAt: startsAt.toISOString(),
      durationMinutes: 45,
    });
    await scheduleSession(t.ctx, mentor, foreignClass.id, {
      title: 'Compost clinic',
      startsAt: startsAt.toISOString(),
      durationMinutes: 30,
    });
    stub.queue.push({ kind: 'answer', pieces: ['On Friday.'] });
    const res = await t.http
      .post('/api/gemini/chat')
      .set(asker.auth)
      .send({ message: 'When is my next session?', timeZone: 'Asia/Tokyo' });
    expect(res.status).toBe(200);
    const text = lastTurnText(stub.requests[0]);
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(startsAt);
    expect(text).toContain(
      "Upcoming sessions of the asker's classes, soonest first (times in Asia/Tokyo time; it is now",
    );
    expect(text).toContain(
      `- ${day} at 17:00, 45 minutes: "Flows deep dive" of the class "Kotlin Coroutines in Practice" (/classes/${ownClass.id})`,
    );
    // A class the asker is not in: its sessions are not theirs to be told of.
    expect(text).not.toContain('Compost clinic');
    const system = stub.requests[0]?.body.systemInstruction?.parts?.map((p) => p.text).join('') ?? '';
    expect(system).toContain('Schedule a session of your class (/classes)');
  });

  it('carries the last 10 turns of the asker’s history only, oldest first', async () => {
    const who = await makeLearner(t, { name: 'Hana History' });
    const base = Date.now() - 60_000;
    const rows = Array.from({ length: 24 }, (_, i) => ({
      userId: who.user.id,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `${i % 2 === 0 ? 'question' : 'answer'}-${String(Math.floor(i / 2) + 1).padStart(2, '0')}`,
      createdAt: new Date(base + i * 10),
    }));
    await t.ctx.db.insert(chatMessages).values(rows);
    // Someone else's history never shows up.
    await t.ctx.db.insert(chatMessages).values({ userId: asker.user.id, role: 'user', content: 'not-hana-question' });

    await ask(who, 'And what next?');
    const contents = stub.requests[0]?.body.contents ?? [];
    expect(contents).toHaveLength(11);
    expect(contents.slice(0, 10).map((c) => [c.role, c.parts?.[0]?.text])).toEqual(
      ['08', '09', '10', '11', '12'].flatMap((n) => [
        ['user', `question-${n}`],
        ['model', `answer-${n}`],
      ]),
    );
    expect(contents[10]?.role).toBe('user');
    const raw = stub.requests[0]?.raw ?? '';
    expect(raw).not.toContain('question-07');
    expect(raw).not.toContain('not-hana-question');

    const history = await t.http.get('/api/gemini/history').set(who.auth);
    expect(history.body).toHaveLength(26);
    expect(history.body.slice(-2).map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'And what next?'],
      ['assistant', 'Stub answer.'],
    ]);
  });

  it('retries once on 429 and answers', async () => {
    stub.queue.push({ kind: 'error', status: 429 }, { kind: 'answer', pieces: ['Second time lucky.'] });
    const res = await ask(asker, 'Any tips for coroutines?');
    expect(res.status).toBe(200);
    expect(res.body.response).toBe('Second time lucky.');
    expect(stub.requests).toHaveLength(2);
  });

  it('answers 502 with a plain message after a 5xx and its one retry, and stores nothing', async () => {
    const who = await makeLearner(t);
    stub.queue.push({ kind: 'error', status: 500 }, { kind: 'error', status: 503 });
    const res = await ask(who, 'Is the assistant up?');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: MESSAGES.assistant.unavailable, requestId: expect.any(String) });
    expect(stub.requests).toHaveLength(2);
    expect(res.text).not.toContain(UPSTREAM_DETAIL);
    expect(await historyOf(who)).toHaveLength(0);
  });

  it('does not retry other upstream errors (400): 502 at once', async () => {
    stub.queue.push({ kind: 'error', status: 400 });
    const res = await ask(asker, 'Hello?');
    expect(res.status).toBe(502);
    expect(stub.requests).toHaveLength(1);
  });

  it('answers 502 when Gemini cannot be reached at all', async () => {
    const unreachable = await startTestServer({
      env: { GEMINI_API_KEY: KEY, GEMINI_BASE_URL: 'http://127.0.0.1:9', GEMINI_TIMEOUT_MS: '3000' },
    });
    try {
      const who = await makeLearner(unreachable);
      const res = await unreachable.http.post('/api/gemini/chat').set(who.auth).send({ message: 'Anyone there?' });
      remember(res);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: MESSAGES.assistant.unavailable, requestId: expect.any(String) });
    } finally {
      await unreachable.close();
    }
  });

  it('answers 504 when Gemini takes longer than GEMINI_TIMEOUT_MS, without a retry', async () => {
    stub.queue.push({ kind: 'answer', pieces: ['Too late.'], delayMs: 10_000 });
    // A 504 (not the stub's 200 ten seconds later) shows the timeout cut the call short.
    const res = await ask(asker, 'Are you slow today?');
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ message: MESSAGES.assistant.timeout, requestId: expect.any(String) });
    expect(stub.requests).toHaveLength(1);
  });

  it('answers a polite sentence, not an empty string, when Gemini returns no text', async () => {
    stub.queue.push({ kind: 'answer', pieces: [''] });
    const res = await ask(asker, 'Say nothing');
    expect(res.status).toBe(200);
    expect(res.body.response).toBe(EMPTY_ANSWER);
  });

  it('reads a status the SDK left only in the error message', () => {
    expect(upstreamStatus({ status: 503 })).toBe(503);
    expect(upstreamStatus(new Error('got status: 500. {"error":{"code":500,"message":"x"}}'))).toBe(500);
    expect(upstreamStatus(new TypeError('fetch failed'))).toBeUndefined();
  });
});

describe('streaming from Gemini', () => {
  it('delivers the pieces in order as they are generated, then the whole answer, and stores it', async () => {
    const who = await makeLearner(t);
    stub.queue.push({ kind: 'answer', pieces: ['Coroutines ', 'are ', 'cheap ', 'threads.'], pieceDelayMs: 150 });
    const res = await postStream({ baseUrl: t.baseUrl, token: who.token, message: 'What are coroutines?' });
    answered.push(JSON.stringify(res.events), JSON.stringify([...res.headers]));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');

    const deltas = res.events.filter((e) => e.event === 'message');
    expect(deltas.map((e) => e.data)).toEqual([
      { delta: 'Coroutines ' },
      { delta: 'are ' },
      { delta: 'cheap ' },
      { delta: 'threads.' },
    ]);
    // Streamed, not buffered: the first piece arrived well before the last one was generated.
    const first = deltas[0]?.at ?? 0;
    const last = deltas.at(-1)?.at ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(300);
    expect(res.events.at(-1)).toMatchObject({ event: 'done', data: { response: 'Coroutines are cheap threads.' } });

    expect(stub.requests[0]?.method).toBe('streamGenerateContent');
    expect(stub.requests[0]?.query.get('alt')).toBe('sse');
    expect(stub.requests[0]?.headers['x-goog-api-key']).toBe(KEY);
    const stored = await t.http.get('/api/gemini/history').set(who.auth);
    expect(stored.body.map((m: { content: string }) => m.content)).toEqual([
      'What are coroutines?',
      'Coroutines are cheap threads.',
    ]);
  });

  it('answers a plain JSON 502 when Gemini fails before the first piece (after one retry)', async () => {
    stub.queue.push({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const res = await postStream({ baseUrl: t.baseUrl, token: asker.token, message: 'Stream please' });
    answered.push(JSON.stringify(res.json ?? null));
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ message: MESSAGES.assistant.unavailable, requestId: expect.any(String) });
    expect(stub.requests).toHaveLength(2);
  });

  it('retries a stream that failed with 503 before it started', async () => {
    stub.queue.push({ kind: 'error', status: 503 }, { kind: 'answer', pieces: ['Back ', 'again.'] });
    const res = await postStream({ baseUrl: t.baseUrl, token: asker.token, message: 'Stream please' });
    expect(res.events.at(-1)).toMatchObject({ event: 'done', data: { response: 'Back again.' } });
    expect(stub.requests).toHaveLength(2);
  });

  it('answers a JSON 504 when the first piece takes too long', async () => {
    stub.queue.push({ kind: 'answer', pieces: ['Late.'], delayMs: 10_000 });
    const res = await postStream({ baseUrl: t.baseUrl, token: asker.token, message: 'Stream slowly' });
    expect(res.status).toBe(504);
    expect(res.json).toEqual({ message: MESSAGES.assistant.timeout, requestId: expect.any(String) });
  });

  it('ends with an error event when Gemini drops mid-answer, and stores nothing', async () => {
    const who = await makeLearner(t);
    stub.queue.push({ kind: 'drop', pieces: ['Half an ', 'answer'] });
    const res = await postStream({ baseUrl: t.baseUrl, token: who.token, message: 'Tell me everything' });
    answered.push(JSON.stringify(res.events));
    expect(res.status).toBe(200);
    expect(res.events.filter((e) => e.event === 'message').map((e) => e.data)).toEqual([
      { delta: 'Half an ' },
      { delta: 'answer' },
    ]);
    expect(res.events.at(-1)).toEqual(
      expect.objectContaining({ event: 'error', data: { message: MESSAGES.assistant.unavailable, status: 502 } }),
    );
    expect(stub.requests).toHaveLength(1);
    expect(await historyOf(who)).toHaveLength(0);
  });

  it('stops the Gemini call when the asker disconnects, and stores nothing', async () => {
    const who = await makeLearner(t);
    stub.queue.push({ kind: 'answer', pieces: Array.from({ length: 20 }, (_, i) => `piece ${i} `), pieceDelayMs: 100 });
    const res = await postStream({
      baseUrl: t.baseUrl,
      token: who.token,
      message: 'A long answer, please',
      onEvent: (event) => event.event === 'message',
    });
    expect(res.events).toHaveLength(1);
    for (let waited = 0; waited < 3_000 && !stub.requests[0]?.abandoned; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stub.requests[0]?.abandoned).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await historyOf(who)).toHaveLength(0);
  });
});

describe('the key', () => {
  it('never appears in an answer or a log line, while failures are logged', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered.length).toBeGreaterThan(10);
    for (const text of answered) expect(text).not.toContain(KEY);
    expect(logged).toContain('assistant provider failed');
    expect(logged).toContain('"upstreamStatus":500');
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain(UPSTREAM_DETAIL);
  });
});
