import { lazy, Suspense, useId } from 'react';
import type { StatsPoint } from '@shared/contract/stats';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { Spinner } from '@/components/ui/spinner';
import { bucketLabel, type SeriesSpec } from '../utils/stats-format';

// The chart library loads with the first chart, never with the app.
const SeriesChart = lazy(() => import('./series-chart'));

/** A chart of the window's buckets with its table alternative (the same numbers, for screen readers and copying). */
export function ChartCard({
  title,
  icon,
  points,
  series,
  granularity,
}: {
  title: string;
  icon: React.ReactNode;
  points: StatsPoint[];
  series: SeriesSpec[];
  granularity: 'hour' | 'day';
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="stats__card">
      <CardHeader titleId={titleId} icon={icon} title={title} />
      {points.length === 0 ? (
        <p className="status-note">Nothing in this window.</p>
      ) : (
        <>
          <Suspense
            fallback={
              <p className="status-note" role="status">
                <Spinner size="sm" /> Loading the chart...
              </p>
            }
          >
            <SeriesChart points={points} series={series} granularity={granularity} label={`${title}: ${series.map((s) => s.name).join(', ')} over time`} />
          </Suspense>
          <details className="stats__table-toggle">
            <summary>Show as a table</summary>
            {/* biome-ignore lint/a11y/useSemanticElements: a scrolling box inside the card's section; a nested section would add a landmark the card already is. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways on its own: it takes the focus so the keyboard can scroll it. */}
            <div className="stats__table-wrap" role="region" aria-label={`${title} as a table`} tabIndex={0}>
              <table className="stats__table">
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{granularity === 'hour' ? 'Hour' : 'Day'}</th>
                    {series.map((s) => (
                      <th key={s.key} scope="col">
                        {s.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.at}>
                      <th scope="row">{bucketLabel(p.at, granularity)}</th>
                      {series.map((s) => (
                        <td key={s.key}>{s.format(p[s.key] as number | null)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </Card>
  );
}
