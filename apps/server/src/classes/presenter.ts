import {
  type ClassItem,
  type ClassMaterial,
  type ClassSession,
  type RosterLearner,
  startedSessionOn,
} from '@mentora/contract';
import type { ClassMaterialRow, ClassSessionRow } from '../db/schema.js';
import { presentPersonRef } from '../users/presenter.js';
import type { ClassView } from './queries.js';

/**
 * The only way a class leaves the server. enrolledStudents appears only when the view carries it (detail),
 * enrolledAt only on the viewer's own enrolled classes.
 */
/** A class as every answer shows it; `currency` is the server's (config CURRENCY), which its price is in. */
export function presentClass(view: ClassView, currency: string): ClassItem {
  const { cls } = view;
  return {
    _id: cls.id,
    title: cls.title,
    description: cls.description,
    category: cls.category,
    contentType: cls.contentType,
    contentUrl: cls.contentUrl,
    price: Number(cls.price),
    currency,
    isPaid: cls.isPaid,
    schedule: cls.schedule,
    maxStudents: cls.maxStudents,
    prerequisites: cls.prerequisites,
    materials: cls.materials,
    tags: cls.tags,
    mentor: presentPersonRef(view.mentor),
    ...(view.enrolledStudents ? { enrolledStudents: view.enrolledStudents } : {}),
    studentCount: view.studentCount,
    startDate: cls.startDate?.toISOString() ?? null,
    status: cls.status,
    // A session its mentor started and that is still on (contract liveSession.ts); only live classes have one.
    live: cls.contentType === 'live' && startedSessionOn(cls.liveStartedAt, Date.now()),
    rating: view.rating,
    reviewCount: view.reviewCount,
    createdAt: cls.createdAt.toISOString(),
    ...(view.enrolledAt ? { enrolledAt: view.enrolledAt.toISOString() } : {}),
  };
}

/** A learner as a class's roster lists them: who, and when they enrolled. */
export function presentRosterLearner(row: {
  id: string;
  name: string;
  username: string;
  profilePicture: string;
  enrolledAt: Date;
}): RosterLearner {
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    profilePicture: row.profilePicture,
    enrolledAt: row.enrolledAt.toISOString(),
  };
}

/** A scheduled session as the class page lists it: its start and end in UTC (the page shows them in the viewer's zone). */
export function presentClassSession(row: ClassSessionRow): ClassSession {
  return {
    _id: row.id,
    classId: row.classId,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    durationMinutes: row.durationMinutes,
  };
}

export function presentClassMaterial(row: ClassMaterialRow): ClassMaterial {
  return {
    _id: row.id,
    name: row.name,
    size: row.size,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    ...(row.hidden ? { hidden: true as const } : {}),
  };
}
