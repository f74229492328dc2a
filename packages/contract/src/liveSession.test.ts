import { describe, expect, it } from 'vitest';
import { canJoinNow, LIVE_START_NOW_MINUTES, liveJoin, startedSessionOn } from './liveSession.js';

const MIN = 60_000;
const NOW = Date.parse('2026-12-02T18:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * MIN).toISOString();
const session = (id: string, from: number, minutes: number) => ({ id, startsAt: at(from), endsAt: at(from + minutes) });
const live = { contentType: 'live' as const, startedOn: false };

describe('liveJoin: which session the one Join opens', () => {
  it('offers nothing live on a video or file class, even one with sessions or once started', () => {
    for (const contentType of ['video', 'uploadable'] as const) {
      expect(liveJoin({ contentType, startedOn: true }, [session('a', -5, 60)], NOW)).toEqual({ state: 'none' });
    }
  });

  it('is on while a scheduled session runs, and Join opens it', () => {
    const running = session('a', -5, 60);
    const join = liveJoin(live, [session('b', 120, 60), running], NOW);
    expect(join).toEqual({ state: 'on', session: running });
    expect(canJoinNow(join)).toBe(true);
  });

  it('is on while the session its mentor started on the spot runs, with no scheduled one', () => {
    const join = liveJoin({ contentType: 'live', startedOn: true }, [session('b', 120, 60)], NOW);
    expect(join).toEqual({ state: 'on', session: null });
    expect(canJoinNow(join)).toBe(true);
  });

  it('opens Join 10 minutes before the next session, not earlier', () => {
    const next = session('a', 10, 60);
    expect(liveJoin(live, [next], NOW)).toEqual({
      state: 'opening',
      session: next,
      startsAt: Date.parse(next.startsAt),
    });
    const later = session('a', 11, 60);
    const join = liveJoin(live, [later], NOW);
    expect(join).toEqual({
      state: 'next',
      session: later,
      startsAt: Date.parse(later.startsAt),
      opensAt: Date.parse(later.startsAt) - 10 * MIN,
    });
    expect(canJoinNow(join)).toBe(false);
  });

  it('picks the soonest of the sessions ahead, whatever their order, and ignores ended ones', () => {
    const soonest = session('b', 60, 30);
    const join = liveJoin(live, [session('c', 600, 30), session('ended', -120, 60), soonest], NOW);
    expect(join.state === 'next' && join.session).toBe(soonest);
  });

  it('has nothing to join when nothing runs and nothing is scheduled', () => {
    const join = liveJoin(live, [session('ended', -120, 60)], NOW);
    expect(join).toEqual({ state: 'unscheduled' });
    expect(canJoinNow(join)).toBe(false);
  });
});

describe('startedSessionOn', () => {
  it(`counts a session started on the spot as on for ${LIVE_START_NOW_MINUTES} minutes`, () => {
    expect(startedSessionOn(null, NOW)).toBe(false);
    expect(startedSessionOn(at(-1), NOW)).toBe(true);
    expect(startedSessionOn(new Date(NOW - (LIVE_START_NOW_MINUTES - 1) * MIN), NOW)).toBe(true);
    expect(startedSessionOn(at(-LIVE_START_NOW_MINUTES), NOW)).toBe(false);
  });
});
