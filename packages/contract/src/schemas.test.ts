import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  changePasswordRequestSchema,
  classSessionRequestSchema,
  createClassRequestSchema,
  markNotificationsReadRequestSchema,
  registerRequestSchema,
  renameMaterialRequestSchema,
  resetPasswordRequestSchema,
  tagsSchema,
  updateProfileRequestSchema,
} from './schemas.js';

const validClass = {
  title: ' Intro to TypeScript ',
  description: 'Types for JavaScript developers',
  category: 'programming',
  contentType: 'video',
  contentUrl: 'https://videos.example.com/ts',
};

describe('createClassRequestSchema', () => {
  it('trims text and fills defaults', () => {
    const parsed = createClassRequestSchema.parse(validClass);
    expect(parsed.title).toBe('Intro to TypeScript');
    expect(parsed).toMatchObject({ price: 0, isPaid: false, maxStudents: null, tags: [] });
  });
  it('requires a URL unless the content type is live', () => {
    expect(createClassRequestSchema.safeParse({ ...validClass, contentUrl: '' }).success).toBe(false);
    expect(createClassRequestSchema.safeParse({ ...validClass, contentUrl: 'not a url' }).success).toBe(false);
    expect(createClassRequestSchema.safeParse({ ...validClass, contentType: 'live', contentUrl: '' }).success).toBe(
      true,
    );
  });
  it('enforces the price and capacity bounds of SPEC.md section 9', () => {
    expect(createClassRequestSchema.safeParse({ ...validClass, price: -0.01 }).success).toBe(false);
    expect(createClassRequestSchema.safeParse({ ...validClass, price: 9.999 }).success).toBe(false);
    expect(createClassRequestSchema.safeParse({ ...validClass, price: 19.99 }).success).toBe(true);
    expect(createClassRequestSchema.safeParse({ ...validClass, maxStudents: 0 }).success).toBe(false);
    expect(createClassRequestSchema.safeParse({ ...validClass, maxStudents: 1 }).success).toBe(true);
  });
});

