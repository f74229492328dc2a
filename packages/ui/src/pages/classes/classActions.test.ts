import type { User } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { classActions } from './classActions';

const cls = { mentor: { _id: 'mentor-1', name: 'Marie' }, contentType: 'live' as const };
const person = (id: string, role: User['role']) => ({ _id: id, role });

describe('classActions', () => {
  it('offers no live session on a video or file class, to its learners or its mentor (issue #37.2)', () => {
    for (const contentType of ['video', 'uploadable'] as const) {
      const selfPaced = { ...cls, contentType };
      for (const [who, enrolled] of [
        [person('l1', 'learner'), true],
        [person('mentor-1', 'mentor'), false],
      ] as const) {
        expect(classActions(who, selfPaced, enrolled)).toMatchObject({
          canJoinLive: false,
          canStartLive: false,
          canRotateRoom: false,
        });
      }
    }
  });

  it('lets a signed-in learner who is not enrolled enrol, and nothing else', () => {
    expect(classActions(person('l1', 'learner'), cls, false)).toMatchObject({
      canEnrol: true,
      canUnenrol: false,
      canJoinLive: false,
      canStartLive: false,
      canRotateRoom: false,
      canDelete: false,
      canSeeDiscussions: false,
    });
  });

  it('lets an enrolled learner join the live session, unenrol and use the discussions', () => {
    expect(classActions(person('l1', 'learner'), cls, true)).toMatchObject({
      canEnrol: false,
      canUnenrol: true,
      canJoinLive: true,
      canStartLive: false,
      canRotateRoom: false,
      canDelete: false,
      canSeeDiscussions: true,
      canStartDiscussion: true,
    });
  });

  it("lets the class's own mentor start the session and delete, never enrol", () => {
    for (const role of ['mentor', 'both'] as const) {
      expect(classActions(person('mentor-1', role), cls, false)).toMatchObject({
        isOwner: true,
        canEnrol: false,
        canUnenrol: false,
        canJoinLive: false,
        canStartLive: true,
        canRotateRoom: true,
        canDelete: true,
        canStartDiscussion: true,
      });
    }
  });

  it('gives its creator no controls once they are no longer a mentor, and no enrolling either', () => {
    for (const role of ['learner', 'admin'] as const) {
      expect(classActions(person('mentor-1', role), cls, false)).toMatchObject({
        isCreator: true,
        isOwner: false,
        canEnrol: false,
        canUnenrol: false,
        canJoinLive: false,
        canStartLive: false,
        canStartDiscussion: false,
      });
    }
    expect(classActions(person('mentor-1', 'learner'), cls, false)).toMatchObject({
      canDelete: false,
      canSeeDiscussions: false,
    });
    // An admin deletes any class, the one they once created included.
    expect(classActions(person('mentor-1', 'admin'), cls, false).canDelete).toBe(true);
  });

  it('lets another mentor enrol like anyone else', () => {
    expect(classActions(person('mentor-2', 'mentor'), cls, false)).toMatchObject({
      canEnrol: true,
      canStartLive: false,
      canRotateRoom: false,
      canDelete: false,
    });
  });

  it('lets an admin delete, read discussions and enrol like anyone who is not its mentor (API.md)', () => {
    expect(classActions(person('a1', 'admin'), cls, false)).toMatchObject({
      canEnrol: true,
      canDelete: true,
      canStartLive: false,
      canRotateRoom: false,
      canSeeDiscussions: true,
      canStartDiscussion: false,
    });
  });

  it('offers nothing to someone signed out', () => {
    const actions = classActions(null, cls, false);
    expect(Object.entries(actions).filter(([, allowed]) => allowed)).toEqual([]);
  });

  it('lets its own mentor edit it, and its mentor or an admin manage the roster', () => {
    for (const role of ['mentor', 'both'] as const) {
      expect(classActions(person('mentor-1', role), cls, false)).toMatchObject({
        canEdit: true,
        canManageRoster: true,
      });
    }
    expect(classActions(person('a1', 'admin'), cls, false)).toMatchObject({ canEdit: false, canManageRoster: true });
    for (const who of [person('l1', 'learner'), person('m2', 'mentor'), person('mentor-1', 'learner')]) {
      expect(classActions(who, cls, true)).toMatchObject({ canEdit: false, canManageRoster: false });
    }
  });

  it('offers no enrolment in a completed class; those enrolled may still leave', () => {
    const done = { ...cls, status: 'completed' as const };
    expect(classActions(person('l1', 'learner'), done, false).canEnrol).toBe(false);
    expect(classActions(person('a1', 'admin'), done, false).canEnrol).toBe(false);
    expect(classActions(person('l1', 'learner'), done, true).canUnenrol).toBe(true);
    expect(classActions(person('l1', 'learner'), { ...cls, status: 'ongoing' as const }, false).canEnrol).toBe(true);
  });
});
