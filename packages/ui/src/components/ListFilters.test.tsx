import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListFilters } from './ListFilters';

describe('ListFilters', () => {
  it('shows the search box with its filter, and passes on what is typed', async () => {
    const onChange = vi.fn();
    render(
      <ListFilters search={{ label: 'Search posts', value: '', onChange, busy: false }}>
        <button type="button">Only mine</button>
      </ListFilters>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'a');
    expect(onChange).toHaveBeenCalledWith('a');
    expect(screen.getByRole('button', { name: 'Only mine' })).toBeInTheDocument();
  });

  it('puts a narrow filter beside the search box on wide screens, a wide one under it', () => {
    const { container, rerender } = render(
      <ListFilters search={{ label: 'Search', value: '', onChange: () => {} }}>filter</ListFilters>,
    );
    expect(container.firstElementChild).toHaveClass('md:flex-row');
    rerender(
      <ListFilters stacked search={{ label: 'Search', value: '', onChange: () => {} }}>
        filter
      </ListFilters>,
    );
    expect(container.firstElementChild).not.toHaveClass('md:flex-row');
  });
});
