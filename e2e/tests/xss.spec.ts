import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import {
  adminToken,
  createClassViaApi,
  replyToDiscussion,
  setEnrolment,
  startDiscussion,
  verifiedMentor,
} from '../support/seed';

// Cross-site scripting (issue 9): markup and javascript: links typed into every field people can write
// in, shown on every page that shows them. Each payload sets window.__xss (and calls alert() where the
// field has room): the test fails if either happens (the flag, or a 'dialog' event), if the page grows
// an element a payload describes (an <img src="x">, a <script>, any inline on…= handler), if any link
// or picture on the page has a URL other than http(s), or if the browser's Content-Security-Policy had
// to block a script (proof that markup got into the DOM even though the CSP stopped it). And each text
// must be on the page as the very characters that were typed.

const FLAG = 'window.__xss=1';

/** One of each kind of attack; `code` is what it would run. */
function payloads(code: string) {
  return {
    img: `<img src=x onerror=${code}>`,
    script: `<script>${code}</script>`,
    svg: `<svg onload=${code}>`,
    link: `<a href=javascript:${code}>x</a>`,
    // The assistant's answers are Markdown: a link to javascript: must not become one.
    markdown: `[x](javascript:${code})`,
    // Breaking out of an attribute value.
    attribute: `"><img src=x onerror=${code}>`,
  };
}
type Kind = keyof ReturnType<typeof payloads>;
/** With alert(1): for fields with room. */
const LONG = payloads(`${FLAG};alert(1)`);
/** At most 40 characters: fits a tag. */
const SHORT = payloads(FLAG);
const KINDS = Object.keys(LONG) as Kind[];

/** `prefix` (a label and this run's unique word, or nothing) followed by the payloads of these kinds. */
function hostile(prefix: string, kinds: readonly Kind[], max: number, set = LONG): string {
  const text = [prefix, ...kinds.map((kind) => set[kind])].filter((part) => part !== '').join(' ');
  // A payload the server refuses as too long would prove nothing: fail here, naming the text.
  if (text.length > max) throw new Error(`"${text}" is ${text.length} characters, more than ${max}`);
  return text;
}
const everything = (prefix: string) => hostile(prefix, KINDS, 2000);
/** A tag (at most 40 characters) that is nothing but one payload. */
const tag = (kind: Kind) => hostile('', [kind], 40, SHORT);
/** Notifications quote a title whole up to 80 characters: titles someone is notified of stay within. */
const QUOTED_MAX = 80;

const unique = () => `zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const URL_MESSAGE = 'Please enter a valid URL (http or https)';
const CONTENT_URL_MESSAGE = 'Content URL must be a valid URL (http or https)';

// ---------- watching for execution and injected markup ----------

interface Watched {
  page: Page;
  dialogs: string[];
}

/** Every page of the context records CSP violations from its first script on; dialogs are recorded too. */
async function watch(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const violations: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: violations });
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod probes once whether it may compile validators with Function(); refused, it validates without.
      if (event.blockedURI === 'eval') return;
      violations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}: ${event.sample}`);
    });
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/** A new browser (own storage, own session) signed in with this token, on `path`. */
async function browserOf(browser: Browser, token: string, path: string): Promise<Watched> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const watched = await watch(context);
  await signInWithToken(watched.page, token, path);
  return watched;
}

