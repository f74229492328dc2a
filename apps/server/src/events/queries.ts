import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { sessions } from '../db/schema.js';

/** A new live event id (live_event_seq): unique and increasing across every process. */
export async function nextEventId(db: Queryable): Promise<number> {
  const { rows } = await db.execute(sql`select nextval('live_event_seq') as id`);
  return Number((rows[0] as { id: string | number }).id);
}

/** The highest live event id handed out so far (0 before the first). */
export async function currentEventId(db: Queryable): Promise<number> {
  const { rows } = await db.execute(
    sql`select case when is_called then last_value else 0 end as id from live_event_seq`,
  );
  return Number((rows[0] as { id: string | number }).id);
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row !== undefined;
}
