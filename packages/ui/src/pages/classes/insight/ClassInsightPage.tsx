import { type ClassInsight, INSIGHT_WEEKS, MESSAGES } from '@mentora/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { errorMessage } from '../../../api/errors';
import { ErrorAlert } from '../../../components/Alert';
import { countLabel } from '../../../components/formatters';
import { card } from '../../../components/styles';
import { ClassSubpage, SubpageLoading } from '../ClassSubpage';
import { useClassInsight } from '../queries';
import { SENTIMENT_ROWS, STAR_LABELS, sentimentTotal, weekLabel } from './insightLabels';

// The chart library is big: its own chunk ('charts', shared with the Moderation tab), fetched only when
// this page draws (DESIGN.md: one chart library, loaded only by the screens that draw).
const charts = () => import('./InsightCharts');
const WeeklyChart = lazy(async () => ({ default: (await charts()).WeeklyChart }));
const RatingsChart = lazy(async () => ({ default: (await charts()).RatingsChart }));
const SentimentChart = lazy(async () => ({ default: (await charts()).SentimentChart }));

/**
 * A class's insight (issue #25), for its mentor and admins: enrolments and discussion activity per week,
 * its reviews' stars and the mood of its discussions. Every chart has its figures as a table, for screen
 * readers and anyone who prefers numbers.
 */
export function ClassInsightPage() {
  return (
    <ClassSubpage
      title="Insight"
      intro={(cls) => (
        <>
          How <strong className="font-semibold text-slate-800 dark:text-slate-200">{cls.title}</strong> is going.
        </>
      )}
      refusal={MESSAGES.server.insightMentorOrAdminOnly}
    >
      {(cls) => <Figures classId={cls._id} />}
    </ClassSubpage>
  );
}

function Figures({ classId }: { classId: string }) {
  const insight = useClassInsight(classId);
  if (insight.isPending) return <SubpageLoading />;
  if (insight.isError) {
    return (
      <div className="mt-6">
        <ErrorAlert>{errorMessage(insight.error, MESSAGES.insight.loadFailed)}</ErrorAlert>
      </div>
    );
  }
  const { weeks, ratings, sentiment } = insight.data;
  return (
    <div className="mt-6 space-y-6">
      <WeeklySection weeks={weeks} />
      <RatingsSection ratings={ratings} />
      <SentimentSection sentiment={sentiment} />
    </div>
  );
}

/** A card with a chart for the eyes and the same figures as a table (the Moderation tab's pattern). */
function ChartSection(props: {
  id: string;
  title: string;
  summary: ReactNode;
  height: string;
  chart: ReactNode;
  caption: string;
  head: string[];
  rows: (string | number)[][];
  /** Said in place of the chart and its table when there is nothing yet to draw. */
  empty: string | null;
}) {
  return (
    <section aria-labelledby={props.id} className={`${card} p-4 sm:p-5`}>
      <h2 id={props.id} className="text-base font-semibold text-slate-900 dark:text-white">
        {props.title}
      </h2>
      <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{props.summary}</div>
      {props.empty ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {props.empty}
        </p>
      ) : (
        <ChartAndTable {...props} />
      )}
    </section>
  );
}

function ChartAndTable(props: {
  height: string;
  chart: ReactNode;
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <>
      {/* The chart is for the eyes: the table below says the same to a screen reader. */}
      <div aria-hidden="true" className={`mt-4 w-full ${props.height}`}>
        <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />}>
          {props.chart}
        </Suspense>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-300">
          The figures as a table
        </summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{props.caption}</caption>
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr>
                {props.head.map((h) => (
                  <th key={h} scope="col" className="py-1 pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="text-slate-800 dark:text-slate-200">
              {props.rows.map(([first, ...rest]) => (
                <tr key={String(first)} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {first}
                  </th>
                  {rest.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                    <td key={i} className="py-1 pr-3 tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

function WeeklySection({ weeks }: { weeks: ClassInsight['weeks'] }) {
  const sum = (key: 'enrolments' | 'discussions' | 'replies') => weeks.reduce((n, w) => n + w[key], 0);
  return (
    <ChartSection
      id="insight-weekly-heading"
      title={`The last ${INSIGHT_WEEKS} weeks`}
      summary={`${countLabel(sum('enrolments'), 'enrolment', 'enrolments')}, ${countLabel(sum('discussions'), 'discussion', 'discussions')} and ${countLabel(sum('replies'), 'reply', 'replies')}. Weeks start on Monday; learners who left are not counted.`}
      height="h-64"
      chart={<WeeklyChart weeks={weeks} />}
      caption="Enrolments, discussions and replies per week"
      head={['Week of', 'Enrolments', 'Discussions', 'Replies']}
      rows={weeks.map((w) => [weekLabel(w.week), w.enrolments, w.discussions, w.replies])}
      empty={
        sum('enrolments') + sum('discussions') + sum('replies') === 0
          ? 'No enrolments, discussions or replies in these weeks yet.'
          : null
      }
    />
  );
}

function RatingsSection({ ratings }: { ratings: ClassInsight['ratings'] }) {
  const count = ratings.reduce((n, r) => n + r.count, 0);
  return (
    <ChartSection
      id="insight-ratings-heading"
      title="Ratings"
      summary={`${countLabel(count, 'review', 'reviews')}.`}
      height="h-52"
      chart={<RatingsChart ratings={ratings} />}
      caption="Reviews per number of stars"
      head={['Stars', 'Reviews']}
      rows={ratings.map((r) => [STAR_LABELS[r.stars - 1] ?? String(r.stars), r.count])}
      empty={count === 0 ? 'No reviews yet.' : null}
    />
  );
}

function SentimentSection({ sentiment }: { sentiment: ClassInsight['sentiment'] }) {
  const total = sentimentTotal(sentiment);
  return (
    <ChartSection
      id="insight-sentiment-heading"
      title="Sentiment of the discussions"
      summary={`${countLabel(total, 'discussion or reply', 'discussions and replies')} in this class. Community posts belong to no class, so they are not counted here.`}
      height="h-36"
      chart={<SentimentChart sentiment={sentiment} />}
      caption="Share of positive, negative and neutral discussions and replies"
      head={['Sentiment', 'Share', 'Count']}
      rows={SENTIMENT_ROWS.map((row) => [row.label, `${row.share(sentiment)}%`, row.count(sentiment)])}
      empty={total === 0 ? 'Nothing has been written in its discussions yet.' : null}
    />
  );
}
