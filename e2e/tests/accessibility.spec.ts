import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi } from '../support/accounts';
import {
  adminToken,
  createClassViaApi,
  createPost,
  replyToDiscussion,
  reviewViaApi,
  seedClass,
  seedClassroom,
  setEnrolment,
  startDiscussion,
  verifiedMentor,
} from '../support/seed';

// axe-core's WCAG 2.1 A and AA rules (labels, names, landmarks, colour contrast, ...) on every screen
// built so far, in both themes.

// Each test walks several screens and runs axe on each: slow on a loaded 2-core machine, so every test
// here gets three times the usual time.
test.beforeEach(() => {
  test.slow();
});

const THEMES = ['light', 'dark'] as const;

async function openAs(page: Page, path: string, theme: string, token: string | null): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([themeValue, tokenValue]) => {
      window.localStorage.setItem('theme', themeValue ?? 'light');
      if (tokenValue) window.localStorage.setItem('token', tokenValue);
    },
    [theme, token],
  );
  await page.goto(path);
  await page.locator('h1').first().waitFor();
}

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, label).toEqual([]);
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test('signed-out screens meet WCAG 2.1 AA', async ({ page }) => {
      for (const path of ['/', '/login', '/register', '/no-such-page']) {
        await openAs(page, path, theme, null);
        await expectNoViolations(page, `${theme} ${path}`);
      }
      await openAs(page, '/login', theme, null);
      await page.getByLabel('Email address').fill('nobody@e2e.mentora.test');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').first().waitFor();
      await expectNoViolations(page, `${theme} /login with the error banner`);
    });

    test('the dashboards meet WCAG 2.1 AA', async ({ page, request }) => {
      const room = await seedClassroom(request);
      await openAs(page, '/dashboard', theme, room.learnerToken);
      await page.getByText('Enrolled in a class').waitFor();
      await expectNoViolations(page, `${theme} learner dashboard`);

      const mentorToken = await registerViaApi(request, newAccount('mentor', 'Maria Mentor'));
      await openAs(page, '/dashboard', theme, mentorToken);
      await page.getByRole('button', { name: 'Request verification' }).waitFor();
      await page.getByRole('button', { name: /Account menu/ }).click();
      await expectNoViolations(page, `${theme} mentor dashboard with the account menu open`);
    });

    test('the phone menu meets WCAG 2.1 AA', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await openAs(page, '/', theme, null);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectNoViolations(page, `${theme} phone menu`);
    });

    test('the classes and reviews screens meet WCAG 2.1 AA', async ({ page, request }) => {
      const mentor = await verifiedMentor(request);
      const cls = await createClassViaApi(request, mentor.token, {
        title: 'Accessible astronomy',
        tags: ['stars', 'telescopes'],
        maxStudents: 10,
        schedule: 'Fridays 20:00',
        prerequisites: 'Curiosity',
        materials: 'A warm coat',
      });
      const learner = await registerViaApi(request, newAccount('learner', 'Ada Lovelace'));
      await setEnrolment(request, learner, cls._id, true);
      await reviewViaApi(request, learner, { classId: cls._id, rating: 4, comment: 'Clear skies.' });

      await openAs(page, '/classes', theme, learner);
      await page.getByRole('article').first().waitFor();
      await expectNoViolations(page, `${theme} /classes`);
      await openAs(page, `/classes/${cls._id}`, theme, learner);
      await page.getByRole('button', { name: 'Unenrol' }).click();
      await page.getByRole('alertdialog').waitFor();
      await expectNoViolations(page, `${theme} class detail (learner) with the confirm dialog`);
      await openAs(page, `/classes/${cls._id}/reviews`, theme, learner);
      await page.getByRole('list', { name: 'Reviews, newest first' }).waitFor();
      await expectNoViolations(page, `${theme} reviews`);
      await openAs(page, `/classes/${cls._id}`, theme, mentor.token);
      await page.getByRole('button', { name: 'Start live session' }).waitFor();
      await expectNoViolations(page, `${theme} class detail (its mentor)`);
      await openAs(page, '/classes/create', theme, mentor.token);
      await page.getByRole('button', { name: 'Create class' }).click();
      await page.getByText('Title is required').waitFor();
      await expectNoViolations(page, `${theme} create class with field errors`);
      await page.evaluate(() => window.localStorage.removeItem('token'));
      await openAs(page, `/classes/${cls._id}/reviews`, theme, null);
      await page.getByText("Sign in to see this class's reviews").waitFor();
      await expectNoViolations(page, `${theme} reviews, signed out`);
    });

    test('profile and settings meet WCAG 2.1 AA', async ({ page, request }) => {
      const room = await seedClassroom(request);
      await openAs(page, '/profile', theme, room.mentorToken);
      await page.getByRole('region', { name: 'Created classes' }).getByRole('link').first().waitFor();
      await expectNoViolations(page, `${theme} /profile (mentor)`);
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByLabel('Full name').fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Name is required').waitFor();
      await expectNoViolations(page, `${theme} /profile editing, with a field error`);

      await openAs(page, '/settings', theme, room.learnerToken);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Current password is required').waitFor();
      await expectNoViolations(page, `${theme} /settings with field errors`);
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
      await page.getByText('Password is required', { exact: true }).waitFor();
      await expectNoViolations(page, `${theme} /settings delete dialog`);
    });

    test('forgot and reset password meet WCAG 2.1 AA', async ({ page }) => {
      await openAs(page, '/forgot-password', theme, null);
      await expectNoViolations(page, `${theme} /forgot-password`);
      await page.getByLabel('Email address').fill('nobody@e2e.mentora.test');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('Check your inbox').waitFor();
      await expectNoViolations(page, `${theme} /forgot-password answered`);
      await openAs(page, '/reset-password?token=made-up', theme, null);
      await expectNoViolations(page, `${theme} /reset-password`);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await expectNoViolations(page, `${theme} /reset-password with field errors`);
      await openAs(page, '/reset-password', theme, null);
      await expectNoViolations(page, `${theme} /reset-password without a token`);
    });

    test('the discussions screens meet WCAG 2.1 AA', async ({ page, request }) => {
      const room = await seedClass(request, 'Accessible discussions', 'Ada Lovelace');
      const flagged = await startDiscussion(request, room.learnerToken, {
        classId: room.classId,
        title: 'Feedback on my proposal',
        content: 'What a stupid idea, you idiot.',
      });
      await replyToDiscussion(request, room.mentorToken, flagged._id, 'Thanks, this is a great and helpful question!');
      await replyToDiscussion(request, room.learnerToken, flagged._id, 'Shut up, you stupid idiot.');

      await openAs(page, '/discussions', theme, room.learnerToken);
      await page.getByRole('link', { name: 'Feedback on my proposal' }).waitFor();
      await expectNoViolations(page, `${theme} /discussions`);
      await page.getByRole('radio', { name: 'My replies' }).check({ force: true });
      await expectNoViolations(page, `${theme} /discussions, my replies`);
      await openAs(page, `/discussions/${flagged._id}`, theme, room.learnerToken);
      await page
        .getByRole('article', { name: /^Reply by/ })
        .first()
        .waitFor();
      await expectNoViolations(page, `${theme} discussion with flagged content`);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').waitFor();
      await expectNoViolations(page, `${theme} discussion delete confirmation`);
      await openAs(page, `/discussions/create?classId=${room.classId}`, theme, room.learnerToken);
      await page.getByRole('button', { name: 'Start Discussion' }).click();
      await page.getByText('Please fill in all fields').waitFor();
      await expectNoViolations(page, `${theme} create discussion (locked class) with the error`);
      await openAs(page, '/discussions/create', theme, room.learnerToken);
      await page.getByRole('option', { name: 'Accessible discussions' }).waitFor({ state: 'attached' });
      await expectNoViolations(page, `${theme} create discussion`);

      const outsider = await registerViaApi(request, newAccount('learner', 'Otto Outsider'));
      await openAs(page, '/discussions', theme, outsider);
      await page.getByText('You are not enrolled in any classes').waitFor();
      await expectNoViolations(page, `${theme} /discussions, not enrolled`);
    });

    test('the community screens meet WCAG 2.1 AA', async ({ page, request }) => {
      const token = await registerViaApi(request, newAccount('learner', 'Ada Lovelace'));
      const postTitle = `Accessible community post ${theme} ${Date.now()}`;
      await createPost(request, token, {
        title: postTitle,
        content: 'I love how friendly everyone is here.',
        category: 'question',
        tags: ['a11y'],
      });
      await openAs(page, '/community', theme, token);
      await page.getByRole('article', { name: postTitle }).waitFor();
      await expectNoViolations(page, `${theme} /community`);
      await page.getByRole('button', { name: 'Create Post' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Publish post' }).click();
      await page.getByText('Title is required').waitFor();
      await expectNoViolations(page, `${theme} create-post dialog with field errors`);
      await page.keyboard.press('Escape');
      await page.getByRole('article', { name: postTitle }).getByRole('button', { name: 'Delete post' }).click();
      await page.getByRole('alertdialog').waitFor();
      await expectNoViolations(page, `${theme} delete-post confirmation`);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 375, height: 740 });
      await expectNoViolations(page, `${theme} /community on a phone`);
    });

    test('the global search dialog meets WCAG 2.1 AA', async ({ page, request }) => {
      const token = await registerViaApi(request, newAccount('learner', 'Ada Lovelace'));
      const word = `zq${Date.now().toString(36)}`;
      await createPost(request, token, { title: `Searching for ${word}`, content: `Where is ${word} taught?` });
      await openAs(page, '/dashboard', theme, token);
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill(word);
      await page.getByRole('option').first().waitFor();
      await expectNoViolations(page, `${theme} search dialog with results`);
      await page.getByRole('combobox').fill('qxjvwz nothing here');
      await page.getByText(/No results for/).waitFor();
      await expectNoViolations(page, `${theme} search dialog with no results`);
    });

    test('the admin dashboard meets WCAG 2.1 AA', async ({ page, request }) => {
      // Six tabs, a confirmation and a phone width, each opened and checked: about a minute on a quiet
      // machine, so more than a slow test's 90 s on a loaded one.
      test.setTimeout(180_000);
      const seeded = await seedClass(request, 'Accessible admin class', 'Ada Lovelace');
      await startDiscussion(request, seeded.learnerToken, {
        classId: seeded.classId,
        title: 'A rude thread',
        content: 'What a stupid idea, you idiot.',
      });
      const pending = await registerViaApi(request, newAccount('mentor', 'Pat Pending'));
      await request.post('/api/users/request-verification', { headers: { Authorization: `Bearer ${pending}` } });

      const admin = await adminToken(request);
      for (const tab of ['classes', 'mentors', 'learners', 'admins', 'audit', 'discussions']) {
        await openAs(page, `/admin?tab=${tab}`, theme, admin);
        await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
        await expectNoViolations(page, `${theme} /admin ${tab}`);
      }
      await page.getByRole('button', { name: 'Delete A rude thread' }).first().click();
      await page.getByRole('alertdialog').waitFor();
      await expectNoViolations(page, `${theme} admin confirmation`);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByRole('tab', { name: 'Mentors' }).click();
      await page.getByRole('list', { name: 'Pending verification requests' }).waitFor();
      await expectNoViolations(page, `${theme} /admin mentors on a phone`);
    });

    // Apart from the dashboard's six tabs: together they outran even a slow test's time on a loaded CI machine.
    test('the assistant meets WCAG 2.1 AA', async ({ page, request }) => {
      const seeded = await seedClass(request, 'Accessible admin class', 'Ada Lovelace');
      await openAs(page, '/dashboard', theme, seeded.learnerToken);
      await page.getByRole('button', { name: 'Open the assistant' }).click();
      const panel = page.getByRole('dialog', { name: 'Mentora Assistant' });
      await panel.getByText('How can I help?').waitFor();
      await expectNoViolations(page, `${theme} assistant, empty`);
      await panel.getByLabel('Message the assistant').fill('which classes teach accessible admin');
      await panel.getByLabel('Message the assistant').press('Enter');
      await panel.getByRole('link', { name: 'Accessible admin class' }).first().waitFor();
      await expectNoViolations(page, `${theme} assistant with an answer`);
      await page.setViewportSize({ width: 375, height: 740 });
      await expectNoViolations(page, `${theme} assistant on a phone`);
    });
  });
}
