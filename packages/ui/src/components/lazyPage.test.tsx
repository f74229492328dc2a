import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';
import { preloadable } from './preloadable';

function HelloPage() {
  return <h1>Hello</h1>;
}

const load = () => preloadable(async () => ({ HelloPage }));

describe('lazyPage', () => {
  it('shows the fallback while the page’s code downloads', async () => {
    const Page = lazyPage(load(), 'HelloPage');
    render(<Page />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
  });

  it('renders a page whose code has already arrived at once, without the fallback', async () => {
    const loader = load();
    await loader();
    const Page = lazyPage(loader, 'HelloPage');
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
