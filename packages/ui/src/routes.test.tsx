import { STORAGE_KEYS } from '@mentora/contract';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionApi } from './auth/sessionCheck';
import { classListKeys } from './pages/classes/listRequest';
import { communityKeys } from './pages/community/listRequest';
import { discussionDetailKey } from './pages/discussions/detailRequest';
import { createRoutes } from './routes';
import { fakeAdapter } from './test/fakeAdapter';
import { memoryPlatform } from './test/memoryPlatform';
import { TEST_USER } from './test/renderWithAuth';

// The router runs the loaders of the page being opened as soon as it is created, before any of the
// page's code has arrived or anything has rendered: these tests render nothing.

const routers: { dispose(): void }[] = [];
afterEach(() => {
  for (const router of routers.splice(0)) router.dispose();
});

function open(path: string, token: string | null) {
  const platform = memoryPlatform(token ? { [STORAGE_KEYS.token]: token } : {});
  const session = createSessionApi(platform);
  const fake = fakeAdapter((config) =>
    config.url === '/auth/profile' ? { status: 200, data: TEST_USER } : { status: 200, data: { classes: [] } },
  );
  session.client.defaults.adapter = fake.adapter;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes({ queryClient, session, platform }), { initialEntries: [path] });
  routers.push(router);
  const asked = () => fake.requests.map((request) => request.url);
  return { router, queryClient, asked, requests: fake.requests };
}

describe('the routes’ loaders', () => {
  it('start the session check and the community feed’s first page, each once', async () => {
    const { queryClient, asked, requests } = open('/community?search=%20rust%20', 'tok');
    await waitFor(() => expect(asked()).toEqual(['/auth/profile', '/community']));
    expect(requests[1]?.params).toMatchObject({ limit: 20, search: 'rust' });
    // In the cache under the page's own key: the page's query takes it from there.
    await waitFor(() => expect(queryClient.getQueryData(communityKeys.list({ search: 'rust' }))).toBeDefined());
  });

  it('start a discussion’s request with its id, and the classes list’s with the URL’s filters', async () => {
    const discussion = open('/discussions/d%201', 'tok');
    await waitFor(() => expect(discussion.asked()).toEqual(['/auth/profile', '/discussions/d%201']));
    await waitFor(() => expect(discussion.queryClient.getQueryData(discussionDetailKey('d 1'))).toBeDefined());

    const classes = open('/classes?filter=enrolled&q=art', 'tok');
    await waitFor(() => expect(classes.asked()).toEqual(['/auth/profile', '/classes']));
    expect(classes.requests[1]?.params).toMatchObject({ filter: 'enrolled', search: 'art', limit: 12 });
    const params = { search: 'art', filter: 'enrolled', category: '' } as const;
    await waitFor(() => expect(classes.queryClient.getQueryData(classListKeys.list(params))).toBeDefined());
  });

  it('leave "Created" classes to the page, which knows whether the person is a mentor', async () => {
    const { asked } = open('/classes?filter=created', 'tok');
    await waitFor(() => expect(asked()).toEqual(['/auth/profile']));
  });

  it('ask for nothing without a stored token (the guard sends to /login)', async () => {
    const { router, asked } = open('/community', null);
    // Its loaders have run and its code has arrived: anything they were to ask has been asked.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(asked()).toEqual([]);
  });
});
