import { type AssistantStatus, type ChatHistoryItem, MESSAGES } from '@mentora/contract';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { buildContext } from './context.js';
import { clearHistory, listHistory, recentTurns, saveExchange } from './history.js';
import { AssistantAborted, AssistantFailure, type AssistantProvider, type AssistantQuestion } from './provider.js';

// One question to the assistant: build the context the provider answers from, ask, and store the
// question with its answer once the answer is complete. A provider failure becomes a 504 (too slow)
// or a 502 (failed) with a message for the user; nothing of the upstream answer reaches the client.

/** What the asker reads when the provider answered with no text at all (e.g. it declined). */
export const EMPTY_ANSWER = 'I could not put an answer together for that. Please try rephrasing your question.';

/** One question as asked: the message, and the asker's time zone for the times in the answer. */
export interface Asked {
  message: string;
  timeZone?: string | undefined;
}

async function prepare(ctx: AppContext, user: UserRow, asked: Asked, now: Date): Promise<AssistantQuestion> {
  const { message, timeZone = 'UTC' } = asked;
  const [context, history] = await Promise.all([
    buildContext(ctx.db, user, message, { now, timeZone }),
    recentTurns(ctx.db, user.id),
  ]);
  return { message, context, history };
}

function providerFailure(ctx: AppContext, provider: AssistantProvider, error: unknown): unknown {
  if (!(error instanceof AssistantFailure)) return error;
  // The kind and status only: an upstream body or the SDK's error could carry more than we want logged.
  ctx.logger.warn(
    { provider: provider.name, kind: error.kind, upstreamStatus: error.upstreamStatus },
    'assistant provider failed',
  );
  return error.kind === 'timeout'
    ? new HttpError(504, MESSAGES.assistant.timeout)
    : new HttpError(502, MESSAGES.assistant.unavailable);
}

export async function chat(ctx: AppContext, provider: AssistantProvider, user: UserRow, asked: Asked): Promise<string> {
  const askedAt = new Date();
  const question = await prepare(ctx, user, asked, askedAt);
  let answer: string;
  try {
    answer = await provider.answer(question);
  } catch (error) {
    throw providerFailure(ctx, provider, error);
  }
  if (answer.trim() === '') answer = EMPTY_ANSWER;
  await saveExchange(ctx.db, user.id, { content: question.message, at: askedAt }, answer);
  return answer;
}

export interface StreamOptions {
  /** Fires when the asker goes away: the provider call stops and nothing is stored. */
  signal: AbortSignal;
  onDelta: (delta: string) => void;
}

/** Streams the answer through onDelta and resolves with the whole of it, once stored. */
export async function streamChat(
  ctx: AppContext,
  provider: AssistantProvider,
  user: UserRow,
  asked: Asked,
  options: StreamOptions,
): Promise<string> {
  const askedAt = new Date();
  const question = await prepare(ctx, user, asked, askedAt);
  let answer = '';
  try {
    for await (const delta of provider.stream(question, options.signal)) {
      if (options.signal.aborted) break;
      answer += delta;
      options.onDelta(delta);
    }
  } catch (error) {
    throw providerFailure(ctx, provider, error);
  }
  if (options.signal.aborted) throw new AssistantAborted();
  if (answer.trim() === '') {
    answer = EMPTY_ANSWER;
    options.onDelta(answer);
  }
  await saveExchange(ctx.db, user.id, { content: question.message, at: askedAt }, answer);
  return answer;
}

export function status(provider: AssistantProvider): AssistantStatus {
  return provider.model ? { provider: provider.name, model: provider.model } : { provider: provider.name };
}

export function history(ctx: AppContext, user: UserRow): Promise<ChatHistoryItem[]> {
  return listHistory(ctx.db, user.id);
}

export async function clear(ctx: AppContext, user: UserRow): Promise<void> {
  await clearHistory(ctx.db, user.id);
}
