// Minimal typings for the untyped analysers the benchmark compares against.

declare module 'vader-sentiment' {
  interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    compound: number;
  }
  const vader: { SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores } };
  export default vader;
}

declare module 'wink-sentiment' {
  interface WinkResult {
    score: number;
    normalizedScore: number;
  }
  export default function winkSentiment(text: string): WinkResult;
}

declare module 'sentiment' {
  interface AnalysisResult {
    score: number;
    comparative: number;
  }
  export default class Sentiment {
    analyze(text: string): AnalysisResult;
  }
}
