import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.js';
import { applyAuthChange } from './authChanges.js';
import { SessionCache } from './sessionCache.js';

const user = (id: string): UserRow =>
  ({ id, name: `user ${id}`, role: 'learner', createdAt: new Date(0) }) as unknown as UserRow;
const found = (id: string) => ({ user: user(id), lastSeenAt: new Date(0), restrictions: [] });

function listening(options: ConstructorParameters<typeof SessionCache>[0] = {}) {
  const cache = new SessionCache(options);
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('answers what was stored, per session', () => {
    const cache = listening();
    cache.set(cache.generation(), 's1', found('u1'));
    expect(cache.get('s1')?.user.id).toBe('u1');
    expect(cache.get('s2')).toBeUndefined();
  });

  it('neither stores nor answers while nobody listens for changes, and empties when listening stops or starts', () => {
    const cache = new SessionCache();
    cache.set(cache.generation(), 's1', found('u1'));
    expect(cache.get('s1')).toBeUndefined();
    cache.setListening(true);
    cache.set(cache.generation(), 's1', found('u1'));
    cache.setListening(false);
    expect(cache.size).toBe(0);
    cache.setListening(true);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not store a read that began before a change (it may have read the old row)', () => {
    const cache = listening();
    const before = cache.generation();
    cache.forgetUser('someone else');
    cache.set(before, 's1', found('u1'));
    expect(cache.get('s1')).toBeUndefined();
    cache.set(cache.generation(), 's1', found('u1'));
    expect(cache.get('s1')).toBeDefined();
  });

  it('forgets every session of a user, or one session, and nothing else', () => {
    const cache = listening();
    const g = cache.generation();
    cache.set(g, 'a1', found('a'));
    cache.set(g, 'a2', found('a'));
    cache.set(g, 'b1', found('b'));
    cache.forgetUser('a');
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b1')).toBeDefined();
    cache.forgetSession('b1');
    expect(cache.size).toBe(0);
  });

  it('lets entries expire after the TTL and keeps at most maxEntries, dropping the oldest', () => {
    let now = 1_000;
    const cache = listening({ ttlMs: 100, maxEntries: 2, now: () => now });
    cache.set(cache.generation(), 's1', found('u1'));
    now += 101;
    expect(cache.get('s1')).toBeUndefined();
    cache.set(cache.generation(), 's1', found('u1'));
    cache.set(cache.generation(), 's2', found('u2'));
    cache.set(cache.generation(), 's3', found('u3'));
    expect(cache.size).toBe(2);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s3')).toBeDefined();
    // The dropped entry's user index went with it: forgetting u1 touches nothing left.
    cache.forgetUser('u1');
    expect(cache.size).toBe(2);
  });

  it('reads the database notifications: user:<id>, session:<id>, member:<id>:<class>, anything else empties it', () => {
    const cache = listening();
    const g = cache.generation();
    cache.set(g, 's1', found('u1'));
    cache.set(g, 's2', found('u2'));
    cache.set(g, 's3', found('u3'));
    applyAuthChange(cache, 'user:u1');
    expect(cache.get('s1')).toBeUndefined();
    applyAuthChange(cache, 'session:s2');
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')).toBeDefined();
    // An enrolment that ends (member:<userId>:<classId>) changes no session.
    applyAuthChange(cache, 'member:u3:c1');
    expect(cache.get('s3')).toBeDefined();
    applyAuthChange(cache, 'garbled');
    expect(cache.size).toBe(0);
  });
});
