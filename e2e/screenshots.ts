import path from 'node:path';
import { type APIRequestContext, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts';
import { portrait, strip } from './support/pictures';
import {
  adminToken,
  createClassViaApi,
  createPost,
  profileId,
  replyToDiscussion,
  reviewViaApi,
  seedClass,
  seedClassroom,
  setEnrolment,
  startDiscussion,
  verifiedMentor,
} from './support/seed';

const OUT = path.join(import.meta.dirname, 'screenshots');
// Long lists lay out only their items near the screen (content-visibility: auto); a full-page capture
// shows them all, as scrolling would.
const ALL_RENDERED = '* { content-visibility: visible !important; }';
const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 375, height: 812 },
] as const;

async function open(page: Page, url: string, theme: string, token: string | null): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([themeValue, tokenValue]) => {
      window.localStorage.setItem('theme', themeValue ?? 'light');
      if (tokenValue) window.localStorage.setItem('token', tokenValue);
      else window.localStorage.removeItem('token');
    },
    [theme, token],
  );
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  // Let toasts, skeletons and the theme transition settle.
  await page.waitForTimeout(600);
}

for (const size of SIZES) {
  test(`screens at ${size.label} width`, async ({ browser, request }) => {
    const room = await seedClassroom(request, 'Ada Lovelace');
    const mentorToken = await registerViaApi(request, newAccount('mentor', 'Maria Mentor'));
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`), fullPage, style: ALL_RENDERED });

      await open(page, '/', theme, null);
      await shot('landing');
      await open(page, '/login', theme, null);
      await shot('login');
      await open(page, '/register', theme, null);
      await shot('register');
      await open(page, '/no-such-page', theme, null);
      await shot('404');
      // An email's unsubscribe link, signed out: it asks first; this token is made up, so it is refused.
      await open(page, '/unsubscribe?token=made-up.replies.token', theme, null);
      await shot('unsubscribe');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('alert').waitFor();
      await shot('unsubscribe-invalid');
      await open(page, '/dashboard', theme, room.learnerToken);
      await page.getByText('Enrolled in a class').first().waitFor();
      await shot('dashboard-learner');
      await open(page, '/dashboard', theme, mentorToken);
      await page.getByRole('button', { name: 'Request verification' }).waitFor();
      await shot('dashboard-mentor');
      if (size.label === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await shot('menu-open', false);
      } else {
        await page.getByRole('button', { name: /Account menu/ }).click();
        await shot('account-menu', false);
      }
      await open(page, '/login', theme, null);
      await page.getByLabel('Email address').fill('nobody@example.com');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').first().waitFor();
      await shot('login-error', false);
      await context.close();
    }
  });
}

for (const size of SIZES) {
  test(`search dialog at ${size.label} width`, async ({ browser, request }) => {
    const room = await seedClassroom(request, 'Ada Lovelace');
    await createPost(request, room.learnerToken, {
      title: 'Radio telescopes at home',
      content: 'Has anyone built a small radio telescope? I want to hear the hydrogen line.',
    });
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      await open(page, '/dashboard', theme, room.learnerToken);
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill('radio');
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `search-${theme}-${size.width}.png`) });
      await page.getByRole('combobox').fill('radoi');
      await page.getByRole('option').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT, `search-typo-${theme}-${size.width}.png`) });
      await context.close();
    }
  });
}

/**
 * Two classes with discussions (one reply flagged) and a community feed, for the screens below. Both
 * widths share one server: each seeds its own posts (`variant`), so the feed shows no duplicates.
 */
async function seedTalk(request: import('@playwright/test').APIRequestContext, variant: 0 | 1) {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const web = await seedClass(request, 'Intro to Web Accessibility', 'Ada Lovelace');
  const data = await seedClass(request, 'Data Structures in Practice', 'Linus Learner');
  await setEnrolment(request, web.learnerToken, data.classId, true);
  await startDiscussion(request, web.mentorToken, {
    classId: web.classId,
    title: 'Which colour contrast checker do you use?',
    content: 'Share your favourite tools for checking contrast. I like the browser dev tools.',
  });
  const flagged = await startDiscussion(request, web.learnerToken, {
    classId: web.classId,
    title: 'How do screen readers announce live regions?',
    content:
      'I added aria-live="polite" to my status message but nothing is read out.\n\nWhat am I missing? Thanks for any help!',
  });
  await replyToDiscussion(
    request,
    web.mentorToken,
    flagged._id,
    'Great question! The region has to exist before its text changes: render it empty first, then fill it.',
  );
  // A second learner joins the class and answers rudely: the flagged reply of the detail screenshot.
  await setEnrolment(request, data.learnerToken, web.classId, true);
  await replyToDiscussion(request, data.learnerToken, flagged._id, 'What a stupid idea, you idiot.');
  await startDiscussion(request, web.learnerToken, {
    classId: data.classId,
    title: 'When is a heap better than a sorted array?',
    content: 'Both give me the smallest element quickly. When does the heap win?',
  });

  const posts = [
    {
      token: web.mentorToken,
      title: 'Welcome to the community!',
      content: 'Introduce yourself below and tell us what you are learning this month. We are glad you are here.',
      category: 'announcement',
      tags: ['welcome', 'introductions'],
    },
    {
      token: data.learnerToken,
      title: 'My build keeps failing',
      content: 'I am frustrated: the build fails with a cryptic error and nothing I try works. Any ideas?',
      category: 'help',
      tags: ['vite', 'build'],
    },
    {
      token: web.learnerToken,
      title: 'Study group for data structures?',
      content: 'Anyone up for a weekly study group? We could go through one topic per week.',
      category: 'question',
      tags: [],
    },
    {
      token: web.mentorToken,
      title: 'Office hours moved to Thursday',
      content: 'This week the live office hours move to Thursday at 18:00. Bring your questions!',
      category: 'announcement',
      tags: ['schedule'],
    },
    {
      token: data.learnerToken,
      title: 'Finally understood recursion',
      content: 'After three tries it clicked: trust the smaller call. Happy and proud today!',
      category: 'general',
      tags: ['recursion', 'wins'],
    },
    {
      token: web.learnerToken,
      title: 'How do you take notes during live classes?',
      content: 'Paper, a notes app, or do you just rewatch the recording?',
      category: 'question',
      tags: ['study-tips'],
    },
  ].slice(variant * 3, variant * 3 + 3);
  for (const post of posts) {
    const created = await createPost(request, post.token, post);
    if (post.category === 'question') {
      await request.post(`/api/community/${created._id}/like`, { headers: bearer(web.mentorToken) });
      await request.post(`/api/community/${created._id}/replies`, {
        headers: bearer(data.learnerToken),
        data: { content: 'Count me in! Thursdays would be great for me.' },
      });
    }
  }
  return { learnerToken: web.learnerToken, classId: web.classId, flaggedId: flagged._id };
}

for (const size of SIZES) {
  test(`discussions and community at ${size.label} width`, async ({ browser, request }) => {
    const talk = await seedTalk(request, size.label === 'phone' ? 1 : 0);
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`), fullPage, style: ALL_RENDERED });

      await open(page, '/discussions', theme, talk.learnerToken);
      await page.getByRole('region').first().waitFor();
      await shot('discussions');
      await open(page, `/discussions/${talk.flaggedId}`, theme, talk.learnerToken);
      await page
        .getByRole('article', { name: /^Reply by/ })
        .first()
        .waitFor();
      await shot('discussion-detail');
      await open(page, `/discussions/create?classId=${talk.classId}`, theme, talk.learnerToken);
      await page.getByRole('option', { name: 'Intro to Web Accessibility' }).waitFor({ state: 'attached' });
      await shot('discussion-create');
      await open(page, '/community', theme, talk.learnerToken);
      await page.getByRole('list', { name: 'Posts' }).waitFor();
      await shot('community');
      await page.getByRole('button', { name: 'Create Post' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(200);
      await shot('community-create-dialog', false);
      await context.close();
    }
  });
}

