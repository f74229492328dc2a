import type { ClassCategory, ClassFilter } from '@mentora/contract';
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { type ClassRow, classes, enrollments, reviews, users } from '../db/schema.js';
import { matchesSearch } from '../db/search.js';
import { type Cursor, olderThanCursor } from '../http/pagination.js';

// Reading classes together with what their cards show (mentor, student count, rating, live), each
// page or single class in ONE statement: the counts are correlated subqueries on indexed columns,
// never a query per class.

const { search: _search, ...classColumns } = getTableColumns(classes);

const studentCount = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.classId} = ${classes.id})`;
type AverageRating = number | null;
const rating = sql<AverageRating>`(select avg(${reviews.rating})::float8 from ${reviews} where ${reviews.classId} = ${classes.id})`;
const reviewCount = sql<number>`(select count(*)::int from ${reviews} where ${reviews.classId} = ${classes.id})`;
const enrolledStudents = sql<string[]>`coalesce(
  (select array_agg(${enrollments.userId}::text order by ${enrollments.createdAt}, ${enrollments.userId})
     from ${enrollments} where ${enrollments.classId} = ${classes.id}),
  '{}'::text[])`;

const viewColumns = {
  cls: classColumns,
  mentor: { id: users.id, name: users.name, profilePicture: users.profilePicture },
  studentCount,
  rating,
  reviewCount,
};

export interface ClassView {
  cls: Omit<ClassRow, 'search'>;
  mentor: { id: string; name: string; profilePicture: string };
  studentCount: number;
  rating: number | null;
  reviewCount: number;
  /** Only on a single class (the detail), not in lists. */
  enrolledStudents?: string[];
}

export interface ClassListOptions {
  viewerId: string;
  filter: ClassFilter;
  category?: ClassCategory | undefined;
  search?: string | undefined;
  cursor?: Cursor | undefined;
  /** Rows to fetch; undefined for all of them. */
  limit?: number | undefined;
}

/** One page (or all) of classes, newest first, with the fields every class card shows. */
export async function listClassViews(db: Queryable, options: ClassListOptions): Promise<ClassView[]> {
  const conditions: SQL[] = [];
  if (options.filter === 'created') conditions.push(eq(classes.mentorId, options.viewerId));
  if (options.filter === 'enrolled') {
    conditions.push(
      sql`exists (select 1 from ${enrollments} where ${enrollments.classId} = ${classes.id} and ${enrollments.userId} = ${options.viewerId})`,
    );
  }
  if (options.category) conditions.push(eq(classes.category, options.category));
  if (options.search) conditions.push(matchesSearch(classes.search, options.search));
  if (options.cursor) conditions.push(olderThanCursor(classes.createdAt, classes.id, options.cursor));
  let query = db
    .select(viewColumns)
    .from(classes)
    .innerJoin(users, eq(users.id, classes.mentorId))
    .where(and(...conditions))
    .orderBy(desc(classes.createdAt), desc(classes.id))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  return query;
}

/** One class with its card fields and the ids of its enrolled students; undefined when it does not exist. */
export async function findClassView(db: Queryable, id: string): Promise<ClassView | undefined> {
  const [row] = await db
    .select({ ...viewColumns, enrolledStudents })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.mentorId))
    .where(eq(classes.id, id))
    .limit(1);
  return row;
}
