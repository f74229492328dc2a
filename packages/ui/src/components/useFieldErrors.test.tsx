import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFieldErrors } from './useFieldErrors';

type Errors = Partial<Record<'first' | 'second', string>>;

function Form({ problems }: { problems: Errors }) {
  const { form, errors, refuse, clear } = useFieldErrors<Errors>();
  return (
    <form ref={form} noValidate onSubmit={(event) => event.preventDefault()}>
      <input aria-label="First" aria-invalid={errors.first ? true : undefined} />
      <input aria-label="Second" aria-invalid={errors.second ? true : undefined} />
      <p>{errors.second ?? 'no problem'}</p>
      <button type="button" onClick={() => refuse(problems)}>
        Refuse
      </button>
      <button type="button" onClick={clear}>
        Clear
      </button>
    </form>
  );
}

describe('useFieldErrors', () => {
  it('shows the problems and focuses the first field they mark, again when they repeat', async () => {
    const user = userEvent.setup();
    render(<Form problems={{ second: 'Second is required' }} />);
    expect(screen.getByLabelText('Second')).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('Second is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Second')).toHaveFocus();
    // The same problems a second time: the focus goes back to the field all the same.
    await user.click(screen.getByLabelText('First'));
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByLabelText('Second')).toHaveFocus();
  });

  it('clears the problems without moving the focus', async () => {
    const user = userEvent.setup();
    render(<Form problems={{ second: 'Second is required' }} />);
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('no problem')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
  });
});
