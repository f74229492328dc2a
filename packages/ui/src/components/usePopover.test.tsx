import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePopover } from './usePopover';

function Menu() {
  const { open, setOpen, container, button } = usePopover();
  const navigate = useNavigate();
  return (
    <div>
      <div ref={container}>
        <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          Menu
        </button>
        {open && (
          <div role="menu">
            <button type="button" onClick={() => navigate('/elsewhere')}>
              Go elsewhere
            </button>
            <p>Inside</p>
          </div>
        )}
      </div>
      <p>Outside</p>
    </div>
  );
}

const renderMenu = () =>
  render(
    <MemoryRouter>
      <Menu />
    </MemoryRouter>,
  );

describe('usePopover', () => {
  it('stays open for a press inside it and closes for a press outside', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Inside'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    screen.getByRole('button', { name: 'Go elsewhere' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('closes when the page changes', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('toggles with its button', async () => {
    const user = userEvent.setup();
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
