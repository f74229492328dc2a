import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMarkPageBusy } from '../components/pageBusy';
import { useAfterPageLoad } from './useAfterPageLoad';

function Extras({ active = true }: { active?: boolean }) {
  return <p data-testid="extras">{useAfterPageLoad(active) ? 'loaded' : 'waiting'}</p>;
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

  it('stays false while not active (signed out)', async () => {
    renderWith(null, false);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByTestId('extras')).toHaveTextContent('waiting');
  });
});
