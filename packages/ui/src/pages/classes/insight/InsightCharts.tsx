import type { ClassInsight } from '@mentora/contract';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SENTIMENT_ROWS, STAR_LABELS, weekLabel } from './insightLabels';

// A class's insight drawn with Recharts, the app's one chart library, in the same 'charts' chunk as the
// Moderation tab's (apps/web/vite.config.ts): this module is only ever imported lazily. Colours are the
// theme's (styles.css --chart-*), so both themes read.

const tick = { fill: 'var(--chart-text)', fontSize: 12 };
const tooltip = {
  cursor: { fill: 'var(--chart-grid)', opacity: 0.5 },
  contentStyle: {
    background: 'var(--chart-tooltip-bg)',
    border: '1px solid var(--chart-tooltip-border)',
    borderRadius: 8,
    color: 'var(--chart-text)',
    fontSize: 12,
  },
};
const axis = { tick, tickLine: false, axisLine: { stroke: 'var(--chart-grid)' } };

/** Enrolments, discussions and replies per week, side by side. */
export function WeeklyChart({ weeks }: { weeks: ClassInsight['weeks'] }) {
  const data = weeks.map((w) => ({ ...w, label: weekLabel(w.week) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" {...axis} minTickGap={16} />
        <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
        <Tooltip {...tooltip} />
        {/* In the order drawn, not alphabetical. */}
        <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: 'var(--chart-text)' }} />
        <Bar
          dataKey="enrolments"
          name="Enrolments"
          fill="var(--chart-1)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Bar
          dataKey="discussions"
          name="Discussions"
          fill="var(--chart-2)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Bar dataKey="replies" name="Replies" fill="var(--chart-3)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** How many reviews gave each number of stars. */
export function RatingsChart({ ratings }: { ratings: ClassInsight['ratings'] }) {
  const data = ratings.map((r) => ({ ...r, label: STAR_LABELS[r.stars - 1] }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" {...axis} />
        <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
        <Tooltip {...tooltip} />
        <Bar dataKey="count" name="Reviews" fill="var(--chart-2)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The share of positive, negative and neutral discussion text, as horizontal bars in per cent. */
export function SentimentChart({ sentiment }: { sentiment: ClassInsight['sentiment'] }) {
  const data = SENTIMENT_ROWS.map((row) => ({ ...row, share: row.share(sentiment) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" {...axis} />
        <YAxis type="category" dataKey="label" width={72} tick={tick} tickLine={false} axisLine={false} />
        <Tooltip {...tooltip} formatter={(value) => `${value}%`} />
        <Bar dataKey="share" name="Share" radius={[0, 3, 3, 0]} isAnimationActive={false}>
          {data.map((row) => (
            <Cell key={row.key} fill={row.colour} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