/** A verified mentor's classes, with learners, ratings and reviews, for the class screens below. */
async function seedCatalogue(request: import('@playwright/test').APIRequestContext) {
  const mentor = await verifiedMentor(request, 'Grace Hopper');
  const other = await verifiedMentor(request, 'Alan Turing');
  const learners = await Promise.all(
    ['Ada Lovelace', 'Linus Learner', 'Katherine Johnson'].map((name) =>
      registerViaApi(request, newAccount('learner', name)),
    ),
  );
  const [ada, linus, katherine] = learners as [string, string, string];
  await createClassViaApi(request, other.token, {
    title: 'Design Systems that Scale',
    description: 'Tokens, components and documentation: how to build a design system a whole company can use.',
    category: 'design',
    contentType: 'video',
    contentUrl: 'https://videos.example.com/design-systems',
  });
  await createClassViaApi(request, other.token, {
    title: 'Marketing for Makers',
    description: 'Find your first hundred users without a budget.',
    category: 'marketing',
    contentType: 'uploadable',
    contentUrl: 'https://files.example.com/marketing.zip',
    isPaid: true,
    price: 19.99,
  });
  const compilers = await createClassViaApi(request, mentor.token, {
    title: 'Compilers from Scratch',
    description:
      'Build a small compiler for a real language in eight weeks: lexing, parsing, type checking and code generation, ' +
      'with a working program at the end of every week.\n\nEach session starts with a short talk and ends with pair programming.',
    category: 'programming',
    contentType: 'live',
    schedule: 'Tuesdays and Thursdays, 18:00 UTC',
    maxStudents: 12,
    prerequisites: 'Comfortable with one programming language; recursion holds no fear.',
    materials: 'A laptop with Node.js 20. The course notes are shared in the first session.',
    tags: ['compilers', 'typescript', 'parsing'],
    startDate: '2026-09-01T18:00:00.000Z',
  });
  for (const token of learners) {
    await request.post(`/api/classes/${compilers._id}/enroll`, { headers: { Authorization: `Bearer ${token}` } });
  }
  await reviewViaApi(request, katherine, {
    classId: compilers._id,
    rating: 4,
    comment: 'Dense but rewarding. The parsing weeks were the highlight for me.',
  });
  await reviewViaApi(request, linus, { classId: compilers._id, rating: 5, comment: 'Best class I have taken here.' });
  await reviewViaApi(request, ada, {
    classId: compilers._id,
    rating: 4,
    comment: 'Clear explanations and great pair-programming sessions.\nI would love a follow-up on optimisation.',
  });
  // Two sessions ahead, for the class page's list, the assistant and the calendar.
  const day = (days: number, hour: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    at.setUTCHours(hour, 0, 0, 0);
    return at.toISOString();
  };
  for (const [title, startsAt, durationMinutes] of [
    ['Lexing by hand', day(1, 18), 90],
    ['Recursive descent parsing', day(3, 18), 120],
  ] as const) {
    await request.post(`/api/classes/${compilers._id}/sessions`, {
      headers: { Authorization: `Bearer ${mentor.token}` },
      data: { title, startsAt, durationMinutes },
    });
  }
  return { mentorToken: mentor.token, learnerToken: ada, classId: compilers._id };
}

