import {
  ALWAYS_IN_APP_TOPICS,
  type EmailDelivery,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TOPIC_OF,
  NOTIFICATION_TOPICS,
  type NotificationKind,
  type NotificationPreferencesResponse,
  type NotificationTopic,
  TIME_ZONE_NAME_ERROR,
  type updateNotificationPreferencesRequestSchema,
} from '@mentora/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { mailSettings, notificationPreferences, type UserRow } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { effectiveTimeZone, storableTimeZone } from './timeZones.js';

// How each topic of notification reaches a person (issue #29): in the app or not, and by email at once,
// in the daily digest or not at all. A row per kind is kept only where someone chose otherwise than
// NOTIFICATION_DEFAULTS; the API speaks of topics (every kind of a topic is written alike).

type UpdateInput = z.output<typeof updateNotificationPreferencesRequestSchema>;

const kindsOf = (topic: NotificationTopic) =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_TOPIC_OF[kind] === topic);

/** A kind's default email delivery, as SQL over a kind column or value. */
function defaultEmailSql(kind: SQL): SQL<EmailDelivery> {
  // The kinds and deliveries are the contract's constants, never user input.
  const cases = NOTIFICATION_KINDS.map(
    (k) => `when '${k}' then '${NOTIFICATION_DEFAULTS[NOTIFICATION_TOPIC_OF[k]].email}'`,
  ).join(' ');
  return sql<EmailDelivery>`(case ${kind}::text ${sql.raw(cases)} end)`;
}

/** How a kind reaches the user by email, as SQL: their choice, else its topic's default. */
export function emailDeliverySql(userId: SQL, kind: SQL): SQL<EmailDelivery> {
  return sql<EmailDelivery>`coalesce(
    (select p.email from ${notificationPreferences} p where p.user_id = ${userId} and p.kind = ${kind}),
    ${defaultEmailSql(kind)})`;
}

/**
 * Whether a notification (its user and kind, as SQL) shows in the app: not when its user turned its
 * topic off there. Every in-app read (the list, the unread count, live events) asks this.
 */
export function shownInAppSql(userId: SQL, kind: SQL): SQL<boolean> {
  return sql<boolean>`not exists (select from ${notificationPreferences} p
    where p.user_id = ${userId} and p.kind = ${kind} and not p.in_app)`;
}

/** The kinds each of these users turned off in the app. */
export async function hiddenKinds(db: Queryable, userIds: string[]): Promise<Map<string, Set<NotificationKind>>> {
  const hidden = new Map<string, Set<NotificationKind>>();
  if (userIds.length === 0) return hidden;
  const rows = await db
    .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.inApp, false)));
  for (const row of rows) {
    const kinds = hidden.get(row.userId) ?? new Set();
    kinds.add(row.kind);
    hidden.set(row.userId, kinds);
  }
  return hidden;
}

/** The user's preferences, one per topic in NOTIFICATION_TOPICS order, and their digest's zone. */
export async function preferencesOf(ctx: AppContext, userId: string): Promise<NotificationPreferencesResponse> {
  const [rows, settings] = await Promise.all([
    ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    ctx.db.select({ timeZone: mailSettings.timeZone }).from(mailSettings).where(eq(mailSettings.userId, userId)),
  ]);
  const chosen = new Map(rows.map((row) => [NOTIFICATION_TOPIC_OF[row.kind], row]));
  return {
    preferences: NOTIFICATION_TOPICS.map((topic) => {
      const inAppLocked = ALWAYS_IN_APP_TOPICS.includes(topic);
      const row = chosen.get(topic);
      const { inApp, email } = row ?? NOTIFICATION_DEFAULTS[topic];
      return { topic, inApp: inAppLocked || inApp, inAppLocked, email };
    }),
    // A zone stored before zones were checked, or dropped by a database upgrade, is not the one the
    // digest keeps (it keeps UTC then): say so.
    timeZone: await effectiveTimeZone(ctx.db, settings[0]?.timeZone ?? null),
    digestHour: ctx.config.digestHour,
    emailEnabled: ctx.config.smtpUrl !== undefined,
  };
}

/** Writes the topics named (each of its kinds alike), and the digest's zone when given. */
export async function updatePreferences(
  ctx: AppContext,
  user: UserRow,
  input: UpdateInput,
): Promise<NotificationPreferencesResponse> {
  // The contract let through only IANA names Intl knows; PostgreSQL must know the name too, or the
  // digest's statement over every user would fail on it.
  const timeZone = input.timeZone ? await storableTimeZone(ctx.db, input.timeZone) : input.timeZone;
  if (timeZone === undefined && input.timeZone !== undefined) {
    throw badRequest(TIME_ZONE_NAME_ERROR, [{ path: 'timeZone', message: TIME_ZONE_NAME_ERROR }]);
  }
  const current = await preferencesOf(ctx, user.id);
  await ctx.db.transaction(async (tx) => {
    for (const { topic, inApp, email } of input.preferences ?? []) {
      const now = current.preferences.find((p) => p.topic === topic) ?? { ...NOTIFICATION_DEFAULTS[topic] };
      await setTopic(tx, user.id, topic, { inApp: inApp ?? now.inApp, email: email ?? now.email });
    }
    if (timeZone !== undefined) {
      await tx
        .insert(mailSettings)
        .values({ userId: user.id, timeZone })
        .onConflictDoUpdate({ target: mailSettings.userId, set: { timeZone } });
    }
  });
  return preferencesOf(ctx, user.id);
}

/** Sets one topic for a user: its rows go when the choice is the default again. */
export async function setTopic(
  db: Queryable,
  userId: string,
  topic: NotificationTopic,
  choice: { inApp: boolean; email: EmailDelivery },
): Promise<void> {
  const kinds = kindsOf(topic);
  // Always shown in the app, whatever is asked.
  const inApp = ALWAYS_IN_APP_TOPICS.includes(topic) || choice.inApp;
  const fallback = NOTIFICATION_DEFAULTS[topic];
  if (inApp === fallback.inApp && choice.email === fallback.email) {
    await db
      .delete(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.kind, kinds)));
    return;
  }
  await db
    .insert(notificationPreferences)
    .values(kinds.map((kind) => ({ userId, kind, inApp, email: choice.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp, email: choice.email },
    });
}
