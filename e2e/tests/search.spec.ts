import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { createClassViaApi, setEnrolment, startDiscussion, verifiedMentor } from '../support/seed';

// The global search in a real browser against the real server: Ctrl+K and the navbar's button, results
// grouped by kind with the matched words marked, arrows and Enter, a typo found, and no discussion of a
// class the learner is not in. Every journey shares the database: this one's content has its own word.

test('the global search finds by prefix and with a typo, marks the matches, and opens results from the keyboard', async ({
  page,
  request,
}) => {
  test.slow();
  // Letters only, from all 26, led by a pair no other journey uses:
  // other journeys' words start "zq" and hex, which a 7-letter prefix of a-f alone met within one typo.
  const word = `vw${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}x`;
  const { token: mentorToken } = await verifiedMentor(request, 'Sylvia Earle');
  const ocean = await createClassViaApi(request, mentorToken, {
    title: `Ocean ${word} basics`,
    description: 'Currents, tides and the deep.',
  });
  const other = await createClassViaApi(request, mentorToken, { title: `Closed ${word} circle` });
  const learnerToken = await registerViaApi(request, newAccount('learner', 'Rachel Carson'));
  await setEnrolment(request, learnerToken, ocean._id, true);
  const tides = await startDiscussion(request, learnerToken, {
    classId: ocean._id,
    title: `Tides in ${word}`,
    content: 'Why two a day?',
  });
  // A discussion in a class the learner is not in: never theirs to find.
  await startDiscussion(request, mentorToken, {
    classId: other._id,
    title: `Secret ${word} plans`,
    content: 'Mentors only.',
  });

  await signInWithToken(page, learnerToken, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('combobox');
  await expect(box).toBeFocused();
  await box.fill(word.slice(0, 7));
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  const classes = results.getByRole('group', { name: 'Classes' });
  const discussions = results.getByRole('group', { name: 'Discussions' });
  await expect(classes.getByRole('option')).toHaveCount(2);
  await expect(discussions.getByRole('option')).toHaveCount(1);
  await expect(discussions.getByRole('option')).toContainText(`Tides in ${word}`);
  await expect(results).not.toContainText('Secret');
  await expect(discussions.locator('mark').first()).toHaveText(word.slice(0, 7));

  // Down past the two classes to the discussion, and Enter opens it.
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(discussions.getByRole('option')).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/discussions/${tides._id}$`));
  await expect(dialog).toBeHidden();

  // The navbar's button, and a typo: two letters swapped.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const typo = `${word.slice(0, 3)}${word[4]}${word[3]}${word.slice(5)}`;
  await box.fill(typo);
  const found = classes.getByRole('option', { name: new RegExp(`Ocean ${word} basics`) });
  await expect(found).toBeVisible();
  await expect(found.locator('mark')).toHaveText(word);
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/classes/${ocean._id}$`));

  // Escape closes, and nothing is found for nonsense.
  await page.keyboard.press('Control+k');
  await box.fill(`${word}qqqqqqq nothing`);
  await expect(dialog.getByRole('status')).toHaveText(/No results for/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
