import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { signInContext, signInWithToken } from '../support/accounts';
import { adminToken, createPost, replyToDiscussion, reviewViaApi, seedClassroom } from '../support/seed';

// Issue #37.1: no control may ever sit under the assistant's button, wherever the page is scrolled to.
// Every signed-in screen, as a learner, a mentor and an admin, on a phone and on a laptop: each is
// scrolled in steps of half a screen, and at each step no visible control, chart label or line of text
// may overlap the button's box.

const SIZES = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'laptop', width: 1280, height: 800 },
] as const;

/** One class with a little of everything its pages show: sessions, replies, a review, a community thread. */
async function seedEverything(request: APIRequestContext) {
  const room = await seedClassroom(request, 'Ada Lovelace');
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const session = await request.post(`/api/classes/${room.classId}/sessions`, {
    headers: bearer(room.mentorToken),
    data: { title: 'Counting decays', startsAt, durationMinutes: 60 },
  });
  expect(session.ok()).toBe(true);
  const listed = await request.get(`/api/discussions?classId=${room.classId}`, { headers: bearer(room.learnerToken) });
  const discussionId = ((await listed.json()) as { _id: string }[])[0]?._id;
  if (!discussionId) throw new Error('the seeded discussion is missing');
  for (const [token, text] of [
    [room.mentorToken, 'We time the counts with a Geiger counter and fit the curve.'],
    [room.learnerToken, 'Thank you! Could we try it with a banana?'],
    [room.mentorToken, 'Yes: potassium-40. Bring two.'],
  ] as const)
    await replyToDiscussion(request, token, discussionId, text);
  await reviewViaApi(request, room.learnerToken, { classId: room.classId, rating: 5, comment: 'Clear and fun.' });
  await createPost(request, room.learnerToken, {
    title: 'Cloud chambers at home',
    content: 'Dry ice, isopropyl alcohol and a fish tank: has anyone built one?',
  });
  return { ...room, discussionId, admin: await adminToken(request) };
}

/** The launcher's box, and every visible control or text under it (what a user could not reach or read). */
async function coveredByLauncher(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const launcher = document.querySelector<HTMLElement>('[aria-label="Open the assistant"]');
    if (!launcher) return ['(no assistant button)'];
    const b = launcher.getBoundingClientRect();
    const header = document.querySelector('header');
    const headerBottom = header ? header.getBoundingClientRect().bottom : 0;
    const controls =
      'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"]), svg text';
    const hits = (r: { left: number; right: number; top: number; bottom: number }) =>
      r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
    /** What of `rect` shows: not under the fixed navigation bar, not scrolled away inside a scrolling box. */
    const shown = (element: Element, rect: DOMRect) => {
      let { left, top, right, bottom } = rect;
      if (!header?.contains(element)) top = Math.max(top, headerBottom);
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box);
        if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
        const clip = box.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      top = Math.max(top, 0);
      bottom = Math.min(bottom, window.innerHeight);
      return { left, top, right, bottom, visible: right - left > 2 && bottom - top > 2 };
    };
    const hidden = (element: Element) => {
      if (element === launcher || launcher.contains(element) || element.contains(launcher)) return true;
      if (element.closest('[hidden], .sr-only')) return true;
      const style = getComputedStyle(element);
      return style.visibility !== 'visible' || Number(style.opacity) === 0;
    };
    const label = (element: Element, text?: string | null) =>
      `${element.tagName.toLowerCase()} "${(text ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || element.getAttribute('aria-label') || ''}"`;

    const covered: string[] = [];
    // Controls, by their box.
    for (const element of document.querySelectorAll(controls)) {
      if (!hits(element.getBoundingClientRect()) || hidden(element)) continue;
      const part = shown(element, element.getBoundingClientRect());
      if (part.visible && hits(part)) covered.push(label(element));
    }
    // Words, by the boxes of their lines.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (!hits(line) || hidden(parent)) continue;
        const part = shown(parent, line);
        if (part.visible && hits(part)) {
          covered.push(label(parent, node.textContent));
          break;
        }
      }
    }
    return covered;
  });
}

/** Opens a page and waits for its content (no skeletons, no busy region) and for the assistant. */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  // The assistant loads once the page has (useAfterPageLoad), which a busy machine can make slow.
  await expect(page.getByRole('button', { name: 'Open the assistant' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main [aria-busy="true"], main .animate-pulse')).toHaveCount(0);
}

/** Scrolls from the top to the end in half-screen steps, collecting what lies under the button at each. */
async function scanPage(page: Page, path: string): Promise<string[]> {
  await openPage(page, path);
  const problems: string[] = [];
  for (let y = 0; ; ) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // Two frames: the scroll is applied and anything that lays out on scroll (content-visibility) has.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    const scrolled = await page.evaluate(() => window.scrollY);
    for (const item of await coveredByLauncher(page)) problems.push(`${path} at ${Math.round(scrolled)} px: ${item}`);
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    if (scrolled >= end - 1) break;
    y = scrolled + Math.floor((page.viewportSize()?.height ?? 800) / 2);
  }
  return problems;
}

/** Every signed-in screen each of the three people can open. */
function screensOf(seeded: Awaited<ReturnType<typeof seedEverything>>) {
  const id = seeded.classId;
  return {
    learner: {
      token: seeded.learnerToken,
      paths: [
        '/dashboard',
        '/classes',
        `/classes/${id}`,
        `/classes/${id}/reviews`,
        '/discussions',
        `/discussions/${seeded.discussionId}`,
        '/discussions/create',
        '/community',
        '/profile',
        '/settings',
      ],
    },
    mentor: {
      token: seeded.mentorToken,
      paths: [
        '/dashboard',
        '/classes',
        '/classes/create',
        `/classes/${id}`,
        `/classes/${id}/edit`,
        `/classes/${id}/roster`,
        `/classes/${id}/insight`,
        `/classes/${id}/reviews`,
        '/discussions',
        `/discussions/${seeded.discussionId}`,
        '/community',
        '/profile',
        '/settings',
      ],
    },
    admin: {
      token: seeded.admin,
      paths: [
        ...['mentors', 'learners', 'admins', 'classes', 'discussions', 'moderation', 'audit'].map(
          (tab) => `/admin?tab=${tab}`,
        ),
        `/classes/${id}`,
        `/discussions/${seeded.discussionId}`,
        '/dashboard',
      ],
    },
  };
}

for (const size of SIZES) {
  for (const who of ['learner', 'mentor', 'admin'] as const) {
    test(`on a ${size.label} (${size.width}x${size.height}) no control on any ${who}'s page lies under the assistant's button`, async ({
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(300_000);
      const { token, paths } = screensOf(await seedEverything(request))[who];
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      await signInContext(context, baseURL, token);
      const page = await context.newPage();
      await signInWithToken(page, token);
      const problems: string[] = [];
      for (const path of paths) problems.push(...(await scanPage(page, path)));
      await context.close();
      expect(problems).toEqual([]);
    });
  }
}