/** What on the page would mean a payload was taken for markup, or ran. Empty when the page is clean. */
function findProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const state = window as unknown as { __xss?: unknown; __cspViolations?: string[] };
    if (state.__xss !== undefined) problems.push(`window.__xss was set to ${String(state.__xss)}`);
    for (const violation of state.__cspViolations ?? []) problems.push(`CSP: ${violation}`);
    const protocol = (url: string) => new URL(url, window.location.href).protocol;
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        // React attaches its listeners with addEventListener: an on…= attribute can only come from markup.
        if (/^on/i.test(attribute.name)) {
          problems.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
        }
      }
    }
    for (const image of Array.from(document.querySelectorAll('img[src="x"]')))
      problems.push(`injected ${image.outerHTML}`);
    for (const script of Array.from(document.querySelectorAll('script'))) {
      const src = script.getAttribute('src');
      if (src === null || new URL(src, window.location.href).origin !== window.location.origin) {
        problems.push(`script not from this site: ${script.outerHTML.slice(0, 200)}`);
      }
    }
    for (const frame of Array.from(document.querySelectorAll('iframe, frame, object, embed'))) {
      problems.push(`unexpected ${frame.outerHTML.slice(0, 200)}`);
    }
    for (const link of Array.from(document.querySelectorAll('a[href], area[href]'))) {
      const href = link.getAttribute('href') ?? '';
      if (!['http:', 'https:', 'mailto:'].includes(protocol(href))) problems.push(`link to ${href}`);
    }
    for (const media of Array.from(document.querySelectorAll('img[src], source[src], video[src], audio[src]'))) {
      const src = media.getAttribute('src') ?? '';
      if (!['http:', 'https:'].includes(protocol(src))) problems.push(`<${media.localName}> from ${src}`);
    }
    for (const form of Array.from(document.querySelectorAll('[action], [formaction]'))) {
      problems.push(`unexpected form target ${form.outerHTML.slice(0, 200)}`);
    }
    return problems;
  });
}

/** Nothing ran and nothing was injected on the page as it is now (`where` names it in a failure). */
async function expectClean({ page, dialogs }: Watched, where: string): Promise<void> {
  expect(await findProblems(page), `markup or script on ${where}`).toEqual([]);
  expect(dialogs, `dialogs opened on ${where}`).toEqual([]);
}

/** The exact text is on the page as text, visible (once or more: one is enough). */
async function expectText(scope: Page | Locator, text: string): Promise<void> {
  await expect(scope.getByText(text, { exact: true }).filter({ visible: true }).first()).toBeVisible();
}

/** The field is marked invalid and described by this message. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function openBell(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel;
}

// ---------- seeding through the API ----------

async function apiOk<T>(response: import('@playwright/test').APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Registers through the API with a bio (support/accounts' helper sends no bio). */
async function registerWithBio(
  request: APIRequestContext,
  role: 'learner' | 'mentor',
  name: string,
  bio: string,
): Promise<string> {
  const account = newAccount(role, name);
  return (
    await apiOk<{ token: string }>(await request.post('/api/auth/register', { data: { ...account, bio } }), 'register')
  ).token;
}

// ---------- the journeys ----------

