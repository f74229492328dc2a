import { describe, expect, it } from 'vitest';
import { tabAfterKey, tabFrom } from './tabs';

describe('tabFrom', () => {
  it('reads a known tab and falls back to Classes (SPEC.md section 9) for anything else', () => {
    expect(tabFrom('mentors')).toBe('mentors');
    expect(tabFrom('discussions')).toBe('discussions');
    expect(tabFrom('audit')).toBe('audit');
    expect(tabFrom('admins')).toBe('admins');
    expect(tabFrom('moderation')).toBe('moderation');
    expect(tabFrom(null)).toBe('classes');
    expect(tabFrom('')).toBe('classes');
    expect(tabFrom('MENTORS')).toBe('classes');
    expect(tabFrom('toString')).toBe('classes');
  });
});

describe('tabAfterKey', () => {
  it('moves with the arrow keys, wrapping around, and jumps with Home and End', () => {
    expect(tabAfterKey('mentors', 'ArrowRight')).toBe('learners');
    expect(tabAfterKey('learners', 'ArrowRight')).toBe('admins');
    expect(tabAfterKey('admins', 'ArrowRight')).toBe('classes');
    expect(tabAfterKey('discussions', 'ArrowRight')).toBe('moderation');
    expect(tabAfterKey('moderation', 'ArrowRight')).toBe('audit');
    expect(tabAfterKey('audit', 'ArrowRight')).toBe('mentors');
    expect(tabAfterKey('mentors', 'ArrowLeft')).toBe('audit');
    expect(tabAfterKey('classes', 'ArrowLeft')).toBe('admins');
    expect(tabAfterKey('classes', 'Home')).toBe('mentors');
    expect(tabAfterKey('classes', 'End')).toBe('audit');
  });

  it('ignores other keys', () => {
    expect(tabAfterKey('classes', 'ArrowDown')).toBeNull();
    expect(tabAfterKey('classes', 'Enter')).toBeNull();
  });
});
