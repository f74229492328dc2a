import { createHmac, timingSafeEqual } from 'node:crypto';
import { MESSAGES, NOTIFICATION_TOPICS, type NotificationTopic, type UnsubscribeResponse } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { preferencesOf, setTopic } from './preferences.js';

// One-click unsubscribe from notification email (RFC 8058): each email carries a link that needs no
// sign-in, signed with the server's secret so that nobody can make one for someone else. A link stops
// one topic; the digest's stops every topic that was in it. Links do not expire: an old email's link
// must still work.

/** What a link stops: one topic, or every topic sent in the daily digest. */
export type UnsubscribeScope = NotificationTopic | 'digest';

const TOPIC_WORDS: Record<NotificationTopic, string> = {
  replies: 'replies to your discussions and posts',
  sessions: 'live and scheduled sessions',
  discussions: 'new discussions in your classes',
  classes: 'enrolments and class changes',
  likes: 'likes of your posts',
  account: 'your account and moderation',
};

/** How a topic is named in an email and on the unsubscribe page. */
export const topicWords = (topic: NotificationTopic) => TOPIC_WORDS[topic];

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  const payload = `${userId}.${scope}`;
  return `${payload}.${signature(secret, payload)}`;
}

function readToken(secret: string, token: string): { userId: string; scope: UnsubscribeScope } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId = '', scope = '', mac = ''] = parts;
  const expected = Buffer.from(signature(secret, `${userId}.${scope}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (scope !== 'digest' && !(NOTIFICATION_TOPICS as readonly string[]).includes(scope)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

/** The page an email's link opens (the web app's, which asks before it unsubscribes). */
export const unsubscribePageUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** Where a mail client posts a one-click unsubscribe (List-Unsubscribe). */
export const oneClickUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** The headers that let a mail client offer its own unsubscribe button (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(ctx: AppContext, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl(ctx, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Stops the emails a link names; an unknown, forged or spoiled token is a 400. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeResponse> {
  const read = readToken(ctx.config.jwtSecret, token);
  const invalid = () => badRequest(MESSAGES.notificationPreferences.invalidLink);
  if (!read) throw invalid();
  // A signed link of an account deleted since: nothing left to stop.
  const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, read.userId));
  if (!owner) throw invalid();
  const current = await preferencesOf(ctx, read.userId);
  const chosen =
    read.scope === 'digest'
      ? current.preferences.filter((p) => p.email === 'daily')
      : current.preferences.filter((p) => p.topic === read.scope);
  await ctx.db.transaction(async (tx) => {
    for (const preference of chosen) {
      await setTopic(tx, read.userId, preference.topic, { inApp: preference.inApp, email: 'off' });
    }
  });
  const topics = chosen.map((p) => p.topic);
  const what = read.scope === 'digest' ? 'what was in your daily digest' : topicWords(read.scope);
  return { message: MESSAGES.notificationPreferences.unsubscribed(what), topics };
}
