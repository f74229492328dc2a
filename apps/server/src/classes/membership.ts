import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import type { ReadCache } from '../db/readCache.js';
import { type ClassRow, classes, enrolments, type UserRow } from '../db/schema.js';
import { isAdmin } from '../users/policy.js';
import { isClassMentor } from './policy.js';

export interface Membership {
  cls: ClassRow;
  /** Its mentor now (classes/policy.ts isClassMentor): created it and still has a mentor role. */
  isClassMentor: boolean;
  isEnrolled: boolean;
  isAdmin: boolean;
  /** Enrolled, the class's own mentor, or an admin. */
  isMember: boolean;
}

/** The facts of a Membership a rule may ask (isMember is the three together). */
export type MembershipFact = 'isEnrolled' | 'isClassMentor' | 'isAdmin';

/**
 * A rule that allows whoever holds any of these facts, in the two forms a rule is asked in: of a
 * Membership read by the server, and as a predicate for a statement that decides in SQL, given each
 * fact as an SQL boolean. One list makes both, so they cannot drift apart.
 */
export interface MembershipRule {
  (m: Pick<Membership, MembershipFact>): boolean;
  sql(facts: Record<MembershipFact, SQL>): SQL<boolean>;
}

export function anyOf(...facts: MembershipFact[]): MembershipRule {
  const rule = (m: Pick<Membership, MembershipFact>) => facts.some((fact) => m[fact]);
  rule.sql = (sqlFacts: Record<MembershipFact, SQL>) =>
    sql<boolean>`(${sql.join(
      facts.map((fact) => sqlFacts[fact]),
      sql` or `,
    )})`;
  return rule;
}

const classWithEnrolment = prepared('class_membership', (db, name) =>
  db
    .select({ cls: classes, enrolledUser: enrolments.userId })
    .from(classes)
    .leftJoin(enrolments, and(eq(enrolments.classId, classes.id), eq(enrolments.userId, sql.placeholder('userId'))))
    .where(eq(classes.id, sql.placeholder('classId')))
    .limit(1)
    .prepare(name),
);

/** Where a user stands in one class; undefined when the class does not exist. */
export async function membershipOf(db: Queryable, classId: string, user: UserRow): Promise<Membership | undefined> {
  const [row] = await classWithEnrolment(db).execute({ classId, userId: user.id });
  return row && membershipFrom(row, user);
}

/**
 * The same for a read outside any transaction: kept in the read cache (db/readCache.ts), as each look at
 * a class's discussions asks it. Never inside a transaction: a check there must see its own locks.
 */
export async function readMembershipOf(
  { db, readCache }: { db: Db; readCache: ReadCache },
  classId: string,
  user: UserRow,
): Promise<Membership | undefined> {
  const key = JSON.stringify(['membership', classId, user.id]);
  const row = await readCache.read(key, ['classes', 'enrolments'], async () => {
    const [found] = await classWithEnrolment(db).execute({ classId, userId: user.id });
    return found;
  });
  return row && membershipFrom(row, user);
}

function membershipFrom(row: { cls: ClassRow; enrolledUser: string | null }, user: UserRow): Membership {
  const classMentor = isClassMentor(user, row.cls);
  const isEnrolled = row.enrolledUser !== null;
  const admin = isAdmin(user);
  return {
    cls: row.cls,
    isClassMentor: classMentor,
    isEnrolled,
    isAdmin: admin,
    isMember: classMentor || isEnrolled || admin,
  };
}
