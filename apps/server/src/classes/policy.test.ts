import type { Role } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import {
  canCreateClass,
  canDeleteClass,
  canEditClass,
  canListCreatedClasses,
  canManageRoster,
  canRotateLiveRoom,
  canScheduleSessions,
  canSeeClassRoom,
  canSeeSessions,
  canStartLive,
  createdClass,
  deletesClassAsModerator,
  enrolRefusal,
  isClassMentor,
  removesLearnerAsModerator,
} from './policy.js';

const person = (role: Role, verified = false, id = `${role}-${verified}`) => ({ id, role, verified });
const owner = person('mentor', true, 'owner');
const cls = { mentorId: owner.id, status: 'upcoming' as const };
const learner = person('learner');
const admin = person('admin', true);
const otherMentor = person('mentor', true);

describe('class policy', () => {
  it('lets only verified mentors and "both" create classes', () => {
    expect(canCreateClass(person('mentor', true))).toBe(true);
    expect(canCreateClass(person('both', true))).toBe(true);
    expect(canCreateClass(person('mentor', false))).toBe(false);
    expect(canCreateClass(person('both', false))).toBe(false);
    expect(canCreateClass(person('learner', true))).toBe(false);
    expect(canCreateClass(admin)).toBe(false);
  });

  it('lets only its mentor edit a class, start its live session or give it a new room link; its mentor or an admin delete it', () => {
    for (const check of [canEditClass, canStartLive, canRotateLiveRoom]) {
      expect(check(owner, cls)).toBe(true);
      for (const who of [admin, learner, otherMentor]) expect(check(who, cls)).toBe(false);
    }
    expect(canDeleteClass(owner, cls)).toBe(true);
    expect(canDeleteClass(admin, cls)).toBe(true);
    expect(canDeleteClass(otherMentor, cls)).toBe(false);
    expect(canDeleteClass(learner, cls)).toBe(false);
  });

  it('counts its creator as its mentor only while they hold a mentor role (mentor or both)', () => {
    for (const role of ['mentor', 'both'] as const) expect(isClassMentor(person(role, true, 'owner'), cls)).toBe(true);
    for (const role of ['learner', 'admin'] as const) {
      const demoted = person(role, false, 'owner');
      expect(createdClass(demoted, cls)).toBe(true);
      expect(isClassMentor(demoted, cls)).toBe(false);
      expect(canEditClass(demoted, cls)).toBe(false);
      expect(canStartLive(demoted, cls)).toBe(false);
    }
    expect(canDeleteClass(person('learner', false, 'owner'), cls)).toBe(false);
    // Still its creator: no enrolling in the class they made.
    expect(enrolRefusal(person('learner', false, 'owner'), cls)).toBe('ownClass');
  });

  it('lists created classes for mentors only', () => {
    expect(canListCreatedClasses(person('mentor'))).toBe(true);
    expect(canListCreatedClasses(person('both'))).toBe(true);
    expect(canListCreatedClasses(learner)).toBe(false);
    expect(canListCreatedClasses(admin)).toBe(false);
  });

  it('lets anyone signed in but the class mentor enrol, admins included (API.md)', () => {
    expect(enrolRefusal(learner, cls)).toBeUndefined();
    expect(enrolRefusal(otherMentor, cls)).toBeUndefined();
    expect(enrolRefusal(person('both'), cls)).toBeUndefined();
    expect(enrolRefusal(owner, cls)).toBe('ownClass');
    expect(enrolRefusal(admin, cls)).toBeUndefined();
  });

  it('refuses new enrolments in a completed class, whatever the status before', () => {
    expect(enrolRefusal(learner, { ...cls, status: 'ongoing' })).toBeUndefined();
    expect(enrolRefusal(learner, { ...cls, status: 'completed' })).toBe('completed');
    expect(enrolRefusal(admin, { ...cls, status: 'completed' })).toBe('completed');
    // Its creator hears the reason that holds whatever the status.
    expect(enrolRefusal(owner, { ...cls, status: 'completed' })).toBe('ownClass');
  });

  it("lets its mentor and admins manage a class's roster; an admin doing it is moderating", () => {
    expect(canManageRoster(owner, cls)).toBe(true);
    expect(canManageRoster(admin, cls)).toBe(true);
    for (const who of [learner, otherMentor, person('both', true), person('learner', false, 'owner')]) {
      expect(canManageRoster(who, cls)).toBe(false);
    }
    expect(removesLearnerAsModerator(admin, cls)).toBe(true);
    expect(removesLearnerAsModerator(owner, cls)).toBe(false);
  });

  it("shows a class's room to its members only: enrolled, its mentor, or an admin", () => {
    expect(canSeeClassRoom({ isMember: true })).toBe(true);
    expect(canSeeClassRoom({ isMember: false })).toBe(false);
  });

  it('counts an admin deleting a class they do not mentor as moderating', () => {
    expect(deletesClassAsModerator(admin, cls)).toBe(true);
    expect(deletesClassAsModerator(person('admin', true, 'owner'), cls)).toBe(true);
    expect(deletesClassAsModerator(owner, cls)).toBe(false);
    expect(deletesClassAsModerator(otherMentor, cls)).toBe(false);
  });

  it('lets only its mentor schedule, move or cancel its sessions: not admins, not a creator who lost the mentor role', () => {
    expect(canScheduleSessions(owner, cls)).toBe(true);
    expect(canScheduleSessions(person('both', true, 'owner'), cls)).toBe(true);
    for (const who of [
      admin,
      learner,
      otherMentor,
      person('learner', false, 'owner'),
      person('admin', true, 'owner'),
    ]) {
      expect(canScheduleSessions(who, cls)).toBe(false);
    }
  });

  it("shows a class's sessions to its members only: enrolled, its mentor, or an admin", () => {
    expect(canSeeSessions({ isMember: true })).toBe(true);
    expect(canSeeSessions({ isMember: false })).toBe(false);
  });
});
