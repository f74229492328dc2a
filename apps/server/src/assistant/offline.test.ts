import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrol,
  makeClass,
  makeDiscussion,
  makeDiscussionReply,
  makeLearner,
  makeVerifiedMentor,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { cancelSession, scheduleSession } from '../classes/sessions.js';
import { classes, classSessions, discussions } from '../db/schema.js';
import { DEMO_PASSWORD } from '../demo/content.js';
import { seedDemo } from '../demo/seed.js';
import { redactEmails, searchTerms } from './context.js';
import { findHelpTopic, HELP_TOPICS } from './help.js';
import { link, plain } from './offline/format.js';
import { pieces } from './offline/index.js';
import { detectIntent, type Intent } from './offline/intents.js';

// The offline assistant against the demo database (seedDemo): each kind of question it recognises,
// answered with the real classes and discussions it used, named and linked.

describe('recognising questions', () => {
  it.each<[string, Intent]>([
    ['hi', 'greeting'],
    ['Hello!', 'greeting'],
    ['What can you do?', 'greeting'],
    ['How do I start a discussion?', 'howTo'],
    ['how can i enroll in a course', 'howTo'],
    ['I forgot my password', 'howTo'],
    ["What's new in my classes?", 'whatsNew'],
    ['Any updates?', 'whatsNew'],
    ['catch me up', 'whatsNew'],
    ['What should I learn next?', 'recommend'],
    ['Can you recommend a design class?', 'recommend'],
    ['What classes am I enrolled in?', 'myClasses'],
    ['Which classes teach SQL?', 'findClasses'],
    ['Is there a course on accessibility', 'findClasses'],
    ['vitest or node test runner?', 'search'],
  ])('%s -> %s', (message, intent) => {
    expect(detectIntent(message)).toBe(intent);
  });

  it.each([
    ['How do I enrol in a class?', 'enrol'],
    ['how do i join the typescript class', 'enrol'],
    ['How do I unenroll?', 'unenrol'],
    ['How can I leave a class?', 'unenrol'],
    ['How do I start a discussion?', 'start-discussion'],
    ['How do I reply to a discussion?', 'reply'],
    ['How do I review a class?', 'review'],
    ['How do I request verification?', 'verification'],
    ['How can I create a class?', 'create-class'],
    ['How do I start a live session?', 'start-live'],
    ['How do I join a live session?', 'join-live'],
    ['How do I post in the community?', 'community'],
    ['How do I switch to dark mode?', 'theme'],
    ['How do I change my password?', 'password'],
    ['How do I change my email?', 'profile'],
  ])('finds the help topic of "%s"', (question, id) => {
    expect(findHelpTopic(question)?.topic.id).toBe(id);
  });

  it('has help for every topic the issue names', () => {
    const ids = HELP_TOPICS.map((topic) => topic.id);
    for (const id of ['enrol', 'start-discussion', 'verification', 'start-live', 'join-live', 'community', 'theme']) {
      expect(ids).toContain(id);
    }
  });

  it('searches on the words that say what a question is about', () => {
    expect(searchTerms('Which classes teach SQL?')).toEqual(['sql']);
    expect(searchTerms('What should I learn next?')).toEqual([]);
    expect(searchTerms('Kotlin, kotlin & Coroutines!')).toEqual(['kotlin', 'coroutines']);
  });

  it('masks email addresses in text it passes on', () => {
    expect(redactEmails('write to jo.doe+x@mail.example.org or me')).toBe('write to [email hidden] or me');
  });

  it('streams an answer in pieces that join back to it', () => {
    const answer = 'Line one\nLine two\n\n- item';
    expect(pieces(answer).join('')).toBe(answer);
    expect(pieces(answer).length).toBe(4);
  });

  it('keeps Markdown links intact whatever the title', () => {
    expect(link('Arrays [part 1]', '/classes/1')).toBe('[Arrays \\[part 1\\]](/classes/1)');
    expect(link('Two\nlines', '/classes/1')).toBe('[Two lines](/classes/1)');
  });

  it('keeps what people wrote from becoming Markdown: no links, no lists, no paragraphs', () => {
    expect(plain('[Free prize](https://evil.example/)')).toBe('\\[Free prize\\](https://evil.example/)');
    expect(plain('a\n\n- b')).toBe('a - b');
    expect(plain('\\o/ [x]\\')).toBe('\\\\o/ \\[x\\]\\\\');
    expect(plain('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('answers from a seeded database', () => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const classId = new Map<string, string>();
  const discussionId = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestServer();
    await seedDemo(t.ctx);
    for (const row of await t.ctx.db.select({ id: classes.id, title: classes.title }).from(classes)) {
      classId.set(row.title, row.id);
    }
    for (const row of await t.ctx.db.select({ id: discussions.id, title: discussions.title }).from(discussions)) {
      discussionId.set(row.title, row.id);
    }
  });
  afterAll(() => t.close());

  const answers: string[] = [];
  async function ask(person: string, message: string): Promise<string> {
    if (!tokens.has(person)) {
      const login = await t.http
        .post('/api/auth/login')
        .send({ email: `${person}@demo.mentora`, password: DEMO_PASSWORD });
      tokens.set(person, login.body.token);
    }
    const res = await t.http
      .post('/api/gemini/chat')
      .set('Authorization', `Bearer ${tokens.get(person)}`)
      .send({ message });
    expect(res.status).toBe(200);
    answers.push(res.body.response);
    return res.body.response;
  }
  const classLink = (title: string) => `[${title}](/classes/${classId.get(title)})`;
  const discussionLink = (title: string) => `[${title}](/discussions/${discussionId.get(title)})`;

  it('"which classes teach X" names and links the matching classes', async () => {
    const answer = await ask('sofia', 'Which classes teach SQL?');
    expect(answer).toContain(classLink('SQL for Analysts'));
    expect(answer).toMatch(/by Amara Okafor, rated 5\.0 from 1 review/);
    // Related community posts come along, linked.
    expect(answer).toMatch(/\[Best way to practise SQL every day\?\]\(\/community#post-[0-9a-f-]{36}\)/);

    const design = await ask('kenji', 'Is there a course on accessibility?');
    expect(design).toContain(classLink('Accessible Interfaces in Practice'));
  });

  it('"what should I learn next" suggests classes in the categories of their enrolments, best rated first', async () => {
    // Sofia: TypeScript, Testing (programming), Accessible Interfaces (design), Portfolio (other).
    const answer = await ask('sofia', 'What should I learn next?');
    const suggested = answer.split('\n').filter((line) => line.startsWith('- '));
    expect(suggested[0]).toContain(classLink('SQL for Analysts'));
    expect(suggested[0]).toContain('which you are enrolled in');
    expect(suggested[1]).toContain(classLink('UX Research on a Shoestring'));
    for (const enrolled of ['TypeScript from Zero to Confident', 'Accessible Interfaces in Practice']) {
      expect(suggested.some((line) => line.startsWith(`- ${classLink(enrolled)}`))).toBe(false);
    }

    // Kenji: design leads to the accessibility class; the completed testing class is not suggested.
    const kenji = await ask('kenji', 'what should i learn next');
    expect(kenji.split('\n').find((line) => line.startsWith('- '))).toContain(
      classLink('Accessible Interfaces in Practice'),
    );
    expect(kenji).not.toContain('Testing Node.js Services the Honest Way');

    // Someone with no enrolments gets the best-rated classes.
    const admin = await ask('admin', 'What should I learn next?');
    expect(admin).toMatch(/not enrolled in any class yet/);
    expect(admin).toContain(classLink('SQL for Analysts'));
  });

  it('"what\'s new in my classes" lists recent discussions and replies of their classes only', async () => {
    // Kenji is in TypeScript, UX Research, Marketing and SQL.
    const answer = await ask('kenji', "What's new in my classes?");
    const [started = '', replies = ''] = answer.split('Latest replies:');
    expect(started).toContain(discussionLink('Newsletter open rates dropped'));
    expect(started).toContain(discussionLink('How many interviews are enough?'));
    expect(started).toContain(discussionLink('When should I use unknown instead of any?'));
    expect(started).toContain(classLink('Marketing for Small Businesses'));
    // His own discussion is not news to him, but a reply to it is.
    expect(started).not.toContain('Generics exercise 3 is confusing');
    expect(replies).toContain(`Amara Okafor replied to ${discussionLink('Generics exercise 3 is confusing')}`);
    // Classes he is not in stay out.
    expect(answer).not.toContain('Checking contrast on my bakery website');
    expect(answer).not.toContain('Flaky test from lesson 5 finally fixed');

    const admin = await ask('admin', "what's new?");
    expect(admin).toMatch(/not enrolled in any classes yet/);
    expect(admin).toContain('[Classes](/classes)');
  });

  it('answers "how do I ..." from its help text, with a link to the page', async () => {
    const live = await ask('amara', 'How do I start a live session?');
    expect(live).toMatch(/^Start a live session:/);
    expect(live).toContain('streaming site opens in a new tab');
    expect(live).toContain('(/classes)');

    const discussion = await ask('sofia', 'How do I start a discussion?');
    expect(discussion).toContain('Start Discussion');
    expect(discussion).toContain('[Start a discussion](/discussions/create)');

    const verification = await ask('jonas', 'How do I request verification?');
    expect(verification).toContain('[Dashboard](/dashboard)');

    const enrol = await ask('sofia', 'How do I enrol in SQL for Analysts?');
    expect(enrol).toMatch(/^Enrol in a class:/);
    expect(enrol).toContain(`The class you named: ${classLink('SQL for Analysts')}`);

    expect(await ask('sofia', 'I forgot my password')).toContain('Forgot password?');
  });

  it('searches only the discussions of classes the asker belongs to', async () => {
    const member = await ask('fatima', 'contrast');
    expect(member).toContain(discussionLink('Checking contrast on my bakery website'));
    const outsider = await ask('kenji', 'Which discussions mention contrast?');
    expect(outsider).toContain(classLink('Accessible Interfaces in Practice'));
    expect(outsider).not.toContain('Checking contrast on my bakery website');
  });

  it('lists the asker’s own classes', async () => {
    const answer = await ask('amara', 'What are my classes?');
    expect(answer).toContain('You teach:');
    expect(answer).toContain(classLink('SQL for Analysts'));
  });

  it('says when nothing matches, and what it can do', async () => {
    const answer = await ask('sofia', 'Tell me about quantum gardening');
    expect(answer).toMatch(/^I could not find anything on Mentora about "quantum gardening"\./);
    expect(answer).toContain('Here is what I can do:');
    expect(answer).toContain('"What should I learn next?"');
    expect(answer).toContain('"How do I start a discussion?"');
    const hello = await ask('lea', 'hello');
    expect(hello).toMatch(/^Hello Léa!/);
    expect(hello).toContain('Here is what I can do:');
  });

  it('shows names, titles and replies that look like Markdown links as text, never as links', async () => {
    const mentor = await makeVerifiedMentor(t, { name: 'Pam [Free prize](https://evil.example/) \\o/' });
    const cls = await makeClass(t, mentor, { title: 'Quokka care [part 1]', tags: ['quokka'] });
    const learner = await makeLearner(t, { name: '[Hi](https://evil.example/) Lu' });
    await enrol(t, cls, learner);
    await makeDiscussion(t, mentor, cls, { title: 'Feeding [draft]' });
    const own = await makeDiscussion(t, learner, cls, { title: 'My question' });
    await makeDiscussionReply(t, mentor, own, 'See [the answer](https://evil.example/)\n- and this');
    const askAs = async (message: string) => {
      const res = await t.http.post('/api/gemini/chat').set(learner.auth).send({ message });
      expect(res.status).toBe(200);
      return res.body.response as string;
    };
    const mentorName = 'Pam \\[Free prize\\](https://evil.example/) \\\\o/';

    const found = await askAs('Which classes teach quokka?');
    expect(found).toContain(`[Quokka care \\[part 1\\]](/classes/${cls.id})`);
    expect(found).toContain(`by ${mentorName},`);

    const news = await askAs("What's new in my classes?");
    expect(news).toContain(`started by ${mentorName} on`);
    expect(news).toContain(`- ${mentorName} replied to`);
    expect(news).toContain('(Quokka care \\[part 1\\])');
    expect(news).toContain('"See \\[the answer\\](https://evil.example/) - and this"');

    expect(await askAs('hello')).toMatch(/^Hello \\\[Hi\\\]\(https:\/\/evil\.example\/\)!/);
    // Not one unescaped "[" anywhere before the outside address.
    for (const answer of [found, news]) expect(answer).not.toMatch(/(^|[^\\])\[[^\]]*\]\(https:\/\/evil/);
  });

  it('never claims to be a language model', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(answer).not.toMatch(/language model|as an ai\b|\bLLM\b|\bGPT\b/i);
      expect(answer).not.toMatch(/@demo\.mentora/);
    }
  });
});

describe('the schedule of the asker’s classes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  const DAY = 86_400_000;
  /** 00:30 UTC, `days` days from today: 09:30 in Tokyo (UTC+9 all year), 00:30 in UTC. */
  const halfPastMidnightUtc = (days: number) => {
    const at = new Date(Date.now() + days * DAY);
    at.setUTCHours(0, 30, 0, 0);
    return at;
  };
  const weekday = (date: Date, timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(date);

  async function askAs(who: { auth: Record<string, string> }, message: string, timeZone?: string) {
    const res = await t.http
      .post('/api/gemini/chat')
      .set(who.auth)
      .send(timeZone ? { message, timeZone } : { message });
    expect(res.status).toBe(200);
    return res.body.response as string;
  }

  it.each<[string, Intent]>([
    ['When is my next session?', 'schedule'],
    ["What's on this week?", 'schedule'],
    ['when is the next class', 'schedule'],
    ['Any upcoming sessions?', 'schedule'],
    ["what's in my calendar", 'schedule'],
    ['What should I learn next?', 'recommend'],
    ['How do I schedule a session?', 'howTo'],
  ])('%s -> %s', (message, intent) => {
    expect(detectIntent(message)).toBe(intent);
  });

  it.each([
    ['How do I schedule a session?', 'schedule-session'],
    ['How can I cancel a session?', 'schedule-session'],
    ['How do I add my sessions to Google Calendar?', 'calendar'],
    ['How do I mark my class as completed?', 'edit-class'],
    ['How do I edit my class?', 'edit-class'],
    ['How do I see who is enrolled?', 'roster'],
    ['How do I start a live session?', 'start-live'],
  ])('finds the help topic of "%s"', (question, id) => {
    expect(findHelpTopic(question)?.topic.id).toBe(id);
  });

  it('names the next session in the asker’s own time zone, and lists the coming week', async () => {
    const mentor = await makeVerifiedMentor(t, { name: 'Mina Mentor' });
    const cls = await makeClass(t, mentor, { title: 'Pottery for Beginners' });
    const other = await makeClass(t, mentor, { title: 'Glazing Masterclass' });
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    const soon = halfPastMidnightUtc(2);
    const later = halfPastMidnightUtc(4);
    const far = halfPastMidnightUtc(12);
    const schedule = (classId: string, title: string, startsAt: Date) =>
      scheduleSession(t.ctx, mentor.user, classId, { title, startsAt: startsAt.toISOString(), durationMinutes: 90 });
    await schedule(cls.id, 'Wheel basics', soon);
    await schedule(cls.id, 'Trimming', later);
    await schedule(cls.id, 'Final firing', far);
    const cancelled = await schedule(cls.id, 'Cancelled clay day', halfPastMidnightUtc(3));
    await cancelSession(t.ctx, mentor.user, cls.id, cancelled._id);
    // A class the learner is not in: its sessions are none of theirs.
    await schedule(other.id, 'Celadon secrets', halfPastMidnightUtc(1));
    const classLink = `[Pottery for Beginners](/classes/${cls.id})`;

    const tokyo = await askAs(learner, 'When is my next session?', 'Asia/Tokyo');
    expect(tokyo).toContain(
      `Your next session is “Wheel basics” of ${classLink}, on ${weekday(soon, 'Asia/Tokyo')} at 09:30 (Asia/Tokyo time), in `,
    );
    // Between one and two days away, depending on the time of day the test runs.
    expect(tokyo).toMatch(/ at 09:30 \(Asia\/Tokyo time\), in ((2[4-9]|3[0-5]) hours|2 days), for 90 minutes\./);
    expect(tokyo).toContain('In the next 7 days (times in Asia/Tokyo time):');
    expect(tokyo).toContain(`- ${weekday(later, 'Asia/Tokyo')} at 09:30: “Trimming” in ${classLink}, 90 minutes`);
    expect(tokyo).not.toContain('Final firing');
    expect(tokyo).not.toContain('Cancelled clay day');
    expect(tokyo).not.toContain('Celadon secrets');
    expect(tokyo).toContain('[Settings](/settings)');

    // Without a time zone: UTC, said as such.
    const utc = await askAs(learner, "What's on this week?");
    expect(utc).toContain(`on ${weekday(soon, 'UTC')} at 00:30 (UTC)`);

    // Its mentor asks too: the sessions of the classes they teach.
    const own = await askAs(mentor, 'What are my upcoming sessions?', 'Asia/Tokyo');
    expect(own).toContain('“Celadon secrets” of [Glazing Masterclass]');
  });

  it('says when a session is on now, when nothing is on this week, and when there is nothing at all', async () => {
    const mentor = await makeVerifiedMentor(t);
    const cls = await makeClass(t, mentor, { title: 'Night Sky Photography' });
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);

    expect(await askAs(learner, 'When is my next session?')).toContain(
      `No sessions are scheduled in your classes ([Night Sky Photography](/classes/${cls.id})).`,
    );
    expect(await askAs(await makeLearner(t), 'When is my next session?')).toMatch(/^You are not in any classes yet/);

    const far = halfPastMidnightUtc(10);
    await scheduleSession(t.ctx, mentor.user, cls.id, { title: '', startsAt: far.toISOString(), durationMinutes: 60 });
    const quiet = await askAs(learner, "What's on this week?", 'Europe/Paris');
    expect(quiet).toMatch(
      /^Nothing is scheduled in your classes in the next 7 days\. Your next session is a session of/,
    );
    expect(quiet).toMatch(/, in (9|10) days, for 60 minutes\./);

    // Started ten minutes ago, an hour long: on now. One that ended is no longer mentioned.
    await t.ctx.db.insert(classSessions).values([
      { classId: cls.id, title: 'Milky Way walk', startsAt: new Date(Date.now() - 10 * 60_000), durationMinutes: 60 },
      { classId: cls.id, title: 'Over already', startsAt: new Date(Date.now() - 3 * 3_600_000), durationMinutes: 60 },
    ]);
    const now = await askAs(learner, 'When is my next session?', 'Europe/Paris');
    expect(now).toMatch(/^“Milky Way walk” of \[Night Sky Photography\]\(\/classes\/[0-9a-f-]{36}\) is on now/);
    expect(now).not.toContain('Over already');
  });

  it('refuses a time zone it does not know, on both endpoints', async () => {
    const learner = await makeLearner(t);
    for (const path of ['/api/gemini/chat', '/api/gemini/chat/stream']) {
      for (const timeZone of ['Mars/Olympus_Mons', 42, 'x'.repeat(65)]) {
        const res = await t.http.post(path).set(learner.auth).send({ message: 'When is my next session?', timeZone });
        expect(res.status, `${path} ${timeZone}`).toBe(400);
        expect(res.body.errors?.[0]?.path).toBe('timeZone');
      }
    }
  });
});