/** A mentor's class after an admin made the mentor a learner: the page as its creator sees it then. */
async function seedDemotedMentorClass(request: APIRequestContext) {
  const mentor = await verifiedMentor(request, 'Dora Demoted');
  const cls = await createClassViaApi(request, mentor.token, { title: 'Watercolour Basics', category: 'other' });
  const id = await profileId(request, mentor.token);
  await request.put(`/api/admin/users/${id}/role`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { role: 'learner' },
  });
  return { token: mentor.token, classId: cls._id };
}

for (const size of SIZES) {
  test(`classes and reviews at ${size.label} width`, async ({ browser, request }) => {
    const catalogue = await seedCatalogue(request);
    const demoted = await seedDemotedMentorClass(request);
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`), fullPage, style: ALL_RENDERED });

      await open(page, '/classes', theme, catalogue.learnerToken);
      await page.getByRole('article').first().waitFor();
      await shot('classes');
      await open(page, `/classes/${catalogue.classId}`, theme, catalogue.learnerToken);
      await page.getByRole('button', { name: 'Unenrol' }).waitFor();
      await shot('class-detail-learner');
      await page.getByRole('button', { name: 'Unenrol' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(200);
      await shot('class-confirm-dialog', false);
      await open(page, `/classes/${catalogue.classId}/reviews`, theme, catalogue.learnerToken);
      await page.getByRole('list', { name: 'Reviews, newest first' }).waitFor();
      await shot('reviews');
      await open(page, `/classes/${catalogue.classId}`, theme, catalogue.mentorToken);
      await page.getByRole('button', { name: 'Start live session' }).waitFor();
      await shot('class-detail-mentor');
      await page.getByRole('button', { name: 'New room link' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(200);
      await shot('class-room-link-dialog', false);
      await page.getByRole('button', { name: 'Make new link' }).click();
      await page.getByText('New room link made.').waitFor();
      await page.waitForTimeout(600);
      await shot('class-room-link-done', false);
      await open(page, `/classes/${demoted.classId}`, theme, demoted.token);
      await page.getByRole('heading', { name: 'A class you created' }).waitFor();
      await shot('class-detail-demoted-mentor');
      await open(page, '/classes/create', theme, catalogue.mentorToken);
      await shot('class-create');
      await page.getByRole('button', { name: 'Create class' }).click();
      await page.getByText('Title is required').waitFor();
      await shot('class-create-errors');

      // What a mentor runs a class with (issue #25): edit, schedule, roster, insight; the calendar link.
      await open(page, `/classes/${catalogue.classId}/edit`, theme, catalogue.mentorToken);
      await page.getByLabel('Status').waitFor();
      await shot('class-edit');
      await open(page, `/classes/${catalogue.classId}`, theme, catalogue.mentorToken);
      await page.getByRole('button', { name: 'Schedule session' }).click();
      await page.getByRole('dialog', { name: 'Schedule session' }).waitFor();
      await page.waitForTimeout(200);
      await shot('class-schedule-dialog', false);
      await open(page, `/classes/${catalogue.classId}/roster`, theme, catalogue.mentorToken);
      await page.getByRole('heading', { name: /learners? enrolled/ }).waitFor();
      await shot('class-roster');
      await open(page, `/classes/${catalogue.classId}/insight`, theme, catalogue.mentorToken);
      await page.locator('.recharts-surface').first().waitFor();
      await page.waitForTimeout(400);
      await shot('class-insight');
      await open(page, '/settings', theme, catalogue.learnerToken);
      await page.getByRole('textbox', { name: 'Calendar link' }).waitFor();
      await shot('settings-calendar');
      await open(page, `/classes/${catalogue.classId}`, theme, catalogue.learnerToken);
      await page.getByRole('button', { name: 'Open the assistant' }).click();
      const panel = page.getByRole('dialog', { name: 'Mentora Assistant' });
      // Typed: after the first theme's question, the chat shows its history instead of the suggestions.
      await panel.getByLabel('Message the assistant').fill('When is my next session?');
      await panel.getByLabel('Message the assistant').press('Enter');
      await panel
        .getByText(/^Your next session is/)
        .nth(theme === 'light' ? 0 : 1)
        .waitFor();
      await page.waitForTimeout(400);
      await shot('assistant-schedule', false);
      await context.close();
    }
  });
}

/**
 * People (a second admin among them), classes and discussions for the admin screens, and a learner with a
 * TypeScript class to ask about.
 */
async function seedAdmin(request: import('@playwright/test').APIRequestContext, tsTitle: string, adminName: string) {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admin = await adminToken(request);
  const promoted = await registerViaApi(request, newAccount('learner', adminName));
  const promotedId = await profileId(request, promoted);
  await request.put(`/api/admin/users/${promotedId}/role`, { headers: bearer(admin), data: { role: 'admin' } });
  for (const name of ['Priya Patel', 'Tomás Herrera']) {
    const token = await registerViaApi(request, newAccount('mentor', name));
    await request.post('/api/users/request-verification', { headers: bearer(token) });
  }
  await registerViaApi(request, newAccount('both', 'Sam Both'));
  const mentor = await verifiedMentor(request, 'Grace Hopper');
  const learners = await Promise.all(
    ['Ada Lovelace', 'Linus Learner'].map((name) => registerViaApi(request, newAccount('learner', name))),
  );
  const [ada, linus] = learners as [string, string];
  await createClassViaApi(request, mentor.token, {
    title: 'Design Systems that Scale',
    description: 'Tokens, components and documentation.',
    category: 'design',
  });
  const ts = await createClassViaApi(request, mentor.token, {
    title: tsTitle,
    description: 'Types that catch bugs before your users do: generics, narrowing and strict mode.',
    category: 'programming',
    tags: ['typescript'],
  });
  for (const token of learners) await setEnrolment(request, token, ts._id, true);
  await reviewViaApi(request, linus, { classId: ts._id, rating: 5, comment: 'Great.' });
  await startDiscussion(request, ada, {
    classId: ts._id,
    title: 'When should I use unknown instead of any?',
    content: 'I keep reaching for any. When is unknown the better choice?',
  });
  await startDiscussion(request, linus, {
    classId: ts._id,
    title: 'This class is a waste of time',
    content: 'What a stupid idea, you idiot.',
  });
  return { admin, learner: ada };
}

for (const size of SIZES) {
  test(`admin and assistant at ${size.label} width`, async ({ browser, request }) => {
    test.slow();
    // Both widths run at once on one server: each its own TypeScript class, so the answer names both.
    const tsTitle = size.label === 'desktop' ? 'TypeScript in Practice' : 'TypeScript for Beginners';
    const seeded = await seedAdmin(request, tsTitle, size.label === 'desktop' ? 'Joan Clarke' : 'Hedy Lamarr');
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`), fullPage, style: ALL_RENDERED });

      for (const tab of ['classes', 'mentors', 'learners', 'admins', 'audit', 'discussions']) {
        await open(page, `/admin?tab=${tab}`, theme, seeded.admin);
        await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
        await shot(`admin-${tab}`);
      }
      await page
        .getByRole('button', { name: /^Delete When should I/ })
        .first()
        .click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(200);
      await shot('admin-confirm-dialog', false);

      await open(page, '/dashboard', theme, seeded.learner);
      await page.getByRole('button', { name: 'Open the assistant' }).click();
      const panel = page.getByRole('dialog', { name: 'Mentora Assistant' });
      await panel.getByText('How can I help?').waitFor();
      await shot('assistant-empty', false);
      await panel.getByLabel('Message the assistant').fill('which classes teach typescript');
      await panel.getByLabel('Message the assistant').press('Enter');
      await panel.getByRole('link', { name: tsTitle }).first().waitFor();
      await page.waitForTimeout(300);
      await shot('assistant-answer', false);
      await panel.getByRole('button', { name: 'Clear chat history' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(200);
      await shot('assistant-clear-dialog', false);
      // The next theme starts from an empty conversation again.
      await page.getByRole('alertdialog').getByRole('button', { name: 'Clear history' }).click();
      await panel.getByText('How can I help?').waitFor();
      await context.close();
    }
  });
}

