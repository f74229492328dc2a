import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithAuth } from '../test/renderWithAuth';
import { SilenceGate } from './SilenceGate';

const form = (
  <SilenceGate>
    <form aria-label="Write">
      <textarea aria-label="Content" />
      <button type="submit">Publish</button>
    </form>
  </SilenceGate>
);

describe('SilenceGate', () => {
  it('says until when and why above a form a silenced person cannot use, and disables it', () => {
    const endsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    renderWithAuth(form, { path: '/x', silence: { reason: 'Insults in replies', endsAt } });
    expect(screen.getByTestId('silence-notice')).toHaveTextContent(
      /^Your account is silenced until .+: Insults in replies\. You can read, but not publish, until then\.$/,
    );
    const write = screen.getByRole('form', { name: 'Write' });
    expect(within(write).getByRole('textbox', { name: 'Content' })).toBeDisabled();
    expect(within(write).getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('leaves the form alone for everyone else', () => {
    renderWithAuth(form, { path: '/x' });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.queryByTestId('silence-notice')).toBeNull();
  });

  it('leaves the form alone once the silence has ended', () => {
    const endsAt = new Date(Date.now() - 1000).toISOString();
    renderWithAuth(form, { path: '/x', silence: { reason: 'Over', endsAt } });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(screen.queryByTestId('silence-notice')).toBeNull();
  });
});
