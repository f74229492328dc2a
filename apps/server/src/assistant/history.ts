import type { ChatHistoryItem } from '@mentora/contract';
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { chatMessages } from '../db/schema.js';
import type { Turn } from './provider.js';

// Each user's conversation with the assistant: the question and its answer are stored together once
// the answer is complete, so the history always reads question, answer, question, answer.

/** Messages GET /gemini/history returns. */
export const HISTORY_LIMIT = 50;
/** Turns (single messages, either side) a prompt carries. */
export const PROMPT_TURNS = 10;

async function latest(db: Queryable, userId: string, limit: number) {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** The last turns, oldest first, starting with a question (a model may not open a conversation). */
export async function recentTurns(db: Queryable, userId: string, limit = PROMPT_TURNS): Promise<Turn[]> {
  const rows = await latest(db, userId, limit);
  const firstQuestion = rows.findIndex((row) => row.role === 'user');
  return (firstQuestion < 0 ? [] : rows.slice(firstQuestion)).map(({ role, content }) => ({ role, content }));
}

export async function listHistory(db: Queryable, userId: string): Promise<ChatHistoryItem[]> {
  const rows = await latest(db, userId, HISTORY_LIMIT);
  return rows.map((row) => ({ role: row.role, content: row.content, createdAt: row.createdAt.toISOString() }));
}

/**
 * Stores a question and its answer in one transaction. The answer is stamped at least a millisecond
 * after the question so that (created_at, id) order never puts it first.
 */
export async function saveExchange(
  db: Queryable,
  userId: string,
  question: { content: string; at: Date },
  answer: string,
): Promise<void> {
  const answeredAt = new Date(Math.max(Date.now(), question.at.getTime() + 1));
  await db.transaction(async (tx) => {
    await tx.insert(chatMessages).values({ userId, role: 'user', content: question.content, createdAt: question.at });
    await tx.insert(chatMessages).values({ userId, role: 'assistant', content: answer, createdAt: answeredAt });
  });
}

export async function clearHistory(db: Queryable, userId: string): Promise<number> {
  const deleted = await db
    .delete(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .returning({ id: chatMessages.id });
  return deleted.length;
}
