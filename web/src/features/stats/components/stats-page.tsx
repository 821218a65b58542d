import { Activity, Coins, KeyRound, Timer } from 'lucide-react';
import { useId, useState } from 'react';
import type { Prompt } from '@shared/contract/prompts';
import { ModelRatings } from '@/components/model-ratings';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { useStats } from '../api/get-stats';
import { COST_SERIES, compilesOf, count, dollars, estimatedNote, LATENCY_SERIES, ms, percent, RANGES, USE_SERIES } from '../utils/stats-format';
import { ChartCard } from './chart-card';
import { QueryState } from './query-state';
import { TotalsList } from './totals-list';
import { VersionsTable } from './versions-table';
import { WindowSelect } from './window-select';
import './stats.css';

/**
 * A prompt's Stats (docs/product.md, Compare and scoreboard): what Construct counted itself over a
 * window — compiles by channel, runs, tokens, latency, cost, thumbs, blind-vote win rate and the
 * latest evaluation's pass rate, per version — charts with a table each, and the API keys still
 * fetching a version older than production's.
 */
export function StatsPage({ prompt }: { prompt: Prompt }) {
  const [rangeKey, setRangeKey] = useState(RANGES[1]!.key);
  const range = RANGES.find((r) => r.key === rangeKey) ?? RANGES[1]!;
  const stats = useStats(prompt.id, range);
  const staleId = useId();
  const data = stats.data;
  return (
    <div className="stats">
      <WindowSelect value={rangeKey} onChange={setRangeKey} />
      <QueryState query={stats} />
      {data ? (
        <>
          <TotalsList
            items={[
              ['Compiles', count(compilesOf(data.totals))],
              ['Runs', count(data.totals.runs)],
              ['Errors', count(data.totals.errors)],
              ['Tokens', `${count(data.totals.tokens_in)} in, ${count(data.totals.tokens_out)} out${estimatedNote(data.totals.tokens_estimated)}`],
              ['Latency p50 / p95', `${ms(data.totals.latency_ms.p50)} / ${ms(data.totals.latency_ms.p95)}`],
              ['Estimated cost', dollars(data.totals.cost_usd)],
              ['Thumbs', `${count(data.totals.thumbs.up)} up, ${count(data.totals.thumbs.down)} down`],
              ['Win rate', percent(data.totals.win_rate)],
            ]}
          />
          <ChartCard title="Use" icon={<Activity />} points={data.series} series={USE_SERIES} granularity={data.granularity} />
          <ChartCard title="Latency" icon={<Timer />} points={data.series} series={LATENCY_SERIES} granularity={data.granularity} />
          <ChartCard title="Tokens" icon={<Coins />} points={data.series} series={COST_SERIES} granularity={data.granularity} />
          <VersionsTable stats={data} />
          <ModelRatings promptId={prompt.id} />
          <Card aria-labelledby={staleId} className="stats__card">
            <CardHeader
              titleId={staleId}
              icon={<KeyRound />}
              title="Stale clients"
              subtitle={
                data.production_version === null
                  ? 'No version is labelled production.'
                  : `API keys whose last fetch in the window was older than production (v${data.production_version}).`
              }
            />
            {data.stale_clients.length === 0 ? (
              <p className="status-note">None.</p>
            ) : (
              <ul className="stats__stale" aria-label="Stale clients">
                {data.stale_clients.map((c) => (
                  <li key={c.api_key_id}>{`Key ${c.api_key_id}: v${c.version}, last fetched ${new Date(c.last_fetch_at).toLocaleString()}`}</li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}
    </div>
  );
}