for (const size of SIZES) {
  test(`account screens at ${size.label} width`, async ({ browser, request }) => {
    const room = await seedClassroom(request, 'Ada Lovelace');
    await request.put('/api/auth/profile', {
      headers: { Authorization: `Bearer ${room.mentorToken}` },
      data: {
        name: room.mentor.name,
        email: room.mentor.email,
        profilePicture: '',
        bio: 'Physicist and chemist. I teach the experiments behind radioactivity, one careful measurement at a time.',
        skills: ['physics', 'chemistry', 'lab safety', 'teaching'],
      },
    });
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`), fullPage, style: ALL_RENDERED });

      await open(page, '/profile', theme, room.mentorToken);
      // The mentor's uploaded picture, square as the server made it.
      await page.getByTestId('avatar-file').setInputFiles({
        name: 'marie.jpg',
        mimeType: 'image/jpeg',
        buffer: await portrait(page),
      });
      await page.getByText('Profile picture updated').waitFor();
      await page.getByRole('region', { name: 'Created classes' }).getByRole('link').first().waitFor();
      await page.waitForTimeout(2500);
      await shot('profile-mentor');
      // A picture far longer than it is tall is refused with what to do, and the picture stays.
      await page.getByTestId('avatar-file').setInputFiles({
        name: 'strip.png',
        mimeType: 'image/png',
        buffer: await strip(page),
      });
      await page.getByText('crop it and try again').waitFor();
      await shot('profile-picture-too-long', false);
      await open(page, '/profile', theme, room.learnerToken);
      await page.getByRole('region', { name: 'Enrolled classes' }).getByRole('link').first().waitFor();
      await shot('profile-learner');
      // A picture on its way: the server's answer held back so the progress bar stays.
      await page.route('**/api/auth/profile/picture', () => {});
      await page.getByTestId('avatar-file').setInputFiles({
        name: 'ada.jpg',
        mimeType: 'image/jpeg',
        buffer: await portrait(page),
      });
      await page.getByRole('button', { name: 'Cancel upload' }).waitFor();
      await shot('profile-picture-uploading', false);
      await page.getByRole('button', { name: 'Cancel upload' }).click();
      await page.unroute('**/api/auth/profile/picture');
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByLabel('Full name').fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Name is required').waitFor();
      await shot('profile-edit-errors');
      await page.getByLabel('Full name').fill(room.learner.name);
      await page.getByLabel('Email address').fill(`new-${room.learner.email}`);
      await page.getByLabel('Current password').fill('not my password');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Your current password is incorrect', { exact: true }).first().waitFor();
      await page.waitForTimeout(300);
      await shot('profile-edit-email-password');
      await open(page, '/settings', theme, room.learnerToken);
      await shot('settings');
      await page.getByLabel('Current password').fill('wrong');
      await page.getByLabel('New password', { exact: true }).fill('brand new 42');
      await page.getByLabel('Confirm new password').fill('brand new 43');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await shot('settings-password-errors');
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(200);
      await shot('settings-delete-dialog', false);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Log out everywhere' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(200);
      await shot('settings-logout-all-dialog', false);
      await page.evaluate(() => window.localStorage.removeItem('token'));
      await open(page, '/forgot-password', theme, null);
      await shot('forgot-password');
      await page.getByLabel('Email address').fill('someone@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('Check your inbox').waitFor();
      await shot('forgot-password-sent');
      await open(page, '/reset-password?token=made-up', theme, null);
      await shot('reset-password');
      await page.getByLabel('New password', { exact: true }).fill('brand new 42');
      await page.getByLabel('Confirm new password').fill('brand new 42');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('alert').waitFor();
      await shot('reset-password-invalid');
      await open(page, '/reset-password', theme, null);
      await shot('reset-password-no-token');
      await context.close();
    }
  });
}

// A whole PNG (1 x 1): its header chunk is what tells the server it is one.
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A class with a few files of different kinds (issue #26), uploaded by its mentor through the API. */
async function seedMaterials(request: APIRequestContext, title: string) {
  const seeded = await seedClass(request, title, 'Ada Lovelace');
  const files = [
    {
      name: 'Week 3 - Recursive descent parsing, worked examples.pdf',
      mimeType: 'application/pdf',
      body: '%PDF-1.4\n',
      pad: 1_800_000,
    },
    { name: 'grammar-cheatsheet.png', mimeType: 'image/png', body: ONE_PIXEL_PNG, pad: 240_000 },
    { name: 'reading-list.md', mimeType: 'text/markdown', body: '# Reading\n\n- Crafting Interpreters\n', pad: 0 },
    { name: 'starter-code.zip', mimeType: 'application/zip', body: 'PK\x03\x04', pad: 52_000 },
  ];
  for (const file of files) {
    const head = typeof file.body === 'string' ? Buffer.from(file.body, 'latin1') : file.body;
    const buffer = Buffer.concat([head, Buffer.alloc(file.pad, file.pad ? 0 : 32)]);
    await request.post(`/api/classes/${seeded.classId}/materials`, {
      headers: { Authorization: `Bearer ${seeded.mentorToken}` },
      multipart: { file: { name: file.name, mimeType: file.mimeType, buffer } },
    });
  }
  return seeded;
}

for (const size of SIZES) {
  test(`class materials at ${size.label} width`, async ({ browser, request }) => {
    const seeded = await seedMaterials(request, size.label === 'desktop' ? 'Compilers workshop' : 'Parsing workshop');
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const card = page.getByTestId('materials-card');
      const shot = (name: string) =>
        card.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`), style: ALL_RENDERED });

      await open(page, `/classes/${seeded.classId}`, theme, seeded.learnerToken);
      await card.getByTestId('material-item').first().waitFor();
      await shot('class-materials-learner');
      await page.screenshot({
        path: path.join(OUT, `class-detail-materials-${theme}-${size.width}.png`),
        fullPage: true,
        style: ALL_RENDERED,
      });

      await open(page, `/classes/${seeded.classId}`, theme, seeded.mentorToken);
      await card.getByTestId('material-item').first().waitFor();
      await shot('class-materials-mentor');

      // An upload part-way: the network slowed down so the bar stops between its ends, and a refused file.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 200 * 1024,
      });
      const chooser = page.waitForEvent('filechooser');
      await card.getByRole('button', { name: 'Add files' }).click();
      await (await chooser).setFiles([
        { name: 'lecture-4-slides.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(4_000_000, 0x25) },
        {
          name: 'installer.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(20)]),
        },
      ]);
      await card.getByRole('alert').waitFor();
      await page.waitForTimeout(3000);
      await shot('class-materials-uploading');
      await card.getByRole('button', { name: /^Cancel the upload of/ }).click();
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      await card
        .getByRole('button', { name: /^Rename / })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Rename file' }).waitFor();
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(OUT, `class-materials-rename-${theme}-${size.width}.png`) });
      await context.close();
    }
  });
}

