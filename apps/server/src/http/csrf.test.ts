import { errorResponseSchema, MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../test/expectations.js';
import { DEFAULT_PASSWORD, makeLearner, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { communityPosts } from '../db/schema.js';

// Cross-site request forgery (http/csrf.ts): a state-changing call authenticated by the cookie must
// come from the app's own origin; bearer tokens and reads are unaffected.

const FOREIGN = 'https://evil.example';
const PUBLIC_URL = 'https://mentora.example.com';
const CORS_ORIGIN = 'https://partner.example.org';

let t: TestServer;
let learner: TestUser;
/** A fresh request (no cookie jar: each call carries exactly the headers it sets). */
const http = () => supertest(t.server);
const ownOrigin = () => t.baseUrl;
const cookie = (user: TestUser) => `token=${user.token}`;
const post = (user: TestUser, title = 'Posted from somewhere') =>
  http().post('/api/community').set('Cookie', cookie(user)).send({ title, content: 'Hello there.' });
const postsBy = (user: TestUser) => countRows(t, communityPosts, eq(communityPosts.authorId, user.user.id));

function expectRefused(res: supertest.Response, message: string): void {
  expect(res.status).toBe(403);
  expect(errorResponseSchema.strict().parse(res.body)).toEqual({ message, requestId: expect.any(String) });
}

beforeAll(async () => {
  t = await startTestServer({ env: { PUBLIC_URL, CORS_ORIGINS: CORS_ORIGIN } });
  learner = await makeLearner(t);
});
afterAll(() => t.close());

describe('state-changing calls authenticated by the cookie', () => {
  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    expectRefused(await post(learner).set('Origin', FOREIGN), MESSAGES.server.crossSiteRefused);
    // Every method that changes state, and a look-alike host.
    expectRefused(
      await http().put('/api/auth/profile').set('Cookie', cookie(learner)).set('Origin', FOREIGN).send({}),
      MESSAGES.server.crossSiteRefused,
    );
    expectRefused(
      await http().delete('/api/gemini/history').set('Cookie', cookie(learner)).set('Origin', FOREIGN),
      MESSAGES.server.crossSiteRefused,
    );
    expectRefused(
      await http().patch('/api/auth/profile').set('Cookie', cookie(learner)).set('Origin', FOREIGN),
      MESSAGES.server.crossSiteRefused,
    );
    expectRefused(await post(learner).set('Origin', `${PUBLIC_URL}.evil.example`), MESSAGES.server.crossSiteRefused);
    expectRefused(await post(learner).set('Origin', 'null'), MESSAGES.server.crossSiteRefused);
    expect(await postsBy(learner)).toBe(0);
  });

  it('refuses a foreign Origin on every spelling of a path Express routes', async () => {
    for (const path of ['/api/COMMUNITY', '/api/community/', '/api/Community/']) {
      expectRefused(
        await http()
          .post(path)
          .set('Cookie', cookie(learner))
          .set('Origin', FOREIGN)
          .send({ title: 'x', content: 'y' }),
        MESSAGES.server.crossSiteRefused,
      );
    }
    expect(await postsBy(learner)).toBe(0);
  });

  it('refuses a request with neither Origin nor Referer', async () => {
    expectRefused(await post(learner), MESSAGES.server.originRequired);
    expect(await postsBy(learner)).toBe(0);
  });

  it('accepts the origin the server was reached at, PUBLIC_URL, the CORS origins and the desktop app', async () => {
    for (const origin of [ownOrigin(), PUBLIC_URL, CORS_ORIGIN, 'app://mentora']) {
      const res = await post(learner, `From ${origin}`).set('Origin', origin);
      expect(res.status, origin).toBe(201);
    }
    expect(await postsBy(learner)).toBe(4);
  });

  it('falls back to Referer when Origin is absent', async () => {
    expect((await post(learner, 'Referred').set('Referer', `${ownOrigin()}/community?tab=1`)).status).toBe(201);
    expectRefused(await post(learner).set('Referer', `${FOREIGN}/attack.html`), MESSAGES.server.crossSiteRefused);
    expectRefused(await post(learner).set('Referer', 'not a url'), MESSAGES.server.crossSiteRefused);
  });
});

describe('what the check leaves alone', () => {
  it('accepts a bearer token from any origin, even with a cookie beside it', async () => {
    const res = await http()
      .post('/api/community')
      .set('Authorization', `Bearer ${learner.token}`)
      .set('Cookie', cookie(learner))
      .set('Origin', FOREIGN)
      .send({ title: 'By bearer', content: 'From a script.' });
    expect(res.status).toBe(201);
  });

  it('lets reads through from a foreign origin', async () => {
    const res = await http().get('/api/auth/profile').set('Cookie', cookie(learner)).set('Origin', FOREIGN);
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(learner.user.id);
  });

  it('answers a cookie-less request as before: 401 when the call needs a session', async () => {
    const res = await http().post('/api/community').set('Origin', FOREIGN).send({ title: 'x', content: 'y' });
    expect(res.status).toBe(401);
  });
});

describe('signing in (login CSRF)', () => {
  const login = () => http().post('/api/auth/login').send({ email: learner.user.email, password: DEFAULT_PASSWORD });

  it('refuses login and register posted from a foreign page, which would sign the browser into another account', async () => {
    expectRefused(await login().set('Origin', FOREIGN), MESSAGES.server.crossSiteRefused);
    const register = await http()
      .post('/api/auth/register')
      .set('Origin', FOREIGN)
      .send({ name: 'Mallory', email: 'mallory@example.test', password: 'a long password' });
    expectRefused(register, MESSAGES.server.crossSiteRefused);
    expect(register.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign page however the path is spelt, as Express routes every spelling to the same call', async () => {
    for (const path of ['/api/auth/login/', '/api/AUTH/LOGIN', '/api/Auth/Login/']) {
      const res = await http()
        .post(path)
        .set('Origin', FOREIGN)
        .send({ email: learner.user.email, password: DEFAULT_PASSWORD });
      expectRefused(res, MESSAGES.server.crossSiteRefused);
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
    for (const path of ['/api/AUTH/REGISTER/', '/api/auth/Forgot-Password/', '/api/Auth/Reset-Password']) {
      expectRefused(
        await http().post(path).set('Origin', FOREIGN).send({ email: 'mallory@example.test' }),
        MESSAGES.server.crossSiteRefused,
      );
    }
    expect((await login().set('Origin', FOREIGN)).status).toBe(403);
  });

  it('signs in under another spelling from the app and without Origin, even with a stale cookie', async () => {
    const login = (path: string) => http().post(path).send({ email: learner.user.email, password: DEFAULT_PASSWORD });
    expect((await login('/api/AUTH/LOGIN/').set('Origin', ownOrigin())).status).toBe(200);
    expect((await login('/api/Auth/Login').set('Cookie', 'token=an-ended-session')).status).toBe(200);
  });

  it('signs in from the app, and from clients that send no Origin, even with a stale cookie', async () => {
    expect((await login().set('Origin', ownOrigin())).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect((await login().set('Cookie', 'token=an-ended-session')).status).toBe(200);
  });
});
