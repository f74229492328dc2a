import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Popover } from './Popover';

function renderPopover(labelledBy?: string) {
  return render(
    <MemoryRouter>
      <Popover
        label="Account"
        button={(open) => (open ? 'Close it' : 'Open it')}
        buttonClassName="button"
        className="relative"
        panelClassName="panel"
        labelledBy={labelledBy}
      >
        {(close) => (
          <>
            {labelledBy && <h2 id={labelledBy}>Inbox</h2>}
            <button type="button" onClick={close}>
              Done
            </button>
          </>
        )}
      </Popover>
    </MemoryRouter>,
  );
}

describe('Popover', () => {
  it('shows and hides its panel from its button, which says so and points at it', async () => {
    const user = userEvent.setup();
    renderPopover();
    const button = screen.getByRole('button', { name: 'Account' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('Open it');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveTextContent('Close it');
    expect(panel).toBeVisible();
    expect(panel).toHaveClass('panel');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(panel).not.toBeVisible();
  });

  it('is a section named by its heading when it has one', async () => {
    const user = userEvent.setup();
    renderPopover('inbox-heading');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('region', { name: 'Inbox' })).toBeVisible();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderPopover();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });
});
