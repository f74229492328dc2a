import type { RosterLearner } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { csvCell, rosterCsv, rosterFileName } from './rosterCsv';
import { filterRoster } from './rosterSearch';

const learner = (name: string, username: string, enrolledAt = '2026-05-01T09:30:00.000Z'): RosterLearner => ({
  _id: `id-${username}`,
  name,
  username,
  profilePicture: '',
  enrolledAt,
});

describe('rosterCsv', () => {
  it('writes a header and one line per learner, in order, with CRLF line ends', () => {
    expect(
      rosterCsv([learner('Ada Lovelace', 'ada'), learner('Alan Turing', 'alan', '2026-05-02T10:00:00.000Z')]),
    ).toBe(
      'Name,Username,Enrolled at\r\nAda Lovelace,ada,2026-05-01T09:30:00.000Z\r\nAlan Turing,alan,2026-05-02T10:00:00.000Z\r\n',
    );
    expect(rosterCsv([])).toBe('Name,Username,Enrolled at\r\n');
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('Hopper, Grace')).toBe('"Hopper, Grace"');
    expect(csvCell('The "Admiral"')).toBe('"The ""Admiral"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@me')).toBe("'@me");
    expect(csvCell('plain')).toBe('plain');
  });

  it('names the file after the class', () => {
    expect(rosterFileName('TypeScript: from zero!')).toBe('typescript-from-zero-roster.csv');
    expect(rosterFileName('???')).toBe('class-roster.csv');
  });
});

describe('filterRoster', () => {
  const all = [learner('Ada Lovelace', 'ada'), learner('Alan Turing', 'aturing'), learner('Grace Hopper', 'grace')];
  it('matches names and usernames, any case, every word', () => {
    expect(filterRoster(all, 'TURING').map((l) => l.username)).toEqual(['aturing']);
    expect(filterRoster(all, 'a').map((l) => l.username)).toEqual(['ada', 'aturing', 'grace']);
    expect(filterRoster(all, 'ada love').map((l) => l.username)).toEqual(['ada']);
    expect(filterRoster(all, '  ')).toHaveLength(3);
    expect(filterRoster(all, 'nobody')).toEqual([]);
  });
});
