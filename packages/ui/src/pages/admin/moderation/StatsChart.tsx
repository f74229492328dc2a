import type { ModerationStatsDay } from '@mentora/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayLabel } from './labels';

const tick = { fill: 'var(--chart-text)', fontSize: 12 };

/**
 * Reports and automatic flags per day as stacked bars, decisions as a line: Recharts, the app's one
 * chart library (docs/dependencies.md), in its own chunk. Colours are the theme's (styles.css --chart-*).
 */
export function StatsChart({ days }: { days: ModerationStatsDay[] }) {
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis
          dataKey="label"
          tick={tick}
          tickLine={false}
          axisLine={{ stroke: 'var(--chart-grid)' }}
          minTickGap={24}
        />
        <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: 'var(--chart-grid)', opacity: 0.5 }}
          contentStyle={{
            background: 'var(--chart-tooltip-bg)',
            border: '1px solid var(--chart-tooltip-border)',
            borderRadius: 8,
            color: 'var(--chart-text)',
            fontSize: 12,
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: 'var(--chart-text)' }} />
        <Bar dataKey="reports" name="Reports" stackId="in" fill="var(--chart-1)" />
        <Bar dataKey="autoFlags" name="Automatic flags" stackId="in" fill="var(--chart-2)" radius={[3, 3, 0, 0]} />
        <Line
          dataKey="decisions"
          name="Decisions"
          type="monotone"
          stroke="var(--chart-3)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
