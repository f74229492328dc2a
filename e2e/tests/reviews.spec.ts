import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { createClassViaApi, reviewViaApi, setEnrolment, verifiedMentor } from '../support/seed';

const title = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

test('an enrolled learner reviews a class, the average updates, and a second review replaces the first', async ({
  page,
  request,
}) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: title('Baking bread') });
  const earlier = await registerViaApi(request, newAccount('learner', 'Early Bird'));
  await setEnrolment(request, earlier, cls._id, true);
  await reviewViaApi(request, earlier, { classId: cls._id, rating: 2, comment: 'Too much kneading.' });
  const learner = await registerViaApi(request, newAccount('learner', 'Ada Lovelace'));
  await setEnrolment(request, learner, cls._id, true);

  // The class page shows the rating to one decimal and leads to the reviews.
  await signInWithToken(page, learner, `/classes/${cls._id}`);
  await expect(page.getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeVisible();
  await page.getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${cls._id}/reviews$`));

  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText(cls.title)).toBeVisible();
  await expect(page.getByTestId('average-rating')).toHaveText('2.0');
  await expect(page.getByTestId('review-count')).toHaveText('1 review');
  const reviews = page.getByRole('list', { name: 'Reviews, newest first' }).getByRole('listitem');
  await expect(reviews).toHaveCount(1);
  await expect(reviews.first()).toContainText('Early Bird');
  await expect(reviews.first()).toContainText('Too much kneading.');

  // The rating starts at 5.
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByLabel('Comment (optional)').fill('Crusty, warm, perfect.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Review submitted successfully')).toBeVisible();
  await expect(page.getByTestId('average-rating')).toHaveText('3.5');
  await expect(page.getByTestId('review-count')).toHaveText('2 reviews');
  await expect(reviews).toHaveCount(2);
  await expect(reviews.first()).toContainText('Ada Lovelace');
  await expect(reviews.first()).toContainText('Your review');
  await expect(reviews.first().getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();

  // Reviewing again replaces the review, and the page says so first.
  await expect(page.getByText('You reviewed this class; submitting again replaces your review.')).toBeVisible();
  await expect(page.getByLabel('Comment (optional)')).toHaveValue('Crusty, warm, perfect.');
  await page.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByLabel('Comment (optional)').fill('Still good on day two.');
  await page.getByRole('button', { name: 'Replace my review' }).click();
  await expect(page.getByTestId('average-rating')).toHaveText('3.0');
  await expect(page.getByTestId('review-count')).toHaveText('2 reviews');
  await expect(reviews).toHaveCount(2);
  await expect(reviews.first()).toContainText('Still good on day two.');
});

test("a signed-in learner who is not enrolled sees the server's message", async ({ page, request }) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: title('Pottery') });
  const outsider = await registerViaApi(request, newAccount('learner', 'Olly Outsider'));
  await signInWithToken(page, outsider, `/classes/${cls._id}/reviews`);

  await expect(page.getByTestId('average-rating')).toHaveText('No ratings yet');
  await expect(page.getByText('No reviews yet')).toBeVisible();
  await page.getByRole('button', { name: 'Submit review' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Only learners enrolled in the class can review it');
  await alert.getByRole('link', { name: 'Open the class to enrol' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${cls._id}$`));
});

test('a signed-out visitor is invited to sign in instead of a broken page', async ({ page, request }) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: title('Origami') });
  await page.goto(`/classes/${cls._id}/reviews`);
  await expect(page).toHaveURL(new RegExp(`/classes/${cls._id}/reviews$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText("Sign in to see this class's reviews")).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('reviews of a class that does not exist say so', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Lost Learner'));
  await signInWithToken(page, token, `/classes/${randomUUID()}/reviews`);
  await expect(page.getByRole('heading', { level: 1, name: 'Class not found' })).toBeVisible();
});
