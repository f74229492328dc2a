import { UNREAD_COUNT_MAX } from '@mentora/contract';
import { type SQL, sql } from 'drizzle-orm';
import { notifications } from '../db/schema.js';
import { shownInAppSql } from './preferences.js';

/**
 * How many unread notifications the user `userId` (an SQL expression) has, counted up to `upTo`
 * (UNREAD_COUNT_MAX: the contract's "that many or more"). The count stops there instead of reading
 * every unread notification of someone who never reads them, each time they get a new one. A statement
 * that adds one of its own (which it cannot see) counts up to one less and adds it. Kinds the user
 * turned off in the app are not counted (notifications/preferences.ts).
 */
export function unreadCountOf(userId: SQL, upTo: number = UNREAD_COUNT_MAX): SQL<number> {
  return sql<number>`(select count(*)::int from (
    select from ${notifications} u
    where u.user_id = ${userId} and u.read_at is null and ${shownInAppSql(sql`u.user_id`, sql`u.kind`)}
    limit ${sql.raw(String(upTo))}
  ) unread)`;
}