test('names, bios, skills, a picture file name and every class field typed into the forms show as text on every page, and never run', async ({
  context,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const word = unique();
  const learner = await watch(context);
  const { page } = learner;

  // Registration, through the form: name and bio.
  const registeredName = hostile(`Lia ${word}`, ['markdown', 'img'], 100);
  const registeredBio = everything(`Registration bio ${word}`);
  const account = newAccount('learner', registeredName);
  await page.goto('/register');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('I am joining as').selectOption('learner');
  await page.getByLabel('Bio (optional)').fill(registeredBio);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lia!' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${registeredName}` })).toBeVisible();
  await expectClean(learner, 'the dashboard after registering');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: registeredName })).toBeVisible();
  await expectText(page, registeredBio);
  await expectClean(learner, 'the profile after registering');

  // The profile form: name, bio and skills; and a picture uploaded under a name that tries to leave its attribute.
  const name = hostile(`Lia ${word}`, ['attribute', 'svg'], 100);
  const bio = everything(`Profile bio ${word}`);
  const skills = (['script', 'link', 'markdown', 'img'] as const).map((kind) => hostile('', [kind], 60));
  await page.getByTestId('avatar-file').setInputFiles({
    name: `${SHORT.attribute}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Bio (optional)').fill(bio);
  await form.getByLabel('Skills (optional)').fill(skills.join(', '));
  await expectClean(learner, 'the profile form while editing');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expectText(page, bio);
  for (const skill of skills) await expectText(page, skill);
  const accountMenu = page.getByRole('button', { name: `Account menu for ${name}` });
  // The picture is the server's own path, whatever the file was called, and it loads.
  await expect(accountMenu.locator('img')).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]{36}$/);
  await expect(accountMenu.getByTestId('avatar-initials')).toHaveCount(0);
  await expectClean(learner, 'the profile after saving');

  // A mentor (through the API) with a hostile name and bio asks to be verified.
  const mentorName = hostile(`Max ${word}`, ['markdown', 'img'], 100);
  const mentorBio = everything(`Mentor bio ${word}`);
  const mentorToken = await registerWithBio(request, 'mentor', mentorName, mentorBio);
  await apiOk(await request.post('/api/users/request-verification', { headers: bearer(mentorToken) }), 'request');

  // The admin sees the request in the bell and in the Mentors tab, and verifies through the button.
  const admin = await browserOf(browser, await adminToken(request), '/admin?tab=mentors');
  const adminBell = await openBell(admin.page);
  await expect(adminBell).toContainText(`${mentorName} asked to be verified as a mentor`);
  await expectClean(admin, "the admin's notifications");
  await admin.page.keyboard.press('Escape');
  const pending = admin.page.getByRole('table', { name: 'Pending verification requests' });
  await expectText(pending, mentorName);
  await expectClean(admin, 'the admin Mentors tab');
  await pending.getByRole('button', { name: `Verify ${mentorName}` }).click();
  await expect(admin.page.getByText('Mentor verified successfully')).toBeVisible();
  await expectText(admin.page.getByRole('table', { name: 'Mentors' }), mentorName);
  await admin.page.getByRole('tab', { name: 'Learners' }).click();
  await expectText(admin.page.getByRole('table', { name: 'Learners' }), name);
  await expectClean(admin, 'the admin Learners tab');

  // The mentor creates a class through the form: title, description, tags, schedule and content URL.
  const mentor = await browserOf(browser, mentorToken, '/classes/create');
  const classTitle = hostile(`C ${word}`, ['img', 'svg'], QUOTED_MAX, SHORT);
  const description = everything(`Description ${word}`);
  const tags = (['img', 'svg', 'markdown'] as const).map(tag);
  const schedule = everything(`Schedule ${word}`);
  const contentUrl = `https://example.com/content?${SHORT.attribute}`;
  await mentor.page.getByLabel('Title').fill(classTitle);
  await mentor.page.getByLabel('Description').fill(description);
  await mentor.page.getByLabel('Category').selectOption('other');
  await mentor.page.getByLabel('Tags (optional)').fill(tags.join(', '));
  await mentor.page.getByLabel('Content type').selectOption('video');
  await mentor.page.getByLabel('Content URL').fill(contentUrl);
  await mentor.page.getByLabel('Schedule (optional)').fill(schedule);
  await expectClean(mentor, 'the class form with its tag preview');
  await mentor.page.getByRole('button', { name: 'Create class' }).click();
  await expect(mentor.page.getByText('Class created successfully!')).toBeVisible();
  await expect(mentor.page.getByRole('heading', { level: 1, name: classTitle })).toBeVisible();
  const classId = new URL(mentor.page.url()).pathname.split('/').at(-1) ?? '';
  await expectClean(mentor, 'the new class, seen by its mentor');

  // A second class through the API, for the fields the form does not have.
  const second = {
    title: hostile(`Second ${word}`, ['attribute', 'markdown', 'script', 'link'], 200),
    description: everything(`Second description ${word}`),
    prerequisites: everything(`Prerequisites ${word}`),
    materials: everything(`Materials ${word}`),
    schedule: everything(`Second schedule ${word}`),
    tags: (['script', 'link', 'attribute'] as const).map(tag),
  };
  const secondClass = await createClassViaApi(request, mentorToken, second);

  // The learner finds both in the list, opens them and enrols in the first through the button.
  await page.goto(`/classes?q=${word}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  for (const text of [classTitle, description, second.title, second.description, `by ${mentorName}`]) {
    await expectText(page, text);
  }
  await expectClean(learner, 'the class list');

  const cardLink = cards.getByRole('link', { name: classTitle });
  await expect(cardLink).toHaveAttribute('href', `/classes/${classId}`);
  await cardLink.click();
  await expect(page.getByRole('heading', { level: 1, name: classTitle })).toBeVisible();
  for (const text of [mentorName, description, schedule, ...tags.map((tag) => `#${tag}`)]) {
    await expectText(page, text);
  }
  const content = page.getByRole('link', { name: /Open class content/ });
  await expect(content).toHaveAttribute('href', contentUrl);
  await expectClean(learner, 'the class page');
  await page.getByRole('button', { name: 'Enrol in class' }).click();
  await expect(page.getByText('Successfully enrolled in the class!')).toBeVisible();
  await expectClean(learner, 'the class page after enrolling');

  await page.goto(`/classes/${secondClass._id}`);
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  for (const text of [second.description, second.prerequisites, second.materials, second.schedule]) {
    await expectText(page, text);
  }
  for (const tag of second.tags) await expectText(page, `#${tag}`);
  await expectClean(learner, 'the second class page');

  // Dashboard and profile list the enrolment with the class title and its mentor's name.
  await page.goto('/dashboard');
  await expectText(page.getByRole('region', { name: 'Recent activity' }), classTitle);
  await expectClean(learner, "the learner's dashboard");
  await page.goto('/profile');
  const enrolled = page.getByRole('region', { name: 'Enrolled classes' });
  await expect(enrolled.getByRole('link', { name: new RegExp(word) })).toBeVisible();
  await expect(enrolled).toContainText(classTitle);
  await expect(enrolled).toContainText(`by ${mentorName}`);
  await expectClean(learner, "the learner's profile with the class");

  // The mentor is told of the enrolment, and sees their own bio, name and classes.
  await mentor.page.goto('/dashboard');
  const mentorBell = await openBell(mentor.page);
  await expect(mentorBell).toContainText(`${name} enrolled in your class “${classTitle}”`);
  await expectClean(mentor, "the mentor's notifications");
  await mentor.page.goto('/profile');
  await expect(mentor.page.getByRole('heading', { level: 2, name: mentorName })).toBeVisible();
  await expectText(mentor.page, mentorBio);
  const created = mentor.page.getByRole('region', { name: 'Created classes' });
  await expect(created).toContainText(classTitle);
  await expect(created).toContainText(second.title);
  await expectClean(mentor, "the mentor's profile");

  // The admin's lists of classes show the titles and the mentor's name.
  await admin.page.getByRole('tab', { name: 'Classes' }).click();
  const adminClasses = admin.page.getByRole('table', { name: 'Classes' });
  await expectText(adminClasses, classTitle);
  await expectText(adminClasses, second.title);
  await expectClean(admin, 'the admin Classes tab');

  await admin.page.context().close();
  await mentor.page.context().close();
});

