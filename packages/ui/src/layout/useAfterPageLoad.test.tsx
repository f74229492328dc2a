import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMarkPageBusy } from '../components/pageBusy';
import { useAfterPageLoad } from './useAfterPageLoad';

function Extras({ active = true }: { active?: boolean }) {
  return <p data-testid="extras">{useAfterPageLoad(active) ? 'loaded' : 'waiting'}</p>;
}

let extrasRenders = 0;
function CountedExtras() {
  extrasRenders += 1;
  return <p data-testid="extras">{useAfterPageLoad(true) ? 'loaded' : 'waiting'}</p>;
}

function PageWithQuery({ answer }: { answer: Promise<string> }) {
  const query = useQuery({ queryKey: ['page'], queryFn: () => answer });
  return <p>{query.data ?? 'loading'}</p>;
}

function BusyPage() {
  useMarkPageBusy();
  return null;
}

function renderWith(page: React.ReactNode, active = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Extras active={active} />
      {page}
    </QueryClientProvider>,
  );
}

describe('useAfterPageLoad', () => {
  it('waits while the page’s requests are out, then loads the extras', async () => {
    let resolve: (value: string) => void = () => {};
    renderWith(<PageWithQuery answer={new Promise((r) => (resolve = r))} />);
    await screen.findByText('loading');
    // Some frames and idle moments pass: still waiting for the request.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByTestId('extras')).toHaveTextContent('waiting');
    resolve('the page');
    await screen.findByText('the page');
    await waitFor(() => expect(screen.getByTestId('extras')).toHaveTextContent('loaded'));
  });

  it('waits while the page says it is busy (its code or its data not on screen yet)', async () => {
    const view = renderWith(<BusyPage />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByTestId('extras')).toHaveTextContent('waiting');
    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <Extras />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('extras')).toHaveTextContent('loaded'));
  });

  it('renders its component only when it turns true: not as requests start and end, and never once loaded', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: Array<(value: string) => void> = [];
    const ask = () => new Promise<string>((r) => answers.push(r));
    client.prefetchQuery({ queryKey: ['first'], queryFn: ask });
    extrasRenders = 0;
    render(
      <QueryClientProvider client={client}>
        <CountedExtras />
      </QueryClientProvider>,
    );
    await act(() => new Promise((r) => setTimeout(r, 20)));
    const whileFetching = extrasRenders;
    expect(whileFetching).toBe(1);
    // A second and a third request while one is out: still fetching, nothing to re-render for.
    await act(async () => {
      client.prefetchQuery({ queryKey: ['second'], queryFn: ask });
      client.prefetchQuery({ queryKey: ['third'], queryFn: ask });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(extrasRenders).toBe(whileFetching);
    await act(async () => {
      for (const answer of answers) answer('done');
    });
    await waitFor(() => expect(screen.getByTestId('extras')).toHaveTextContent('loaded'));
    const loaded = extrasRenders;
    // Once more in all, when it turned true: not when the requests ended.
    expect(loaded).toBe(whileFetching + 1);
    // Loaded for good: later requests starting and ending are none of its business.
    await act(async () => {
      await client.fetchQuery({ queryKey: ['later'], queryFn: async () => 'later' });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(extrasRenders).toBe(loaded);
  });

  it('stays false while not active (signed out)', async () => {
    renderWith(null, false);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByTestId('extras')).toHaveTextContent('waiting');
  });
});
