import type { ClassCategory, ClassFilter } from '@mentora/contract';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { type ClassRow, classes, enrolments, reviews, users } from '../db/schema.js';
import { headingMatch, SEARCHED } from '../db/search.js';
import { type Cursor, cursorValues, newestFirstClauses, rankedSearchClauses } from '../http/pagination.js';

// Reading classes together with what their cards show (mentor, student count, rating, live), each
// page or single class in ONE statement: the counts are correlated subqueries on indexed columns,
// never a query per class.

const { search: _search, ...classColumns } = getTableColumns(classes);

const studentCount = sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.classId} = ${classes.id})`;
type AverageRating = number | null;
const rating = sql<AverageRating>`(select avg(${reviews.rating})::float8 from ${reviews} where ${reviews.classId} = ${classes.id})`;
const reviewCount = sql<number>`(select count(*)::int from ${reviews} where ${reviews.classId} = ${classes.id})`;
const enrolledStudents = sql<string[]>`coalesce(
  (select array_agg(${enrolments.userId}::text order by ${enrolments.createdAt}, ${enrolments.userId})
     from ${enrolments} where ${enrolments.classId} = ${classes.id}),
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
  /** When the viewer enrolled: only in the enrolled list (the others are shared by every viewer). */
  enrolledAt?: Date | null;
  /** In a search: 1 when the title or tags hold the text, 0 when only the rest does (ranked first). */
  searchTier?: number | null;
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

// The list's statement depends on which options are given: one prepared statement per shape.
type ListShape = `${ClassFilter}${'' | '+category'}${'' | '+search'}${'' | '+cursor'}${'' | '+limit'}`;

function shapeOf(options: ClassListOptions): ListShape {
  return `${options.filter}${options.category ? '+category' : ''}${options.search ? '+search' : ''}${
    options.cursor ? '+cursor' : ''
  }${options.limit !== undefined ? '+limit' : ''}` as ListShape;
}

const viewerId = sql.placeholder('viewerId');

const classList = prepared<ReturnType<typeof buildClassList>, ListShape>('classes_list', buildClassList, {
  plan: 'custom',
});

function buildClassList(db: Queryable, name: string, shape: string) {
  const conditions: SQL[] = [];
  if (shape.startsWith('created')) conditions.push(eq(classes.mentorId, viewerId));
  if (shape.startsWith('enrolled')) {
    conditions.push(
      sql`exists (select 1 from ${enrolments} where ${enrolments.classId} = ${classes.id} and ${enrolments.userId} = ${viewerId})`,
    );
  }
  if (shape.includes('+category')) conditions.push(eq(classes.category, sql.placeholder('category')));
  // A search ranks title and tag matches first, then newest first; other lists are newest first.
  const tier = sql<number>`(${headingMatch(SEARCHED.classes, sql.placeholder('search'))})::int`.mapWith(Number);
  const page = shape.includes('+search')
    ? rankedSearchClauses(classes, SEARCHED.classes, tier, shape)
    : newestFirstClauses(classes, SEARCHED.classes, shape);
  // The viewer's own enrolment date, one primary-key lookup per row, read only where it is theirs.
  const enrolledAt = shape.startsWith('enrolled')
    ? sql<Date | null>`(select ${enrolments.createdAt} from ${enrolments} where ${enrolments.classId} = ${classes.id} and ${enrolments.userId} = ${viewerId})`.mapWith(
        enrolments.createdAt,
      )
    : sql<Date | null>`null`;
  const query = db
    .select({ ...viewColumns, enrolledAt, searchTier: shape.includes('+search') ? tier : sql<null>`null` })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.mentorId))
    .where(and(...conditions, ...page.conditions))
    .orderBy(...page.order)
    .$dynamic();
  return (shape.includes('+limit') ? query.limit(sql.placeholder('limit')) : query).prepare(name);
}

/** One page (or all) of classes, newest first (a search: its tier first), with the fields every class card shows. */
export async function listClassViews(db: Queryable, options: ClassListOptions): Promise<ClassView[]> {
  return classList(db, shapeOf(options)).execute({
    viewerId: options.viewerId,
    category: options.category,
    search: options.search,
    limit: options.limit,
    ...cursorValues(options.cursor),
  });
}

const classView = prepared('class_view', (db, name) =>
  db
    .select({ ...viewColumns, enrolledStudents })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.mentorId))
    .where(eq(classes.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

/** One class with its card fields and the ids of its enrolled students; undefined when it does not exist. */
export async function findClassView(db: Queryable, id: string): Promise<ClassView | undefined> {
  const [row] = await classView(db).execute({ id });
  return row;
}