test('discussions, replies, reviews and community posts typed into the forms show as text everywhere, notifications included, and never run', async ({
  context,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const word = unique();
  const learner = await watch(context);
  const { page } = learner;

  // Seeded through the API: a mentor, a class, and an enrolled learner, all with hostile names.
  const mentorName = hostile(`Max ${word}`, ['link', 'svg'], 100, SHORT);
  const learnerName = hostile(`Lia ${word}`, ['script', 'markdown'], 100);
  const mentor = await verifiedMentor(request, mentorName);
  const classTitle = hostile(`C ${word}`, ['attribute', 'svg'], QUOTED_MAX, SHORT);
  const cls = await createClassViaApi(request, mentor.token, { title: classTitle });
  const learnerToken = await registerViaApi(request, newAccount('learner', learnerName));
  await setEnrolment(request, learnerToken, cls._id, true);
  await signInWithToken(page, learnerToken, `/discussions/create?classId=${cls._id}`);

  // A discussion and a reply, through the forms.
  const discussionTitle = hostile(`T ${word}`, ['img', 'markdown'], QUOTED_MAX, SHORT);
  const discussionContent = everything(`Discussion ${word}`);
  const learnerReply = everything(`Learner reply ${word}`);
  await page.getByLabel('Title').fill(discussionTitle);
  await page.getByLabel('Content').fill(discussionContent);
  await page.getByRole('button', { name: 'Start Discussion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: discussionTitle })).toBeVisible();
  const discussionUrl = page.url();
  const discussionId = new URL(discussionUrl).pathname.split('/').at(-1) ?? '';
  await page.getByLabel('Your reply').fill(learnerReply);
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByRole('heading', { name: 'Replies (1)' })).toBeVisible();

  // A review, through the form.
  const review = everything(`Review ${word}`);
  await page.goto(`/classes/${cls._id}/reviews`);
  await page.getByLabel('Comment (optional)').fill(review);
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Review submitted successfully')).toBeVisible();

  // A community post with tags, and a reply to it, through the dialog and the card.
  const postTitle = hostile(`P ${word}`, ['link', 'svg'], QUOTED_MAX, SHORT);
  const postContent = everything(`Post body ${word}`);
  const postTags = (['img', 'script', 'markdown', 'attribute'] as const).map(tag);
  const postReply = everything(`Post reply ${word}`);
  await page.goto('/community');
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await dialog.getByLabel('Title').fill(postTitle);
  await dialog.getByLabel('Content').fill(postContent);
  await dialog.getByLabel('Tags (optional)').fill(postTags.join(', '));
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: postTitle, exact: true });
  await card.getByLabel(`Reply to ${postTitle}`).fill(postReply);
  await card.getByRole('button', { name: 'Reply' }).click();
  await expect(card.getByRole('list', { name: `Replies to ${postTitle}` }).getByRole('listitem')).toHaveCount(1);
  await expectClean(learner, 'the community feed after posting');

  // The mentor answers through the API: a reply to the discussion, a reply to the post and a like.
  const mentorReply = everything(`Mentor reply ${word}`);
  const mentorPostReply = everything(`Mentor post reply ${word}`);
  await replyToDiscussion(request, mentor.token, discussionId, mentorReply);
  const posts = await apiOk<{ _id: string; title: string }[]>(
    await request.get(`/api/community?search=${word}`, { headers: bearer(learnerToken) }),
    'find the post',
  );
  const post = posts.find((candidate) => candidate.title === postTitle);
  if (!post) throw new Error(`the post "${postTitle}" was not found through the API`);
  await apiOk(
    await request.post(`/api/community/${post._id}/replies`, {
      headers: bearer(mentor.token),
      data: { content: mentorPostReply },
    }),
    'reply to the post',
  );
  await apiOk(await request.post(`/api/community/${post._id}/like`, { headers: bearer(mentor.token) }), 'like');

  // The discussion page: title, content, class, both replies and both names.
  await page.goto(discussionUrl);
  await expect(page.getByRole('heading', { level: 1, name: discussionTitle })).toBeVisible();
  for (const text of [discussionContent, classTitle, learnerReply, mentorReply, learnerName, mentorName]) {
    await expectText(page, text);
  }
  await expectClean(learner, 'the discussion page');

  // The discussions of the class.
  await page.goto(`/discussions?classId=${cls._id}`);
  await expectText(page, discussionTitle);
  await expectText(page, learnerName);
  await expectClean(learner, 'the discussions list');

  // The reviews.
  await page.goto(`/classes/${cls._id}/reviews`);
  await expectText(page, review);
  await expectText(page.getByRole('list', { name: 'Reviews, newest first' }), learnerName);
  await expectText(page, classTitle);
  await expectClean(learner, 'the reviews page');

  // The community feed, found by this run's word.
  await page.goto('/community');
  await page.getByLabel('Search posts').fill(word);
  const feedCard = page.getByRole('article', { name: postTitle, exact: true });
  await expect(feedCard).toBeVisible();
  for (const text of [postContent, postReply, mentorPostReply, learnerName, mentorName]) {
    await expectText(feedCard, text);
  }
  for (const tag of postTags) await expectText(feedCard, `#${tag}`);
  await expectClean(learner, 'the community feed');

  // The dashboard's recent activity names the discussion and its class.
  await page.goto('/dashboard');
  await expectText(page.getByRole('region', { name: 'Recent activity' }), `${discussionTitle} · ${classTitle}`);
  await expectClean(learner, "the learner's dashboard");

  // The learner's bell: the reply to the discussion, the reply to the post and the like.
  const bell = await openBell(page);
  await expect(bell).toContainText(`${mentorName} replied to your discussion “${discussionTitle}”`);
  await expect(bell).toContainText(`${mentorName} replied to your post “${postTitle}”`);
  await expect(bell).toContainText(`${mentorName} liked your post “${postTitle}”`);
  await expectClean(learner, "the learner's notifications");

  // The mentor's bell: the new discussion in their class, and the enrolment.
  const mentorBrowser = await browserOf(browser, mentor.token, '/dashboard');
  const mentorBell = await openBell(mentorBrowser.page);
  await expect(mentorBell).toContainText(
    `${learnerName} started the discussion “${discussionTitle}” in “${classTitle}”`,
  );
  await expect(mentorBell).toContainText(`${learnerName} enrolled in your class “${classTitle}”`);
  await expectClean(mentorBrowser, "the mentor's notifications");
  await mentorBrowser.page.context().close();

  // The admin's list of discussions: title, class and author.
  const admin = await browserOf(browser, await adminToken(request), '/admin?tab=discussions');
  const table = admin.page.getByRole('table', { name: 'Discussions' });
  for (const text of [discussionTitle, classTitle, learnerName]) await expectText(table, text);
  // And the confirmation that names the discussion (cancelled).
  await admin.page.getByRole('button', { name: `Delete ${discussionTitle}` }).click();
  const confirm = admin.page.getByRole('alertdialog', { name: 'Delete this discussion?' });
  await expect(confirm).toContainText(discussionTitle);
  await expectClean(admin, "the admin's delete confirmation");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectClean(admin, 'the admin Discussions tab');
  await admin.page.context().close();
});

