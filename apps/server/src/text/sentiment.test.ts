import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseSentiment, NEUTRAL_BAND, sentimentFromScore, sentimentScore } from './sentiment.js';

const label = (text: string) => analyseSentiment(text).label;

describe('analyseSentiment: lexicon', () => {
  it('labels plainly positive, negative and factual text', () => {
    expect(label('The workshop was wonderful.')).toBe('POSITIVE');
    expect(label('The workshop was dreadful.')).toBe('NEGATIVE');
    expect(analyseSentiment('The homework is due on Monday.')).toEqual({ label: 'NEUTRAL', polarity: 0 });
  });

  it('scores inflected and derived forms of lexicon words', () => {
    expect(label('The tutor explains things helpfully.')).toBe('POSITIVE');
    expect(label('An uninspiring set of slides.')).toBe('NEGATIVE');
    expect(label('The prank was harmless.')).toBe('POSITIVE');
  });

  it('reads stretched words ("sooo goood")', () => {
    expect(label('sooo goood')).toBe('POSITIVE');
  });

  it('is deterministic', () => {
    const text = 'Not the clearest notes, but the examples were really good!';
    expect(analyseSentiment(text)).toEqual(analyseSentiment(text));
  });
});

describe('analyseSentiment: negation', () => {
  it('flips a sentiment word after a negator', () => {
    expect(label('The mentor was not helpful.')).toBe('NEGATIVE');
    expect(label("The mentor wasn't helpful.")).toBe('NEGATIVE');
    expect(label('The forum answers were never helpful.')).toBe('NEGATIVE');
    expect(label("The quiz isn't bad at all.")).toBe('POSITIVE');
  });

  it('reaches a few words ahead', () => {
    expect(label("It doesn't feel very helpful.")).toBe('NEGATIVE');
    expect(label('This is not a good fit for beginners.')).toBe('NEGATIVE');
  });

  it('carries through neg-raising verbs ("don\'t think it is")', () => {
    expect(label("I don't think the pacing is good.")).toBe('NEGATIVE');
  });

  it('treats a negated negative as only mildly positive', () => {
    expect(sentimentScore('The quiz is not bad.')).toBeLessThan(-sentimentScore('The quiz is not good.'));
  });

  it('stops at punctuation', () => {
    expect(label("No, it's helpful.")).toBe('POSITIVE');
  });

  it('does not negate in "not only … but also"', () => {
    expect(label('The course is not only useful but also fun.')).toBe('POSITIVE');
  });
});

describe('analyseSentiment: intensity', () => {
  it('strengthens with intensifiers and weakens with diminishers', () => {
    const plain = sentimentScore('The examples were helpful.');
    expect(sentimentScore('The examples were very helpful.')).toBeGreaterThan(plain);
    expect(sentimentScore('The examples were extremely helpful.')).toBeGreaterThan(
      sentimentScore('The examples were very helpful.'),
    );
    expect(sentimentScore('The examples were slightly helpful.')).toBeLessThan(plain);
    expect(sentimentScore('The examples were slightly helpful.')).toBeGreaterThan(0);
    expect(sentimentScore('The layout is a bit confusing.')).toBeGreaterThan(
      sentimentScore('The layout is confusing.'),
    );
  });

  it('gives exclamation marks and capitals extra weight', () => {
    const plain = sentimentScore('The workshop was great.');
    expect(sentimentScore('The workshop was great!!!')).toBeGreaterThan(plain);
    expect(sentimentScore('The workshop was GREAT.')).toBeGreaterThan(plain);
  });

  it('reads "too" + a quality as a complaint', () => {
    expect(label('The lectures are too long.')).toBe('NEGATIVE');
    expect(label('I enjoyed it too.')).toBe('POSITIVE');
  });
});

describe('analyseSentiment: clauses', () => {
  it('weighs the clause after "but" more', () => {
    expect(label('The videos were excellent but the exercises were dull.')).toBe('NEGATIVE');
    expect(label('The exercises were dull but the videos were excellent.')).toBe('POSITIVE');
  });

  it('lets "however" outweigh the previous sentence', () => {
    expect(label('The reading list is excellent. However, the lectures are dull.')).toBe('NEGATIVE');
  });

  it('backgrounds an "although" clause', () => {
    expect(label('Although the venue was lovely, the teaching was poor.')).toBe('NEGATIVE');
    expect(label('The teaching was good, although the venue was ugly.')).toBe('POSITIVE');
  });

  it('reads counterfactuals as the opposite ("should have been better")', () => {
    expect(label('The course should have been better.')).toBe('NEGATIVE');
  });

  it('scores the verb "like" but not the preposition', () => {
    expect(label('I like the new editor.')).toBe('POSITIVE');
    expect(label('The new editor looks like a terminal.')).toBe('NEUTRAL');
  });
});

