import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('is the uppercased first letter of the name', () => {
    expect(initials('ada Lovelace')).toBe('A');
    expect(initials('Grace')).toBe('G');
  });

  it('ignores surrounding spaces', () => {
    expect(initials('   bob  ')).toBe('B');
  });

  it('keeps whole characters beyond the basic plane and non-Latin letters', () => {
    expect(initials('𝒜lice')).toBe('𝒜');
    expect(initials('émile')).toBe('É');
    expect(initials('ölçü')).toBe('Ö');
  });

  it('shows a question mark when there is no name', () => {
    expect(initials('')).toBe('?');
    expect(initials('   ')).toBe('?');
    expect(initials(undefined)).toBe('?');
    expect(initials(null)).toBe('?');
  });
});