test('the assistant shows the chat and its answers as text, and links only to app pages', async ({
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const word = unique();
  const learner = await watch(context);
  const { page } = learner;

  // The offline assistant puts names, titles and excerpts people wrote into its Markdown answers.
  const mentorName = hostile(`Max ${word}`, ['markdown'], 100);
  const phishingName = `Pam ${word} [Free prize](https://evil.example/)`;
  const mentor = await verifiedMentor(request, mentorName);
  const classTitle = hostile(`Class ${word}`, ['markdown', 'img', 'attribute'], 200);
  const cls = await createClassViaApi(request, mentor.token, {
    title: classTitle,
    description: everything(`Description ${word}`),
    tags: [word],
  });
  const learnerToken = await registerViaApi(request, newAccount('learner', `Lia ${word}`));
  await setEnrolment(request, learnerToken, cls._id, true);
  const mentorDiscussion = hostile(`Thread ${word}`, ['markdown', 'script', 'svg'], 200);
  await startDiscussion(request, mentor.token, {
    classId: cls._id,
    title: mentorDiscussion,
    content: everything(`Discussion ${word}`),
  });
  const own = await startDiscussion(request, learnerToken, {
    classId: cls._id,
    title: `Question ${word}`,
    content: 'A plain question.',
  });
  // "What's new" quotes the first 120 characters of a reply.
  const reply = hostile(`Reply ${word}`, ['markdown', 'link'], 120);
  await replyToDiscussion(request, mentor.token, own._id, reply);
  // Someone else in the class, whose name is a Markdown link to another site.
  const phisher = await registerViaApi(request, newAccount('learner', phishingName));
  await setEnrolment(request, phisher, cls._id, true);
  await startDiscussion(request, phisher, { classId: cls._id, title: `Prize ${word}`, content: 'Click my name.' });

  await signInWithToken(page, learnerToken, '/dashboard');
  await page.getByRole('button', { name: 'Open the assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Mentora Assistant' });
  const conversation = panel.getByRole('list', { name: 'Conversation' });

  async function ask(message: string): Promise<void> {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/gemini/chat/stream'));
    await panel.getByLabel('Message the assistant').fill(message);
    await panel.getByLabel('Message the assistant').press('Enter');
    await answered;
    // Clearing the history is possible again once the answer is complete.
    await expect(panel.getByRole('button', { name: 'Clear chat history' })).toBeEnabled({ timeout: 15_000 });
    await expectText(conversation, message);
  }

  /** Every link in the conversation goes to a page of the app or to an http(s) site. */
  async function expectSafeLinks(): Promise<void> {
    const hrefs = await conversation.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href ?? '', 'a link in the conversation').toMatch(/^(\/(?!\/)|https?:\/\/)/);
    // None of them leaves for the address someone put in their name.
    expect(hrefs.filter((href) => href?.includes('evil.example'))).toEqual([]);
  }

  // Markup in the question itself.
  const question = `which classes teach ${word} ${LONG.img} ${LONG.markdown} ${LONG.script}`;
  await ask(question);
  const classLink = conversation.getByRole('link', { name: classTitle });
  await expect(classLink.first()).toHaveAttribute('href', `/classes/${cls._id}`);
  await expect(conversation).toContainText(`by ${mentorName}`);
  await expectSafeLinks();
  await expectClean(learner, 'the assistant answering which classes teach');

  // What's new: discussion titles, the class, who started them and an excerpt of a reply.
  await ask("what's new in my classes?");
  await expect(conversation.getByRole('link', { name: mentorDiscussion }).last()).toBeVisible();
  await expect(conversation).toContainText(`started by ${mentorName}`);
  await expect(conversation).toContainText(`started by ${phishingName}`);
  await expect(conversation).toContainText(`${mentorName} replied to`);
  await expect(conversation).toContainText(`"${reply}"`);
  await expectSafeLinks();
  await expectClean(learner, "the assistant answering what's new");

  // A question that is nothing but markup.
  const onlyMarkup = everything(word);
  await ask(onlyMarkup);
  await expectSafeLinks();
  await expectClean(learner, 'the assistant answering markup');

  // The history, loaded again from the server after a reload, is still text.
  await page.reload();
  await page.getByRole('button', { name: 'Open the assistant' }).click();
  await expectText(conversation, question);
  await expectText(conversation, onlyMarkup);
  await expect(conversation).toContainText(`by ${mentorName}`);
  await expectSafeLinks();
  await expectClean(learner, 'the assistant history after a reload');
});

