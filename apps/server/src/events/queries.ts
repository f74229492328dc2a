import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { preparedSql } from '../db/prepared.js';
import { sessions } from '../db/schema.js';

/** A new live event id (live_event_seq): unique and increasing across every process. */
export async function nextEventId(db: Queryable): Promise<number> {
  const [row] = await nextval(db).execute({});
  if (!row) throw new Error('nextval returned no row');
  return Number(row.id);
}

// Every write that others see live takes one: a named statement, planned once per connection.
const nextval = preparedSql<{ id: string | number }>('live_event_next', sql`select nextval('live_event_seq') as id`);

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
