import type { MentorDashboardEnrolment, MentorDashboardSession } from '@mentora/contract';
import { presentClassSession } from '../classes/presenter.js';
import type { ClassSessionRow } from '../db/schema.js';
import { presentPersonRef } from '../users/presenter.js';

/** A session on a mentor's dashboard: the class's session shape, with its class's title to show beside it. */
export function presentDashboardSession(row: { session: ClassSessionRow; classTitle: string }): MentorDashboardSession {
  return { ...presentClassSession(row.session), classTitle: row.classTitle };
}

/** An enrolment on a mentor's dashboard: who, in which class, when. */
export function presentDashboardEnrolment(row: {
  learner: { id: string; name: string; profilePicture: string };
  cls: { id: string; title: string };
  enrolledAt: Date;
}): MentorDashboardEnrolment {
  return {
    learner: presentPersonRef(row.learner),
    class: { _id: row.cls.id, title: row.cls.title },
    enrolledAt: row.enrolledAt.toISOString(),
  };
}