describe('tagsSchema', () => {
  it('accepts comma-separated text or an array, trimmed, empties dropped', () => {
    expect(tagsSchema.parse('a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(tagsSchema.parse([' a ', '', 'b'])).toEqual(['a', 'b']);
  });
  it('refuses more than 20 tags or a tag over 40 characters', () => {
    expect(tagsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(false);
    expect(tagsSchema.safeParse(['x'.repeat(41)]).success).toBe(false);
  });
});

describe('registerRequestSchema', () => {
  const base = { name: 'Ada', email: 'ADA@Example.com', password: 'longenough' };
  it('defaults the role to learner and lowercases the email', () => {
    expect(registerRequestSchema.parse(base)).toMatchObject({ role: 'learner', email: 'ada@example.com' });
  });
  it('refuses the admin role with a clear message', () => {
    const result = registerRequestSchema.safeParse({ ...base, role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.server.adminRoleNotAllowed);
  });
});

describe('new passwords', () => {
  // bcrypt reads 72 bytes: anything longer would be cut without a word, so it is refused instead.
  const cases = (password: string) => [
    registerRequestSchema.safeParse({ name: 'Ada', email: 'ada@example.com', password }),
    changePasswordRequestSchema.safeParse({ currentPassword: 'old password', newPassword: password }),
    resetPasswordRequestSchema.safeParse({ token: 't', password }),
  ];
  it('take up to 72 bytes of UTF-8 and refuse more with a message saying so, counting bytes, not characters', () => {
    for (const result of cases('P'.repeat(72))) expect(result.success).toBe(true);
    for (const long of ['P'.repeat(73), 'é'.repeat(37), '🔑'.repeat(19)]) {
      for (const result of cases(long)) {
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.account.passwordTooLong]);
      }
    }
    // 36 accented letters are 72 bytes; 18 emoji too.
    for (const result of [...cases('é'.repeat(36)), ...cases('🔑'.repeat(18))]) expect(result.success).toBe(true);
  });
});

describe('markNotificationsReadRequestSchema', () => {
  it('takes either some ids or all: true, never both or neither', () => {
    expect(markNotificationsReadRequestSchema.safeParse({ ids: ['a'] }).success).toBe(true);
    expect(markNotificationsReadRequestSchema.safeParse({ all: true }).success).toBe(true);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['a'], all: true }, { ids: 'a' }]) {
      expect(markNotificationsReadRequestSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('notification messages', () => {
  it('groups likes into a count past the first person', () => {
    expect(MESSAGES.notifications.postLikes(1, 'Ana', 'Hello')).toBe('Ana liked your post “Hello”');
    expect(MESSAGES.notifications.postLikes(3, 'Ana', 'Hello')).toBe('3 people liked your post “Hello”');
  });
});

describe('dates stay in range (issue #35)', () => {
  const inYears = (years: number) => new Date(Date.now() + years * 365.25 * 86_400_000).toISOString();
  const session = (startsAt: string) => classSessionRequestSchema.safeParse({ startsAt, durationMinutes: 60 });
  const cls = (startDate: string) => createClassRequestSchema.safeParse({ ...validClass, startDate });
  it('refuses a session or class start past five years from now, or before 2000, with one message', () => {
    for (const far of ['9999-12-31T23:00:00Z', inYears(5.1), '1999-12-31T23:59:59Z', '0000-01-01T00:00:00Z']) {
      for (const [label, result] of [
        ['Start', session(far)],
        ['Start date', cls(far)],
      ] as const) {
        expect(result.success, far).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.input.dateOutOfRange(label)]);
      }
    }
  });
  it('accepts dates inside it', () => {
    for (const near of [inYears(4.9), inYears(0.01), '2000-01-01T00:00:00Z']) {
      expect(cls(near).success, near).toBe(true);
    }
    expect(session(inYears(4.9)).success).toBe(true);
  });
});

describe('names and titles (issue #35)', () => {
  const register = (name: string) =>
    registerRequestSchema.safeParse({ name, email: 'ada@example.com', password: 'longenough' });
  it('refuse control characters, line breaks included', () => {
    for (const name of ['Ada\nLovelace', 'Ada\rLovelace', 'Ada\u2028Lovelace', 'Ada\u0000']) {
      const result = register(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.input.controlCharacters('Name')]);
    }
    expect(createClassRequestSchema.safeParse({ ...validClass, title: 'One\nTwo' }).success).toBe(false);
    expect(
      classSessionRequestSchema.safeParse({
        title: 'a\tb',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        durationMinutes: 60,
      }).success,
    ).toBe(false);
  });
  it('lose bidirectional controls and zero-width characters in people, classes and sessions', () => {
    expect(register(' Ad\u200Ba\u202E ').data?.name).toBe('Ada');
    expect(updateProfileRequestSchema.parse({ name: '\u2066Ada\u2069', email: 'ada@example.com' }).name).toBe('Ada');
    expect(createClassRequestSchema.parse({ ...validClass, title: 'Intro\u200D to TS' }).title).toBe('Intro to TS');
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    expect(classSessionRequestSchema.parse({ title: 'Q\u200F&A', startsAt, durationMinutes: 60 }).title).toBe('Q&A');
  });
  it('that are only invisible characters count as empty', () => {
    expect(register('\u200B\u202E').success).toBe(false);
  });
  it('of files follow the upload rule when renamed: a path is cut to its last segment', () => {
    expect(renameMaterialRequestSchema.parse({ name: '..\\..\\x.bat' }).name).toBe('x.bat');
    expect(renameMaterialRequestSchema.parse({ name: 'inv\u202Eexe.txt' }).name).toBe('invexe.txt');
    expect(renameMaterialRequestSchema.safeParse({ name: 'a\nb' }).success).toBe(false);
    expect(renameMaterialRequestSchema.safeParse({ name: '../' }).success).toBe(false);
  });
});
