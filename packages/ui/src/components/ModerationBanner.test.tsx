import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModerationBanner } from './ModerationBanner';

describe('ModerationBanner', () => {
  it('shows nothing for content that is not flagged', () => {
    const { container } = render(<ModerationBanner moderation={{ flagged: false, reason: 'ignored' }} />);
    expect(container).toBeEmptyDOMElement();
    render(<ModerationBanner moderation={undefined} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("shows 'Flagged Content' with the reason when there is one", () => {
    const { unmount } = render(
      <ModerationBanner moderation={{ flagged: true, reason: 'Contains insulting language (i***t)' }} />,
    );
    const banner = screen.getByRole('note', { name: 'Flagged Content' });
    expect(banner).toHaveTextContent('Flagged Content');
    expect(banner).toHaveTextContent('Contains insulting language (i***t)');
    unmount();
    render(<ModerationBanner moderation={{ flagged: true, reason: null }} />);
    expect(screen.getByRole('note', { name: 'Flagged Content' })).toHaveTextContent(/^Flagged Content$/);
  });
});
