import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

export interface Account {
  name: string;
  email: string;
  password: string;
  role: 'learner' | 'mentor' | 'both';
}

/** A new, unique account description (journeys run in parallel against one database). */
export function newAccount(role: Account['role'] = 'learner', name = 'Ada Lovelace'): Account {
  return { name, email: `${role}-${randomUUID().slice(0, 8)}@e2e.mentora.test`, password: 'correct horse 42', role };
}

/** Creates the account through the API and returns its token. */
export async function registerViaApi(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/auth/register', { data: account });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Signs the page in the way the app remembers a session: the token in storage. */
export async function signInWithToken(page: Page, token: string, then = '/dashboard'): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(then);
}

/**
 * The web app's live stream (GET /api/events) is an EventSource, which cannot send a bearer token: it
 * rides on the httpOnly session cookie that a real login sets. Journeys sign in with a stored token, so
 * they set that cookie too.
 */
export async function signInContext(
  context: BrowserContext,
  baseURL: string | undefined,
  token: string,
): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not set');
  await context.addCookies([{ name: 'token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}
