import { MODERATION_STATS_DAYS, type ModerationStatsDay } from '@mentora/contract';
import { lazy, Suspense, useState } from 'react';
import { formatDecimal } from '../../../components/formatters';
import { card } from '../../../components/styles';
import { dayLabel } from './labels';
import { useModerationStats } from './queries';

// The chart library is big: its own chunk, fetched only when this tab opens (DESIGN.md: one chart
// library, loaded only by the screens that draw).
const StatsChart = lazy(async () => ({ default: (await import('./StatsChart')).StatsChart }));

function medianText(hours: number | null): string {
  if (hours === null) return 'No decisions yet';
  // The server gives one decimal: under an hour reads better in minutes than as "0.1 h".
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  return hours < 48 ? `${formatDecimal(hours, {}, 1)} h` : `${formatDecimal(hours / 24, {}, 1)} days`;
}

const sum = (days: ModerationStatsDay[], key: 'reports' | 'autoFlags' | 'decisions') =>
  days.reduce((n, day) => n + day[key], 0);

/**
 * The last 30 days: the totals and the median time to a decision, and, folded under them, reports and
 * automatic flags per day (the chart) with every figure in a table for screen readers and anyone who
 * prefers numbers.
 */
export function StatsSection() {
  const stats = useModerationStats();
  const days = stats.data?.days ?? [];
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="moderation-stats-heading" className={`${card} p-4 sm:p-5`}>
      <h3 id="moderation-stats-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        The last {MODERATION_STATS_DAYS} days
      </h3>
      {stats.isError ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300">The figures could not be loaded.</p>
      ) : !stats.data ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" role="status">
          Loading the figures...
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {[
              ['Reports', String(sum(days, 'reports'))],
              ['Automatic flags', String(sum(days, 'autoFlags'))],
              ['Decisions', String(sum(days, 'decisions'))],
              ['Median time to a decision', medianText(stats.data.medianDecisionHours)],
            ].map(([term, value]) => (
              <div key={term} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
                <dd className="text-lg font-semibold text-slate-900 dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
          {/* Folded: open, the chart alone would push the queue below the fold of a laptop's screen. */}
          <details className="mt-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
            <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-300">
              Day by day: the chart and its table
            </summary>
            {/* The chart is for the eyes (the table below says the same to a screen reader), drawn once opened. */}
            {open && (
              <div aria-hidden="true" className="mt-4 h-56 w-full">
                <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />}>
                  <StatsChart days={days} />
                </Suspense>
              </div>
            )}
            <div className="mt-2 max-h-72 overflow-auto">
              <table className="w-full text-left">
                <caption className="sr-only">Reports, automatic flags and decisions per day</caption>
                <thead className="text-xs text-slate-600 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Day
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Reports
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Automatic flags
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Decisions
                    </th>
                  </tr>
                </thead>
                <tbody className="text-slate-800 dark:text-slate-200">
                  {days.map((day) => (
                    <tr key={day.date} className="border-t border-slate-100 dark:border-slate-800">
                      <th scope="row" className="py-1 pr-3 font-normal">
                        {dayLabel(day.date)}
                      </th>
                      <td className="py-1 pr-3">{day.reports}</td>
                      <td className="py-1 pr-3">{day.autoFlags}</td>
                      <td className="py-1">{day.decisions}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
