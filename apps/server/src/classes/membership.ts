import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { type ClassRow, classes, enrollments, type UserRow } from '../db/schema.js';
import { isAdmin } from '../users/policy.js';

export interface Membership {
  cls: ClassRow;
  isClassMentor: boolean;
  isEnrolled: boolean;
  isAdmin: boolean;
  /** Enrolled, the class's own mentor, or an admin. */
  isMember: boolean;
}

const classWithEnrolment = prepared('class_membership', (db, name) =>
  db
    .select({ cls: classes, enrolledUser: enrollments.userId })
    .from(classes)
    .leftJoin(enrollments, and(eq(enrollments.classId, classes.id), eq(enrollments.userId, sql.placeholder('userId'))))
    .where(eq(classes.id, sql.placeholder('classId')))
    .limit(1)
    .prepare(name),
);

/** Where a user stands in one class; undefined when the class does not exist. */
export async function membershipOf(db: Queryable, classId: string, user: UserRow): Promise<Membership | undefined> {
  const [row] = await classWithEnrolment(db).execute({ classId, userId: user.id });
  if (!row) return undefined;
  const isClassMentor = row.cls.mentorId === user.id;
  const isEnrolled = row.enrolledUser !== null;
  const admin = isAdmin(user);
  return { cls: row.cls, isClassMentor, isEnrolled, isAdmin: admin, isMember: isClassMentor || isEnrolled || admin };
}