test('javascript: and other non-http URLs are refused for pictures and class content, by the server and the class forms', async ({
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const learner = await watch(context);
  const { page } = learner;
  const refused = [
    `javascript:${FLAG}`,
    ` JavaScript:${FLAG}`,
    `java\tscript:${FLAG}`,
    `javascript://example.com/%0a${FLAG}`,
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/picture.png',
  ];

  // The server refuses every one of them at registration and in a profile update, and stores nothing.
  const token = await registerViaApi(request, newAccount('learner', 'Una Url'));
  for (const url of refused) {
    const register = await request.post('/api/auth/register', {
      data: { ...newAccount('learner', 'Rex Refused'), profilePicture: url },
    });
    expect(register.status(), `register with ${JSON.stringify(url)}`).toBe(400);
    expect(await register.json()).toMatchObject({ errors: [{ path: 'profilePicture', message: URL_MESSAGE }] });
    const update = await request.put('/api/auth/profile', {
      headers: bearer(token),
      data: { name: 'Una Url', email: `una-${unique()}@e2e.mentora.test`, profilePicture: url },
    });
    expect(update.status(), `profile update with ${JSON.stringify(url)}`).toBe(400);
    expect(await update.json()).toMatchObject({ errors: [{ path: 'profilePicture', message: URL_MESSAGE }] });
  }

  // Nothing was stored; the profile page takes pictures as uploads only, so there is no field to type one into.
  const stored = await apiOk<{ profilePicture: string }>(
    await request.get('/api/auth/profile', { headers: bearer(token) }),
    'profile',
  );
  expect(stored.profilePicture).toBe('');
  await signInWithToken(page, token, '/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('form', { name: 'Edit profile' }).getByRole('textbox', { name: /picture/i })).toHaveCount(
    0,
  );
  await expectClean(learner, 'the profile form');

  // Class content: the server refuses the same URLs on create and on update.
  const mentor = await verifiedMentor(request, 'Cora Content');
  const word = unique();
  const cls = await createClassViaApi(request, mentor.token, {
    title: `Content ${word}`,
    contentType: 'video',
    contentUrl: 'https://example.com/video',
  });
  for (const url of refused) {
    const data = {
      title: `Refused ${word}`,
      description: 'x',
      category: 'other',
      contentType: 'video',
      contentUrl: url,
    };
    const create = await request.post('/api/classes', { headers: bearer(mentor.token), data });
    expect(create.status(), `create a class with ${JSON.stringify(url)}`).toBe(400);
    expect(await create.json()).toMatchObject({ errors: [{ path: 'contentUrl', message: CONTENT_URL_MESSAGE }] });
    const update = await request.put(`/api/classes/${cls._id}`, { headers: bearer(mentor.token), data });
    expect(update.status(), `update a class with ${JSON.stringify(url)}`).toBe(400);
    expect(await update.json()).toMatchObject({ errors: [{ path: 'contentUrl', message: CONTENT_URL_MESSAGE }] });
  }
  const unchanged = await apiOk<{ contentUrl: string; title: string }>(
    await request.get(`/api/classes/${cls._id}`, { headers: bearer(mentor.token) }),
    'class',
  );
  expect(unchanged).toMatchObject({ title: `Content ${word}`, contentUrl: 'https://example.com/video' });

  // The class form refuses it before sending, and shows the server's refusal when the request is changed.
  const mentorBrowser = await browserOf(browser, mentor.token, '/classes/create');
  const mentorPage = mentorBrowser.page;
  const posts: string[] = [];
  mentorPage.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/classes') posts.push(sent.url());
  });
  await mentorPage.getByLabel('Title').fill(`Refused ${word}`);
  await mentorPage.getByLabel('Description').fill('Content that must not be a script.');
  await mentorPage.getByLabel('Category').selectOption('other');
  await mentorPage.getByLabel('Content type').selectOption('video');
  const urlField = mentorPage.getByLabel('Content URL');
  await urlField.fill(`javascript:${FLAG};alert(1)`);
  await mentorPage.getByRole('button', { name: 'Create class' }).click();
  await expectFieldError(urlField, CONTENT_URL_MESSAGE);
  expect(posts).toEqual([]);

  await mentorPage.route('**/api/classes', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const body = { ...route.request().postDataJSON(), contentUrl: `javascript:${FLAG}` };
    return route.continue({ postData: JSON.stringify(body) });
  });
  await urlField.fill('https://example.com/video');
  const classAnswer = mentorPage.waitForResponse(
    (answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/api/classes',
  );
  await mentorPage.getByRole('button', { name: 'Create class' }).click();
  const refusedClass = await classAnswer;
  expect(refusedClass.status()).toBe(400);
  expect(await refusedClass.json()).toMatchObject({ errors: [{ path: 'contentUrl', message: CONTENT_URL_MESSAGE }] });
  await expectFieldError(urlField, CONTENT_URL_MESSAGE);
  expect(posts).toHaveLength(1);
  await expect(mentorPage).toHaveURL(/\/classes\/create$/);
  await expectClean(mentorBrowser, 'the class form after the refusals');
  const created = await apiOk<{ title: string }[]>(
    await request.get('/api/classes/created', { headers: bearer(mentor.token) }),
    "the mentor's classes",
  );
  expect(created.map((c) => c.title)).toEqual([`Content ${word}`]);

  // The one class's content link, on its page, is the http(s) URL it was given.
  await mentorPage.goto(`/classes/${cls._id}`);
  await expect(mentorPage.getByRole('link', { name: /Open class content/ })).toHaveAttribute(
    'href',
    'https://example.com/video',
  );
  await expectClean(mentorBrowser, 'the class page');
  await mentorPage.context().close();
});

test('pages come with a Content-Security-Policy that runs no inline script: a second wall behind the escaping', async ({
  request,
}) => {
  for (const path of ['/', '/community', '/classes/some-class']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const directives = new Map(
      (response.headers()['content-security-policy'] ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values] as const),
    );
    // Scripts only from the site itself: no inline <script>, no javascript: URLs, no on…= handlers.
    expect(directives.get('script-src'), `script-src of ${path}`).toEqual(["'self'"]);
    expect(directives.get('script-src-attr'), `script-src-attr of ${path}`).toEqual(["'none'"]);
    expect(directives.get('object-src'), `object-src of ${path}`).toEqual(["'none'"]);
    expect(directives.get('base-uri'), `base-uri of ${path}`).toEqual(["'self'"]);
  }
});
