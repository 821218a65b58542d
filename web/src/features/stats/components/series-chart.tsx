import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StatsPoint } from '@shared/contract/stats';
import { bucketLabel, type SeriesSpec } from '../utils/stats-format';

/** Series colours from the theme's tokens, so light and dark both hold. */
const COLOURS = ['var(--color-accent)', 'var(--color-success-text)', 'var(--color-danger-text)'];

/**
 * A line chart of some series over the buckets (recharts, loaded with this module only when a
 * chart is shown). It is a picture named by its label: the table beside it carries the same numbers.
 */
export default function SeriesChart({
  points,
  series,
  granularity,
  label,
}: {
  points: StatsPoint[];
  series: SeriesSpec[];
  granularity: 'hour' | 'day';
  label: string;
}) {
  const data = points.map((p) => ({ ...p, at: bucketLabel(p.at, granularity) }));
  const tick = { fill: 'var(--color-text-muted)', fontSize: 12 };
  return (
    <div className="stats-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
          <XAxis dataKey="at" tick={tick} stroke="var(--color-border-strong)" minTickGap={24} />
          <YAxis tick={tick} stroke="var(--color-border-strong)" width={56} allowDecimals={false} />
          <Tooltip
            contentStyle={{ background: 'var(--color-surface-raised)', border: '1px solid var(--color-border)', color: 'var(--color-text)' }}
            formatter={(value, name) => [series.find((s) => s.name === name)?.format(Number(value)) ?? String(value), name]}
          />
          <Legend wrapperStyle={{ color: 'var(--color-text)' }} />
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={COLOURS[i % COLOURS.length]}
              strokeWidth={2}
              dot={data.length < 2}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
