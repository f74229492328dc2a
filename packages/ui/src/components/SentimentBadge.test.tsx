import { render, screen } from '@testing-library/react';
import { Frown, Meh, Smile } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { SentimentBadge, sentimentView } from './SentimentBadge';

describe('sentimentView', () => {
  it('maps POSITIVE to a happy face, NEGATIVE to a sad face and anything else to neutral', () => {
    expect(sentimentView('POSITIVE')).toMatchObject({ tone: 'positive', icon: Smile, label: 'Sentiment: positive' });
    expect(sentimentView('NEGATIVE')).toMatchObject({ tone: 'negative', icon: Frown, label: 'Sentiment: negative' });
    for (const other of ['NEUTRAL', 'MIXED', '', null, undefined]) {
      expect(sentimentView(other)).toMatchObject({ tone: 'neutral', icon: Meh, label: 'Sentiment: neutral' });
    }
  });
});

describe('SentimentBadge', () => {
  it('shows its face and its word, and is named for screen readers', () => {
    render(
      <>
        <SentimentBadge sentiment={{ label: 'POSITIVE' }} />
        <SentimentBadge sentiment={{ label: 'NEGATIVE' }} />
        <SentimentBadge sentiment={undefined} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Sentiment: positive' })).toHaveTextContent('Positive');
    expect(screen.getByRole('img', { name: 'Sentiment: negative' })).toHaveTextContent('Negative');
    expect(screen.getByRole('img', { name: 'Sentiment: negative' })).toHaveAttribute('data-sentiment', 'negative');
    expect(screen.getByRole('img', { name: 'Sentiment: neutral' })).toHaveTextContent('Neutral');
    for (const badge of screen.getAllByRole('img')) expect(badge.querySelector('svg')).not.toBeNull();
  });
});
