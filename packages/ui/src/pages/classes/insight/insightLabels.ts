import type { ClassInsight } from '@mentora/contract';
import { formatDate } from '../../../components/formatters';

// The words and sums of a class's insight, shared by its charts (a lazy chunk) and its tables.

/** A week by its Monday, read as a UTC day so no time zone moves it to Sunday. */
export const weekLabel = (monday: string) => formatDate(`${monday}T12:00:00.000Z`, { timeZone: 'UTC' });

export const STAR_LABELS = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

type Sentiment = ClassInsight['sentiment'];
const total = (s: Sentiment) => s.positive + s.negative + s.neutral;
/** A whole per cent of the class's discussion text; 0 when there is none. */
const percent = (n: number, s: Sentiment) => (total(s) === 0 ? 0 : Math.round((n / total(s)) * 100));

export const SENTIMENT_ROWS = [
  { key: 'positive', label: 'Positive', colour: 'var(--chart-3)' },
  { key: 'negative', label: 'Negative', colour: 'var(--chart-4)' },
  { key: 'neutral', label: 'Neutral', colour: 'var(--chart-5)' },
].map((row) => ({
  ...row,
  count: (s: Sentiment) => s[row.key as keyof Sentiment],
  share: (s: Sentiment) => percent(s[row.key as keyof Sentiment], s),
}));

export const sentimentTotal = total;
