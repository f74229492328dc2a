import { RATING } from '@mentora/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRatingDisplay, StarRatingInput } from './StarRating';

function Picker() {
  const [value, setValue] = useState<number>(RATING.default);
  return (
    <>
      <button type="button">Before</button>
      <StarRatingInput label="Your rating" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('StarRatingDisplay', () => {
  it('reads out the average and fills stars by rounding', () => {
    render(<StarRatingDisplay value={3.6} count={5} />);
    const stars = screen.getByRole('img', { name: 'Rated 3.6 out of 5' });
    expect(stars).toHaveAttribute('data-filled', '4');
  });

  it("says 'No ratings yet' with no reviews", () => {
    render(<StarRatingDisplay value={0} count={0} />);
    expect(screen.getByRole('img', { name: 'No ratings yet' })).toHaveAttribute('data-filled', '0');
  });
});

describe('StarRatingInput', () => {
  it('is a group of five labelled radios, 5 stars by default', () => {
    render(<Picker />);
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1 star' })).not.toBeChecked();
  });

  it('is operated with the keyboard: Tab in, arrows to choose', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '5 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('2');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value')).toHaveTextContent('3');
  });

  it('is chosen with a click on a star', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(screen.getByText('1 star'));
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('1');
  });
});