describe('analyseSentiment: emoji, emoticons and ratings', () => {
  it('scores emoji', () => {
    expect(label('The deadline is Friday 😀')).toBe('POSITIVE');
    expect(label('The deadline is Friday 😡')).toBe('NEGATIVE');
    expect(label('The deadline is Friday 👍🏽')).toBe('POSITIVE');
  });

  it('scores emoticons, with or without a nose', () => {
    expect(label('The deadline is Friday :)')).toBe('POSITIVE');
    expect(label('The deadline is Friday :-(')).toBe('NEGATIVE');
    expect(label("The deadline is Friday :'(")).toBe('NEGATIVE');
    expect(label('The deadline is Friday <3')).toBe('POSITIVE');
  });

  it('does not see emoticons in URLs or times', () => {
    expect(label('Slides at http://example.com/notes at 10:30')).toBe('NEUTRAL');
  });

  it('reads ratings', () => {
    expect(label('I would rate it 9/10')).toBe('POSITIVE');
    expect(label('I would rate it 2/10')).toBe('NEGATIVE');
    expect(label('Five stars.')).toBe('POSITIVE');
  });
});

describe('sentimentFromScore: neutral band and bounds', () => {
  it('reports small scores as NEUTRAL', () => {
    expect(sentimentFromScore(0.1).label).toBe('NEUTRAL');
    expect(Math.abs(sentimentFromScore(0.1).polarity)).toBeLessThan(NEUTRAL_BAND);
    expect(sentimentFromScore(-0.1).label).toBe('NEUTRAL');
    expect(sentimentFromScore(1).label).toBe('POSITIVE');
    expect(sentimentFromScore(-1).label).toBe('NEGATIVE');
  });

  it('keeps polarity in [-1, 1] for any score', () => {
    for (const raw of [0, 1e-9, 3, -3, 1e6, -1e6, 1e300, Number.POSITIVE_INFINITY, Number.NaN]) {
      const { polarity } = sentimentFromScore(raw);
      expect(polarity).toBeGreaterThanOrEqual(-1);
      expect(polarity).toBeLessThanOrEqual(1);
    }
  });
});

describe('analyseSentiment: large and arbitrary input', () => {
  // How fast it is on such texts is measured by bench/sentiment, not asserted here (shared, noisy machines).
  it('stays in [-1, 1] for 20,000-character texts', () => {
    const inputs = [
      'Brilliant, inspiring class!!! 😀 '.repeat(700).slice(0, 20_000),
      'Awful, USELESS, boring lecture :( '.repeat(700).slice(0, 20_000),
      'a'.repeat(20_000),
      '!?.,:;-'.repeat(3000).slice(0, 20_000),
      'not very '.repeat(2500).slice(0, 20_000),
    ];
    const results = inputs.map(analyseSentiment);
    for (const { polarity } of results) {
      expect(Number.isFinite(polarity)).toBe(true);
      expect(Math.abs(polarity)).toBeLessThanOrEqual(1);
    }
    expect(results[0]?.label).toBe('POSITIVE');
    expect(results[1]?.label).toBe('NEGATIVE');
  });

  it('labels agree with polarity for arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'grapheme' }), (text) => {
        const { label, polarity } = analyseSentiment(text);
        expect(polarity).toBeGreaterThanOrEqual(-1);
        expect(polarity).toBeLessThanOrEqual(1);
        if (label === 'POSITIVE') expect(polarity).toBeGreaterThanOrEqual(NEUTRAL_BAND);
        if (label === 'NEGATIVE') expect(polarity).toBeLessThanOrEqual(-NEUTRAL_BAND);
        if (label === 'NEUTRAL') expect(Math.abs(polarity)).toBeLessThan(NEUTRAL_BAND);
      }),
    );
  });
});
