import { Activity, Coins, TrendingUp, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useOverview } from '../api/get-overview';
import { COST_SERIES, count, dollars, RANGES, USE_SERIES } from '../utils/stats-format';
import { ChartCard } from './chart-card';
import { QueryState } from './query-state';
import { TopPromptsTable } from './top-prompts-table';
import { TotalsList } from './totals-list';
import { WindowSelect } from './window-select';
import './stats.css';

/**
 * The workspace overview (docs/product.md, Compare and scoreboard): what Construct counted for
 * every prompt of the workspace over a window — totals, use and tokens over time, and the prompts
 * with the most uses, errors and estimated cost — from whole hours once they are rolled up.
 */
export function OverviewPage() {
  const [rangeKey, setRangeKey] = useState(RANGES[1]!.key);
  const range = RANGES.find((r) => r.key === rangeKey) ?? RANGES[1]!;
  const overview = useOverview(range);
  const data = overview.data;
  return (
    <div className="stats">
      <WindowSelect value={rangeKey} onChange={setRangeKey} />
      <p className="status-note">Counted by the whole hour: the current hour shows a few minutes after it ends.</p>
      <QueryState query={overview} />
      {data ? (
        <>
          <TotalsList
            items={[
              ['Prompts used', count(data.totals.prompts)],
              ['Uses', count(data.totals.uses)],
              ['Compiles', count(data.totals.compiles)],
              ['Runs', count(data.totals.runs)],
              ['Errors', count(data.totals.errors)],
              ['Tokens', `${count(data.totals.tokens_in)} in, ${count(data.totals.tokens_out)} out`],
              ['Estimated cost', dollars(data.totals.cost_usd)],
            ]}
          />
          <ChartCard title="Use" icon={<Activity />} points={data.series} series={USE_SERIES} granularity={data.granularity} />
          <ChartCard title="Tokens" icon={<Coins />} points={data.series} series={COST_SERIES} granularity={data.granularity} />
          <TopPromptsTable title="Most used" subtitle="Compiles and runs, each counted once." icon={<TrendingUp />} prompts={data.top.use} />
          <TopPromptsTable title="Most errors" subtitle="Compiles refused and runs that failed." icon={<TriangleAlert />} prompts={data.top.errors} />
          <TopPromptsTable title="Highest estimated cost" subtitle="From the tokens and the dated price table." icon={<Coins />} prompts={data.top.cost} />
        </>
      ) : null}
    </div>
  );
}