for (const size of SIZES) {
  test(`the assistant's place and the live controls at ${size.label} width`, async ({ browser, request }) => {
    // Issue #37.1 and #37.2: each control the assistant's button used to cover, brought to the bottom of
    // the screen where a reader has it; the class page's live controls for a learner, on a live class
    // with a session ahead and on a video class.
    const catalogue = await seedCatalogue(request);
    const room = await seedClassroom(request, 'Ada Lovelace');
    const discussions = await request.get(`/api/discussions?classId=${room.classId}`, {
      headers: { Authorization: `Bearer ${room.learnerToken}` },
    });
    const discussionId = ((await discussions.json()) as { _id: string }[])[0]?._id ?? '';
    const video = await createClassViaApi(request, room.mentorToken, {
      title: 'Half-lives on video',
      contentType: 'video',
      contentUrl: 'https://video.example/half-lives',
    });
    await setEnrolment(request, room.learnerToken, video._id, true);
    const admin = await adminToken(request);
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const atBottom = async (name: string, control: import('@playwright/test').Locator) => {
        await control.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`) });
      };
      await open(page, `/discussions/${discussionId}`, theme, room.learnerToken);
      await atBottom('assistant-place-post-reply', page.getByRole('button', { name: 'Post reply' }));
      await open(page, `/classes/${room.classId}`, theme, room.mentorToken);
      await atBottom('assistant-place-delete-class', page.getByRole('button', { name: 'Delete class' }));
      await open(page, '/admin?tab=classes', theme, admin);
      await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
      await atBottom(
        'assistant-place-admin-classes',
        page
          .getByRole('tabpanel')
          .getByRole('button', { name: /^Delete/ })
          .first(),
      );
      await open(page, `/classes/${catalogue.classId}`, theme, catalogue.learnerToken);
      await page.getByRole('button', { name: 'Unenrol' }).waitFor();
      await page.waitForTimeout(600);
      await atBottom('class-live-learner', page.getByRole('button', { name: 'Unenrol' }));
      await open(page, `/classes/${video._id}`, theme, room.learnerToken);
      await page.getByRole('button', { name: 'Unenrol' }).waitFor();
      await page.waitForTimeout(600);
      await atBottom('class-video-learner', page.getByRole('button', { name: 'Unenrol' }));
      await context.close();
    }
  });
}
